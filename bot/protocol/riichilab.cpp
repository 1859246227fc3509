#include "bot/protocol/riichilab.hpp"

#include <algorithm>
#include <cctype>
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

// A kakan written with the added tile alone in `consumed` (the documentation's shape): the
// added tile names it.
bool short_kakan(const json& member) {
  return member.value("type", "") == "kakan" && member.contains("consumed") && member.at("consumed").is_array() &&
         member.at("consumed").size() < 3;
}

// Whether a member is our move: every field it has that names the move agrees with ours. A
// minimal member ({"type":"hora"}) names only its type.
bool member_is(const json& member, const json& ours) {
  if (!member.is_object()) return false;
  for (const char* key : {"type", "pai", "consumed", "target"}) {
    if (!member.contains(key)) continue;
    if (std::string_view(key) == "consumed" && short_kakan(member)) continue;
    if (!ours.contains(key) || !field_agrees(key, member.at(key), ours.at(key))) return false;
  }
  return member.contains("type");
}

std::optional<std::int64_t> integer_field(const json& message, const char* key) {
  if (!message.contains(key) || !message.at(key).is_number()) return std::nullopt;
  return static_cast<std::int64_t>(std::clamp(message.at(key).get<double>(), -9e15, 9e15));
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
  if (message.is_object() && !message.contains("type") && message.contains("error")) return MessageKind::host_error;
  if (!message.is_object() || !message.contains("type") || !message.at("type").is_string()) {
    throw std::invalid_argument("a frame must be a JSON object with a string \"type\"");
  }
  const std::string type = message.at("type").get<std::string>();
  if (type == "request_action") return MessageKind::request_action;
  if (type == "action_ack") return MessageKind::action_ack;
  if (type == "validation_result") return MessageKind::validation_result;
  return MessageKind::event;
}

std::string host_error_text(const json& message) {
  const json& error = message.at("error");
  return error.is_string() ? error.get<std::string>() : error.dump();
}

bool says_still_in_game(std::string_view error) {
  std::string lower(error);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower.find("already") != std::string::npos &&
         (lower.find("game") != std::string::npos || lower.find("connected") != std::string::npos);
}

json table_shape(const json& event, const Table& table) {
  if (!event.is_object()) return event;
  const std::string type = event.value("type", "");
  if ((type == "start_kyoku" || type == "dora") && event.contains("dora_marker") && event.at("dora_marker").is_array()) {
    json shaped = event;
    const json markers = event.at("dora_marker");
    if (markers.empty()) throw std::invalid_argument("dora_marker is an empty array");
    shaped["dora_marker"] = markers.front();
    return shaped;
  }
  if (type != "kakan" || !short_kakan(event)) return event;
  const std::optional<Tile> added = tile_of(event.value("pai", json()));
  const int actor = event.value("actor", -1);
  if (!added || actor < 0 || actor > 3) throw std::invalid_argument("a kakan without a tile or an actor");
  for (const Meld& meld : table.player(actor).melds) {
    if (meld.type != MeldType::pon || meld.kind() != added->kind()) continue;
    json shaped = event;
    shaped["consumed"] = json::array();
    for (const Tile tile : meld.all_tiles()) shaped["consumed"].push_back(tile.to_string());
    return shaped;
  }
  throw std::invalid_argument("a kakan of " + added->to_string() + " by seat " + std::to_string(actor) +
                              ", who has no pon of it");
}

bool is_east_only_url(std::string_view url) {
  const std::size_t at = url.find("/ws/validate");
  if (at == std::string_view::npos) return false;
  const std::size_t after = at + std::string_view("/ws/validate").size();
  return after == url.size() || url[after] == '?' || url[after] == '/';
}

bool is_three_player(const json& event) {
  if (!event.is_object()) return false;
  for (const char* key : {"names", "tehais", "scores"}) {
    if (event.contains(key) && event.at(key).is_array() && event.at(key).size() == 3) return true;
  }
  return false;
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
  if (time.is_object()) request.time.deadline_ms = integer_field(time, "deadline_ms");
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
  ack.elapsed_ms = integer_field(message, "elapsed_ms");
  ack.bank_ms = integer_field(message, "bank_ms");
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

std::optional<std::size_t> fallback_member(const json& possible_actions, std::optional<Tile> drawn) {
  if (!possible_actions.is_array() || possible_actions.empty()) return std::nullopt;
  for (std::size_t i = 0; i < possible_actions.size(); ++i) {
    if (member_of_type(possible_actions[i], "none")) return i;
  }
  // The drawn tile's discard; of two such members, the one that does not say it is from the hand.
  std::optional<std::size_t> drawn_discard;
  for (std::size_t i = 0; drawn && i < possible_actions.size(); ++i) {
    const json& member = possible_actions[i];
    if (!member_of_type(member, "dahai") || tile_of(member.value("pai", json())) != drawn) continue;
    if (member.value("tsumogiri", true)) return i;
    if (!drawn_discard) drawn_discard = i;
  }
  return drawn_discard.value_or(0);
}

std::string reply_text(const json& member, std::optional<std::int64_t> request_id, int seat) {
  json reply = member.is_object() ? member : json{{"type", "none"}};
  if (request_id) reply["request_id"] = *request_id;
  reply["actor"] = seat;
  return reply.dump(-1, ' ', false, json::error_handler_t::replace);
}

DecisionTimes decision_times(const TimeLimits& time, std::chrono::milliseconds round_trip, std::int64_t now_unix_ms) {
  using std::chrono::milliseconds;
  const milliseconds margin = std::max(round_trip, milliseconds(0)) + kReplyMargin;
  DecisionTimes times;
  times.ordinary = std::max(milliseconds(time.grace_ms) - margin, milliseconds(0));
  times.cutoff = times.ordinary + milliseconds(time.bank_ms / 4);
  if (time.deadline_ms) {
    const std::int64_t left = *time.deadline_ms >= kRelativeDeadline ? *time.deadline_ms - now_unix_ms : *time.deadline_ms;
    const milliseconds until_deadline = std::max(milliseconds(left) - margin, milliseconds(0));
    times.cutoff = std::min(times.cutoff, until_deadline);
    times.ordinary = std::min(times.ordinary, times.cutoff);
  }
  return times;
}

int strategy_budget_ms(std::chrono::milliseconds ordinary, int configured_ms) {
  const auto half = static_cast<int>(ordinary.count() / 2);
  return std::clamp(half, 1, std::max(1, configured_ms));
}

}  // namespace tenbin::riichilab
