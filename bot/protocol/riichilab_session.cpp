#include "bot/protocol/riichilab_session.hpp"

#include <unistd.h>

#include <ctime>
#include <exception>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "bot/protocol/json_line.hpp"

namespace tenbin {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
namespace lab = riichilab;

// A frame as shown in a message: at most 200 characters.
std::string shown(std::string_view text) {
  constexpr std::size_t kShown = 200;
  if (text.size() <= kShown) return std::string(text);
  return fmt::format("{}... ({} bytes)", text.substr(0, kShown), text.size());
}

// riichilab-20260610T120000Z-1234.mjson: the start time and the process, so games never clash.
std::string log_name() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &utc);
  return fmt::format("riichilab-{}-{}.mjson", stamp, ::getpid());
}

}  // namespace

void GameLogFile::write(std::string_view event_text) {
  if (failed_) return;
  if (!out_.is_open()) {
    std::error_code error;
    std::filesystem::create_directories(dir_, error);
    // Games started in the same second by the same process (--games) get a count.
    const std::string name = log_name();
    path_ = dir_ / name;
    for (int n = 2; std::filesystem::exists(path_, error); ++n) {
      path_ = dir_ / fmt::format("{}-{}.mjson", std::string_view(name).substr(0, name.size() - 6), n);
    }
    out_.open(path_);
    if (!out_) {
      spdlog::error("cannot write the game log {}: the game goes on unlogged", path_.string());
      failed_ = true;
      return;
    }
    spdlog::info("game log: {}", path_.string());
  }
  out_ << event_text << '\n' << std::flush;
}

void GameLogFile::write_ack(const lab::ActionAck& ack) {
  if (failed_ || path_.empty()) return;
  if (!acks_.is_open()) {
    std::filesystem::path acks_path = path_;
    acks_path.replace_extension(".acks.jsonl");
    acks_.open(acks_path);
    if (!acks_) {
      spdlog::error("cannot write {}: acks go unlogged", acks_path.string());
      return;
    }
  }
  json line = {{"request_id", ack.request_id}, {"status", ack.status_name}};
  if (ack.elapsed_ms) line["elapsed_ms"] = *ack.elapsed_ms;
  if (ack.bank_ms) line["bank_ms"] = *ack.bank_ms;
  if (!ack.reason.empty()) line["reason"] = ack.reason;
  acks_ << line.dump(-1, ' ', false, json::error_handler_t::replace) << '\n' << std::flush;
}

RiichiLabSession::RiichiLabSession(MjaiBot& bot, std::filesystem::path log_dir, int budget_ms)
    : bot_(bot), log_(std::move(log_dir)), budget_ms_(budget_ms) {}

RiichiLabSession::~RiichiLabSession() {
  if (late_.valid()) late_.wait();
}

bool RiichiLabSession::late_running() const {
  return late_.valid() && late_.wait_for(std::chrono::seconds(0)) != std::future_status::ready;
}

void RiichiLabSession::catch_up(bool wait) {
  if (!late_.valid()) return;
  if (!wait && late_running()) return;
  try {
    static_cast<void>(late_.get());
  } catch (const std::exception& error) {
    spdlog::error("the late decision failed: {}", error.what());
  }
  for (const Event& event : queued_) bot_.take(event, false);
  queued_.clear();
}

void RiichiLabSession::fail(const std::string& why) {
  spdlog::error("{}", why);
  fatal_ = true;
}

std::vector<std::string> RiichiLabSession::on_frame(std::string_view text) {
  // A decision that outran its time still reads the table: the table waits for it, the frames
  // do not (events are queued for the table meanwhile).
  catch_up(false);
  json message;
  lab::MessageKind kind = lab::MessageKind::event;
  try {
    message = parse_json_line(text);
    kind = lab::classify(message);
  } catch (const std::exception& error) {
    spdlog::error("rejected frame: {} -- frame: {}", error.what(), shown(text));
    return {};
  }
  try {
    switch (kind) {
      case lab::MessageKind::event: on_event(message, text); return {};
      case lab::MessageKind::request_action: return {on_request(message)};
      case lab::MessageKind::action_ack: on_ack(message); return {};
      case lab::MessageKind::validation_result: on_validation(message); return {};
      case lab::MessageKind::host_error: on_host_error(message); return {};
    }
  } catch (const std::exception& error) {
    spdlog::error("rejected frame: {} -- frame: {}", error.what(), shown(text));
  }
  return {};
}

