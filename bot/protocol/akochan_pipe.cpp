#include "bot/protocol/akochan_pipe.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

namespace tenbin {
namespace {

using nlohmann::json;

// The events akochan answers when it may act; the echo of its own call or riichi is not one.
bool answered(const Event& event, int seat) {
  if (!event.can_act) return false;
  if (event.type == EventType::tsumo) return event.actor == seat;
  return (event.type == EventType::dahai || event.type == EventType::kakan) && event.actor != seat;
}

// A riichi, chi or pon is followed by our discard, sent with it.
bool followed_by_discard(EventType type) {
  return type == EventType::reach || type == EventType::chi || type == EventType::pon;
}

std::string reply_array(MjaiBot& bot, const Action& first) {
  const int seat = bot.table().seat();
  json reply = json::array({event_to_json(first.to_event(seat))});
  if (followed_by_discard(first.type)) {
    if (const std::optional<Action> second = bot.decide_after(first)) reply.push_back(event_to_json(second->to_event(seat)));
  }
  return reply.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

std::vector<std::string> akochan_pipe_line(MjaiBot& bot, std::string_view line) {
  if (line.find_first_not_of(" \t\r\n") == std::string_view::npos) return {};
  Event event;
  try {
    const json object = json::parse(line.begin(), line.end());
    if (!object.is_object()) throw MjaiError("the akochan dialect sends one event object per line");
    ParsedEvent parsed = parse_event(object);
    for (const std::string& warning : parsed.warnings) spdlog::warn("{}", warning);
    // Mortal's driver sends every seat's deal and draws: the table sees what the seat would. A
    // start_game naming the seat is believed, as in the mjai dialect.
    const bool names_seat = parsed.event.type == EventType::start_game && parsed.event.id >= 0;
    event = mask_event_for_seat(parsed.event, names_seat ? parsed.event.id : bot.table().seat());
  } catch (const std::exception& error) {
    spdlog::error("rejected input: {} -- line: {:.200}", error.what(), line);
    return {};
  }
  const bool answer = answered(event, bot.table().seat());
  const std::optional<Action> owed = bot.take(event, answer);
  if (!answer) return {};
  return {reply_array(bot, owed.value_or(Action{}))};
}

}  // namespace tenbin
