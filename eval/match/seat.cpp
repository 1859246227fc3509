#include "eval/match/seat.hpp"

#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "eval/match/interrupt.hpp"

namespace tenbin::arena {
namespace {

using nlohmann::json;

// The last non-empty line of a file, for messages ("" when there is none).
std::string last_line_of(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::string last;
  while (std::getline(in, line)) {
    if (!line.empty()) last = line;
  }
  return last.substr(0, 200);
}

bool is_lifecycle(EventType type) {
  return type == EventType::start_game || type == EventType::end_kyoku || type == EventType::end_game;
}

// The akochan dialect's second action answers the echo of the first: the seat's own call or riichi.
bool echoes_own_call_or_reach(const Event& event, int seat) {
  if (event.actor != seat) return false;
  return event.type == EventType::chi || event.type == EventType::pon || event.type == EventType::daiminkan ||
         event.type == EventType::reach;
}

// The questions akochan answers: its own draw, another seat's discard or added kan. Any other
// (robbing another seat's closed kan with thirteen orphans) it never answers.
bool akochan_answers(const Event& event, int seat) {
  if (event.type == EventType::tsumo) return event.actor == seat;
  return (event.type == EventType::dahai || event.type == EventType::kakan) && event.actor != seat;
}

// akochan reads the game length and red fives from start_game (kyoku_first: 0 for a hanchan, 4 for
// a tonpuu; the arena always deals red fives) and aborts at its first decision without them.
json akochan_line(const Event& event, bool decision, bool tonpuu) {
  json line = event_to_json(event);
  line["can_act"] = decision;
  if (event.type == EventType::start_game) {
    line["kyoku_first"] = tonpuu ? 4 : 0;
    line["aka_flag"] = true;
  }
  return line;
}

}  // namespace

Dialect parse_dialect(const std::string& name) {
  if (name == "mortal" || name == "default") return Dialect::mortal;
  if (name == "batch") return Dialect::batch;
  if (name == "akochan") return Dialect::akochan;
  throw std::invalid_argument("unknown seat dialect \"" + name + "\" (mortal, batch, akochan)");
}

std::string dialect_name(Dialect dialect) {
  switch (dialect) {
    case Dialect::mortal: return "mortal";
    case Dialect::batch: return "batch";
    case Dialect::akochan: return "akochan";
  }
  return "?";
}

ProcessSeat::ProcessSeat(SeatSpec spec, std::string stderr_path)
    : spec_(std::move(spec)), stderr_path_(std::move(stderr_path)) {}

std::string ProcessSeat::command_for_seat() const {
  std::string command = spec_.command;
  for (auto at = command.find("{seat}"); at != std::string::npos; at = command.find("{seat}")) {
    command.replace(at, 6, std::to_string(seat_));
  }
  return command;
}

void ProcessSeat::join_game(int seat, bool tonpuu) {
  seat_ = seat;
  tonpuu_ = tonpuu;
  game_so_far_.clear();
  hand_so_far_.clear();
  unsent_.clear();
  queued_.reset();
  const std::string command = command_for_seat();
  if (command != started_command_ || !process_ || !process_->running()) {
    process_ = std::make_unique<BotProcess>(command, stderr_path_);
    process_->start();
    started_command_ = command;
  }
}

bool ProcessSeat::send(const std::string& line) { return process_->send(line); }

void ProcessSeat::restart_and_refeed() {
  if (++failed_starts_ >= kMaxFailedStartsInARow) {
    const std::string last = last_line_of(stderr_path_);
    throw SeatFailure("seat " + std::to_string(seat_) + " (" + spec_.name + "): the bot died or hung " +
                      std::to_string(failed_starts_) + " times in a row without answering; its stderr (" +
                      stderr_path_ + ") ends: " + (last.empty() ? "(nothing)" : last));
  }
  ++incidents_.restarts;
  spdlog::warn("seat {} ({}): restarting the bot", seat_, spec_.name);
  process_.reset();  // the old process group ends before the new one starts
  process_ = std::make_unique<BotProcess>(command_for_seat(), stderr_path_);
  process_->start();
  queued_.reset();
  timeouts_in_a_row_ = 0;
  if (spec_.dialect == Dialect::batch) {
    const json start = json::array({event_to_json(game_so_far_.front())});
    send(start.dump());
    std::string ignored;
    if (process_->read(ignored, std::chrono::milliseconds(spec_.timeout_ms)) == BotProcess::ReadStatus::interrupted) {
      throw Interrupted();
    }
    unsent_ = hand_so_far_;
    return;
  }
  // One event per line, each marked "update only" so the bot answers none of them.
  for (const Event& event : game_so_far_) {
    json line = spec_.dialect == Dialect::akochan ? akochan_line(event, false, tonpuu_) : event_to_json(event);
    line["can_act"] = false;
    send(line.dump());
  }
}

std::optional<std::string> ProcessSeat::read_reply(std::chrono::steady_clock::time_point asked) {
  std::string line;
  const auto status = process_->read(line, std::chrono::milliseconds(spec_.timeout_ms));
  if (status == BotProcess::ReadStatus::interrupted) throw Interrupted();
  if (status == BotProcess::ReadStatus::line) {
    failed_starts_ = 0;
    timeouts_in_a_row_ = 0;
    latencies_ms_.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - asked).count());
    return line;
  }
  if (status == BotProcess::ReadStatus::timeout) {
    ++incidents_.timeouts;
    spdlog::warn("seat {} ({}): no reply within {} ms", seat_, spec_.name, spec_.timeout_ms);
    if (++timeouts_in_a_row_ >= kTimeoutsInARowBeforeRestart) {
      spdlog::warn("seat {} ({}): {} decisions in a row unanswered: the bot is hung", seat_, spec_.name, timeouts_in_a_row_);
      restart_and_refeed();
    }
    return std::nullopt;
  }
  ++incidents_.crashes;
  spdlog::warn("seat {} ({}): the bot closed its output or died", seat_, spec_.name);
  restart_and_refeed();
  return std::nullopt;
}

