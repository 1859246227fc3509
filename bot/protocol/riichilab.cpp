#include "bot/protocol/riichilab.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "engine/mjai.hpp"

namespace tenbin::riichilab {
namespace {

using nlohmann::json;

std::optional<Tile> tile_of(const json& value) {
  if (!value.is_string()) return std::nullopt;
  try {
    return parse_tile(value.get<std::string>());
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<std::vector<Tile>> sorted_tiles(const json& value) {
  if (!value.is_array()) return std::nullopt;
  std::vector<Tile> tiles;
  for (const json& item : value) {
    const std::optional<Tile> tile = tile_of(item);
    if (!tile) return std::nullopt;
    tiles.push_back(*tile);
  }
  std::sort(tiles.begin(), tiles.end(), [](Tile a, Tile b) { return a.to_string() < b.to_string(); });
  return tiles;
}

// One field of a member against the same field of our move: tiles as tiles, consumed as a
// multiset, anything else as JSON.
bool field_agrees(const std::string& key, const json& offered, const json& ours) {
  if (key == "pai") return tile_of(offered).has_value() && tile_of(offered) == tile_of(ours);
  if (key == "consumed") return sorted_tiles(offered).has_value() && sorted_tiles(offered) == sorted_tiles(ours);
  return offered == ours;
}

// Whether a member is our move: every field it has that names the move agrees with ours. A
// minimal member ({"type":"hora"}) names only its type.
bool member_is(const json& member, const json& ours) {
  if (!member.is_object()) return false;
  for (const char* key : {"type", "pai", "consumed", "target"}) {
    if (!member.contains(key)) continue;
    if (!ours.contains(key) || !field_agrees(key, member.at(key), ours.at(key))) return false;
  }
  return member.contains("type");
}

bool member_of_type(const json& member, std::string_view type) {
  return member.is_object() && member.contains("type") && member.at("type") == type;
}

// A duration in ms, within a day (a number out of range must not overflow an int).
int time_field(const json& time, const char* key, int fallback) {
  if (!time.is_object() || !time.contains(key) || !time.at(key).is_number()) return fallback;
  constexpr double kDayMs = 86'400'000;
  return static_cast<int>(std::clamp(time.at(key).get<double>(), 0.0, kDayMs));
}

}  // namespace

MessageKind classify(const json& message) {
  if (!message.is_object() || !message.contains("type") || !message.at("type").is_string()) {
    throw std::invalid_argument("a frame must be a JSON object with a string \"type\"");
  }
  const std::string type = message.at("type").get<std::string>();
  if (type == "request_action") return MessageKind::request_action;
  if (type == "action_ack") return MessageKind::action_ack;
  if (type == "validation_result") return MessageKind::validation_result;
  return MessageKind::event;
}

ActionRequest read_request(const json& message) {
  ActionRequest request;
  if (message.contains("request_id") && message.at("request_id").is_number_integer()) {
    request.request_id = message.at("request_id").get<std::int64_t>();
  }
  if (message.contains("possible_actions") && message.at("possible_actions").is_array()) {
    request.possible_actions = message.at("possible_actions");
  }
  const json time = message.value("time", json::object());
  request.time.grace_ms = time_field(time, "grace_ms", request.time.grace_ms);
  request.time.bank_ms = time_field(time, "bank_ms", request.time.bank_ms);
  return request;
}

ActionAck read_ack(const json& message) {
  ActionAck ack;
  if (message.contains("request_id") && message.at("request_id").is_number_integer()) {
    ack.request_id = message.at("request_id").get<std::int64_t>();
  }
  ack.status_name = message.contains("status") && message.at("status").is_string()
                        ? message.at("status").get<std::string>()
                        : "";
  if (message.contains("reason") && message.at("reason").is_string()) ack.reason = message.at("reason").get<std::string>();
  if (ack.status_name == "accepted") ack.status = AckStatus::accepted;
  else if (ack.status_name == "rejected") ack.status = AckStatus::rejected;
  else if (ack.status_name == "unparseable") ack.status = AckStatus::unparseable;
  else if (ack.status_name == "stale") ack.status = AckStatus::stale;
  else if (ack.status_name == "defaulted") ack.status = AckStatus::defaulted;
  return ack;
}

std::optional<std::size_t> find_offered(const json& possible_actions, const Action& chosen, int seat) {
  if (!possible_actions.is_array()) return std::nullopt;
  const json ours = event_to_json(chosen.to_event(seat));
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < possible_actions.size(); ++i) {
    const json& member = possible_actions[i];
    if (!member_is(member, ours)) continue;
    // With the drawn tile and a copy in hand both on offer, the member with our flag.
    const bool flag_agrees = !member.contains("tsumogiri") || !ours.contains("tsumogiri") ||
                             member.at("tsumogiri") == ours.at("tsumogiri");
    if (flag_agrees) return i;
    if (!found) found = i;
  }
  return found;
}

std::optional<std::size_t> fallback_member(const json& possible_actions) {
  if (!possible_actions.is_array() || possible_actions.empty()) return std::nullopt;
  for (std::size_t i = 0; i < possible_actions.size(); ++i) {
    if (member_of_type(possible_actions[i], "none")) return i;
  }
  for (std::size_t i = 0; i < possible_actions.size(); ++i) {
    const json& member = possible_actions[i];
    if (member_of_type(member, "dahai") && member.contains("tsumogiri") && member.at("tsumogiri") == true) return i;
  }
  return std::size_t{0};
}

std::string reply_text(const json& member, std::optional<std::int64_t> request_id, int seat) {
  json reply = member.is_object() ? member : json{{"type", "none"}};
  if (request_id) reply["request_id"] = *request_id;
  reply["actor"] = seat;
  return reply.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::chrono::milliseconds thinking_time(const TimeLimits& time) {
  return std::chrono::milliseconds(time.grace_ms / 2 + time.bank_ms / 8);
}

int strategy_budget_ms(std::chrono::milliseconds thinking, int configured_ms) {
  const auto half = static_cast<int>(thinking.count() / 2);
  return std::clamp(half, 1, std::max(1, configured_ms));
}

}  // namespace tenbin::riichilab