void RiichiLabSession::on_host_error(const json& message) {
  const std::string error = lab::host_error_text(message);
  refused_still_in_game_ = !started_ && lab::says_still_in_game(error);
  fail("the host refuses us: " + shown(error));
}

void RiichiLabSession::on_event(const json& message, std::string_view text) {
  if (lab::is_three_player(message)) {
    fail("the host started a three-player game, which Tenbin does not play; leaving -- frame: " + shown(text));
    return;
  }
  // A one-tile kakan is rebuilt from the pon on the table: the table must have caught up.
  if (message.value("type", "") == "kakan") catch_up(true);
  const json shaped = lab::table_shape(message, bot_.table());
  std::optional<Event> event;
  try {
    ParsedEvent parsed = parse_event(shaped);
    for (const std::string& warning : parsed.warnings) spdlog::debug("{}", warning);
    event = std::move(parsed.event);
  } catch (const std::exception& error) {
    spdlog::error("rejected event: {} -- frame: {}", error.what(), shown(text));
    return;
  }
  if (event->type == EventType::unknown) {
    spdlog::debug("frame of unknown type \"{}\" ignored", event->unknown_type);
    return;
  }
  // One event, one line: a frame reshaped or spread over lines is logged compact.
  const std::string compact = shaped.dump(-1, ' ', false, json::error_handler_t::replace);
  const bool as_sent = shaped == message && text.find_first_of("\r\n") == std::string_view::npos;
  log_.write(as_sent ? std::string(text) : compact);
  last_event_ = std::string(event_type_name(event->type)) + " (frame: " + shown(compact) + ")";
  if (event->type == EventType::error) spdlog::error("the host reports an error: {}", shown(event->message));
  if (event->type == EventType::start_game) started_ = true;
  if (event->type == EventType::end_game) game_over_ = true;
  if (late_running()) {
    queued_.push_back(*event);
  } else {
    bot_.take(*event, false);
  }
  follow_draw(*event);
}

void RiichiLabSession::follow_draw(const Event& event) {
  if (event.type == EventType::start_kyoku) drawn_.reset();
  if (event.actor != bot_.table().seat()) return;
  if (event.type == EventType::tsumo) {
    drawn_ = event.pai;
  } else if (event.type != EventType::reach) {
    drawn_.reset();
  }
}

std::optional<Action> RiichiLabSession::decide_until(Clock::time_point deadline) {
  late_ = std::async(std::launch::async, [this] { return bot_.decide_pending(); });
  if (late_.wait_until(deadline) != std::future_status::ready) return std::nullopt;
  try {
    return late_.get();
  } catch (const std::exception& error) {
    spdlog::error("the decision failed: {}", error.what());
    return std::nullopt;
  }
}

std::string RiichiLabSession::on_request(const json& message) {
  const Clock::time_point received = Clock::now();
  ++requests_;
  const lab::ActionRequest request = lab::read_request(message);
  if (!request.request_id) spdlog::warn("request_action without a request_id: answered without one");
  const int seat = bot_.table().seat();
  std::optional<std::size_t> member;
  if (late_running()) {
    spdlog::warn("the previous decision is still running: sending the fallback");
  } else {
    const auto now_unix_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                 std::chrono::system_clock::now().time_since_epoch())
                                 .count();
    const lab::DecisionTimes times = lab::decision_times(request.time, round_trip_, now_unix_ms);
    bot_.set_budget_ms(lab::strategy_budget_ms(times.ordinary, budget_ms_));
    const std::optional<Action> chosen = decide_until(received + times.cutoff);
    if (chosen) member = lab::find_offered(request.possible_actions, *chosen, seat);
    if (!member && late_.valid()) {
      spdlog::warn("no decision within {} ms: sending the fallback", times.cutoff.count());
    } else if (!member && chosen) {
      spdlog::warn("the strategy's {} is not among the offered actions {}: sending the fallback",
                   event_to_json(chosen->to_event(seat)).dump(), shown(request.possible_actions.dump()));
    } else if (!member) {
      spdlog::warn("request_action where the table sees no decision of ours: sending the fallback");
    }
  }
  if (!member) {
    ++fallbacks_;
    member = lab::fallback_member(request.possible_actions, drawn_);
  }
  if (!member) spdlog::error("request_action offers no actions: answering none");
  const json answer = member ? request.possible_actions.at(*member) : json{{"type", "none"}};
  last_request_id_ = request.request_id;
  last_reply_ = lab::reply_text(answer, request.request_id, seat);
  request_received_ = received;
  reply_ready_ = Clock::now();
  return last_reply_;
}