std::optional<Action> ProcessSeat::parse_reply(const std::string& line) {
  try {
    json reply = json::parse(line);
    if (spec_.dialect == Dialect::akochan) {
      if (!reply.is_array() || reply.empty() || reply.size() > 2) throw MjaiError("expected an array of 1 or 2 actions");
      if (reply.size() == 2) queued_ = Action::from_event(parse_event(reply[1]).event);
      reply = reply[0];
    }
    const Event event = parse_event(reply).event;
    if (event.type != EventType::none && event.actor != seat_) throw MjaiError("reply for another seat");
    return Action::from_event(event);
  } catch (const std::exception& error) {
    ++incidents_.junk;
    spdlog::warn("seat {} ({}): junk reply ({}): {:.200}", seat_, spec_.name, error.what(), line);
    return std::nullopt;
  }
}

void ProcessSeat::answer_lifecycle(const Event& event) {
  // Batch bots answer start_game, end_kyoku and end_game alone, with one line each.
  unsent_.clear();
  if (!send(json::array({event_to_json(event)}).dump())) return;
  std::string ignored;
  // A bot that died here is not late: its death is counted (and the bot restarted) once the next
  // line cannot be sent; one that ends after end_game has done nothing wrong.
  const auto status = process_->read(ignored, std::chrono::milliseconds(spec_.timeout_ms));
  if (status == BotProcess::ReadStatus::interrupted) throw Interrupted();
  if (status == BotProcess::ReadStatus::line) failed_starts_ = 0;
  if (status == BotProcess::ReadStatus::timeout) ++incidents_.timeouts;
}

void ProcessSeat::deliver(const Event& full, bool decision) {
  const Event event = mask_event_for_seat(full, seat_);
  game_so_far_.push_back(event);
  if (queued_ && !echoes_own_call_or_reach(event, seat_)) {
    spdlog::debug("seat {} ({}): the queued second action is dropped (its first did not happen)", seat_, spec_.name);
    queued_.reset();
  }
  if (event.type == EventType::start_kyoku) hand_so_far_.clear();
  if (event.type != EventType::hora && event.type != EventType::ryukyoku) hand_so_far_.push_back(event);

  if (const int stale = process_->drain(); stale > 0) {
    incidents_.junk += stale;
    spdlog::warn("seat {} ({}): {} unexpected line(s) dropped", seat_, spec_.name, stale);
  }
  switch (spec_.dialect) {
    case Dialect::mortal:
    case Dialect::akochan: {
      // akochan is told it may not act where it would never answer; the seat passes for it.
      pass_for_bot_ = spec_.dialect == Dialect::akochan && decision && !queued_ && !akochan_answers(event, seat_);
      const bool can_act = decision && !pass_for_bot_;
      const json line = spec_.dialect == Dialect::akochan ? akochan_line(event, can_act, tonpuu_) : event_to_json(event);
      if (send(line.dump())) return;
      // The bot is gone (or no longer takes input): a crash like one seen on reading. The restart
      // re-feeds the game before this event as "update only"; this event then goes as it is, so
      // that a decision on it can still be answered.
      ++incidents_.crashes;
      spdlog::warn("seat {} ({}): the bot stopped taking input or died", seat_, spec_.name);
      game_so_far_.pop_back();
      restart_and_refeed();
      game_so_far_.push_back(event);
      send(line.dump());
      return;
    }
    case Dialect::batch:
      if (is_lifecycle(event.type)) {
        answer_lifecycle(event);
      } else if (event.type != EventType::hora && event.type != EventType::ryukyoku) {
        unsent_.push_back(event);
      }
      return;
  }
}

std::optional<Action> ProcessSeat::decide() {
  if (pass_for_bot_) {
    pass_for_bot_ = false;
    return Action{};
  }
  if (queued_) {
    const Action second = *queued_;
    queued_.reset();
    return second;
  }
  const auto asked = std::chrono::steady_clock::now();
  if (spec_.dialect == Dialect::batch) {
    json batch = json::array();
    for (const Event& event : unsent_) batch.push_back(event_to_json(event));
    unsent_.clear();
    if (!send(batch.dump())) {
      ++incidents_.crashes;
      restart_and_refeed();
      return std::nullopt;
    }
  }
  const std::optional<std::string> line = read_reply(asked);
  if (!line) return std::nullopt;
  return parse_reply(*line);
}

}  // namespace tenbin::arena
