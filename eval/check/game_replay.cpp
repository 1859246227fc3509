#include "eval/check/game_replay.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "engine/action.hpp"

namespace tenbin::arena {
namespace {

using nlohmann::json;

bool is_blank(const std::string& text) { return text.find_first_not_of(" \t\r") == std::string::npos; }

// A JSON value shown in a message, cut to a readable length.
std::string shown(const json& value) {
  std::string text = value.dump();
  if (text.size() > 120) text = text.substr(0, 117) + "...";
  return text;
}

// The first field where the logged line differs from the event the referee emits.
std::optional<std::string> field_difference(const json& written, const Event& played) {
  const json expected = event_to_json(played);
  const std::string type(event_type_name(played.type));
  if (!written.is_object()) return type + ": the line is not an event object";
  for (const auto& [key, value] : expected.items()) {
    if (!written.contains(key)) return type + " field " + key + ": missing, the referee plays " + shown(value);
    if (written.at(key) != value) {
      return type + " field " + key + ": the log has " + shown(written.at(key)) + ", the referee plays " + shown(value);
    }
  }
  for (const auto& [key, value] : written.items()) {
    if (!expected.contains(key)) return type + " field " + key + ": not one the referee writes (" + shown(value) + ")";
  }
  return std::nullopt;
}

// Events the referee emits by itself between a decision and the action that answers it: the
// indicator of an earlier kan, turned before the next discard or kan, and the acceptance of a
// riichi before a call on its declaration tile.
bool emitted_before_the_action(EventType type) { return type == EventType::dora || type == EventType::reach_accepted; }

// The replies the log records for the decision pending now, the log read from `next` on. Seats
// with no recorded action pass (a claim they did not make); a seat whose own turn has no
// recorded action gets the safe default, and the replay then parts from the log.
PerSeat<std::optional<Action>> recorded_replies(const Pending& pending, const std::vector<LoggedEvent>& logged,
                                                      std::size_t next) {
  PerSeat<std::optional<Action>> replies;
  while (next < logged.size() && emitted_before_the_action(logged[next].event.type)) ++next;
  if (next >= logged.size()) return replies;
  const Event& action = logged[next].event;
  const auto asked = [&](int seat) { return seat >= 0 && seat < 4 && !pending.legal[seat].empty(); };
  if (action.type == EventType::hora) {
    // A multiple ron: every winner's hora follows the discard, one after another.
    for (std::size_t i = next; i < logged.size() && logged[i].event.type == EventType::hora; ++i) {
      if (asked(logged[i].event.actor)) replies[logged[i].event.actor] = Action::from_event(logged[i].event);
    }
    return replies;
  }
  if (action.type == EventType::ryukyoku && action.reason == "sanchaho") {
    // Three rons abort the hand: each of the three declared its win.
    for (int seat = 0; seat < 4; ++seat) {
      for (const Action& legal : pending.legal[seat]) {
        if (legal.type == EventType::hora) replies[seat] = legal;
      }
    }
    return replies;
  }
  if (action.is_player_action() && asked(action.actor)) replies[action.actor] = Action::from_event(action);
  return replies;
}

std::string event_text(const Event& event) { return shown(event_to_json(event)); }

}  // namespace

LoggedGame read_logged_game(const std::string& path, std::uintmax_t max_bytes) {
  LoggedGame game;
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  if (error || !std::filesystem::is_regular_file(path, error)) {
    game.problem = "cannot open the log";
    return game;
  }
  if (size > max_bytes) {
    game.problem = "the log is " + std::to_string(size) + " bytes, over the " + std::to_string(max_bytes) +
                   " a game's log can hold";
    return game;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    game.problem = "cannot open the log";
    return game;
  }
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (is_blank(text)) continue;
    try {
      json written = json::parse(text);
      Event event = parse_event(written).event;
      game.events.push_back({number, std::move(written), std::move(event)});
    } catch (const std::exception& problem) {
      game.problem_line = number;
      game.problem = std::string("unreadable event: ") + problem.what();
      return game;
    }
  }
  return game;
}

Replay replay_game(const GameConfig& config, const std::vector<LoggedEvent>& logged) {
  Replay replay;
  try {
    Game referee(config);
    PerSeat<int> decisions{};
    std::size_t compared = 0;
    while (true) {
      const auto& played = referee.log();
      for (; compared < played.size(); ++compared) {
        if (compared >= logged.size()) {
          replay.mismatch = ReplayMismatch{0, "the log ends where the referee plays on: " + event_text(played[compared])};
          return replay;
        }
        if (auto what = field_difference(logged[compared].written, played[compared])) {
          replay.mismatch = ReplayMismatch{logged[compared].line, *what};
          return replay;
        }
      }
      if (referee.finished()) break;
      const auto replies = recorded_replies(referee.pending(), logged, compared);
      for (int seat = 0; seat < 4; ++seat) decisions[seat] += referee.pending().legal[seat].empty() ? 0 : 1;
      referee.answer(replies);
    }
    if (compared < logged.size()) {
      replay.mismatch = ReplayMismatch{logged[compared].line, "the game is over, the log goes on"};
      return replay;
    }
    replay.result = RefereeResult{referee.scores(), referee.ranks(), referee.final_points(), referee.hands_played(), decisions};
  } catch (const std::exception& error) {
    replay.mismatch = ReplayMismatch{0, std::string("the referee cannot play this game: ") + error.what()};
  }
  return replay;
}

}  // namespace tenbin::arena