void RiichiLabSession::on_ack(const json& message) {
  const lab::ActionAck ack = lab::read_ack(message);
  ++acks_[static_cast<std::size_t>(ack.status)];
  log_.write_ack(ack);
  const std::string reason = ack.reason.empty() ? "" : " (" + shown(ack.reason) + ")";
  const bool ours = ack.request_id == last_request_id_.value_or(-1);
  if (ours && ack.elapsed_ms) {
    // The host's time less ours is the way there and back; a slow sample counts at once, a
    // fast one lowers the estimate by a quarter at a time.
    const auto own = std::chrono::duration_cast<std::chrono::milliseconds>(reply_ready_ - request_received_);
    const std::chrono::milliseconds sample = std::clamp(std::chrono::milliseconds(*ack.elapsed_ms) - own,
                                                        std::chrono::milliseconds(0), std::chrono::milliseconds(2000));
    round_trip_ = std::max(sample, round_trip_ * 3 / 4);
  }
  switch (ack.status) {
    case lab::AckStatus::accepted: spdlog::debug("request {} accepted", ack.request_id); return;
    case lab::AckStatus::rejected:
    case lab::AckStatus::unparseable:
      spdlog::error("request {}: our reply was {}{}{}", ack.request_id, ack.status_name, reason,
                    ours ? " -- reply: " + shown(last_reply_) : "");
      return;
    case lab::AckStatus::stale:
      spdlog::warn("request {}: our reply came after a newer request (stale){}", ack.request_id, reason);
      return;
    case lab::AckStatus::defaulted:
      spdlog::warn("request {}: the host played the default action for us{}", ack.request_id, reason);
      return;
    case lab::AckStatus::unknown:
      spdlog::warn("request {}: action_ack with an unknown status \"{}\"{}", ack.request_id,
                   shown(ack.status_name), reason);
      return;
  }
}

void RiichiLabSession::on_validation(const json& message) {
  const bool passed = message.contains("passed") && message.at("passed") == true;
  validation_passed_ = passed;
  const json reason = message.value("reason", json());
  const std::string because = reason.is_null() ? "" : ": " + shown(reason.is_string() ? reason.get<std::string>() : reason.dump());
  if (passed) {
    spdlog::info("validation passed{}", because);
  } else {
    spdlog::error("validation failed{}{}", because, reason.is_null() ? " -- " + shown(message.dump()) : "");
  }
}

int RiichiLabSession::finish(std::string_view why) {
  catch_up(true);
  const auto count = [this](lab::AckStatus status) { return acks_[static_cast<std::size_t>(status)]; };
  spdlog::info("{} requests answered ({} with the fallback); acks: {} accepted, {} rejected, {} unparseable, "
               "{} stale, {} defaulted",
               requests_, fallbacks_, count(lab::AckStatus::accepted), count(lab::AckStatus::rejected),
               count(lab::AckStatus::unparseable), count(lab::AckStatus::stale), count(lab::AckStatus::defaulted));
  if (fatal_) return 1;  // said when it came
  if (!game_over_) {
    spdlog::error("the connection ended before end_game{}{}{}", why.empty() ? "" : ": ", why,
                  last_event_.empty() ? "" : "; the last event: " + last_event_);
    return 1;
  }
  spdlog::info("game over");
  return validation_passed_.value_or(true) ? 0 : 1;
}

}  // namespace tenbin
