#include "bot/protocol/riichilab_session.hpp"

#include <unistd.h>

#include <ctime>
#include <exception>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

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
    path_ = dir_ / log_name();
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

RiichiLabSession::RiichiLabSession(MjaiBot& bot, std::filesystem::path log_dir, int budget_ms)
    : bot_(bot), log_(std::move(log_dir)), budget_ms_(budget_ms) {}

RiichiLabSession::~RiichiLabSession() {
  if (late_.valid()) late_.wait();
}

std::vector<std::string> RiichiLabSession::on_frame(std::string_view text) {
  // A decision that outran its time still reads the table: let it end before the table moves.
  if (late_.valid()) late_.wait();
  json message;
  lab::MessageKind kind = lab::MessageKind::event;
  try {
    message = json::parse(text.begin(), text.end());
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
    }
  } catch (const std::exception& error) {
    spdlog::error("rejected frame: {} -- frame: {}", error.what(), shown(text));
  }
  return {};
}

void RiichiLabSession::on_event(const json& message, std::string_view text) {
  std::optional<Event> event;
  try {
    ParsedEvent parsed = parse_event(message);
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
  log_.write(text);
  if (event->type == EventType::error) spdlog::error("the host reports an error: {}", shown(event->message));
  if (event->type == EventType::end_game) game_over_ = true;
  bot_.take(*event, false);
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
  const std::chrono::milliseconds thinking = lab::thinking_time(request.time);
  bot_.set_budget_ms(lab::strategy_budget_ms(thinking, budget_ms_));

  const std::optional<Action> chosen = decide_until(received + thinking);
  const int seat = bot_.table().seat();
  std::optional<std::size_t> member;
  if (chosen) member = lab::find_offered(request.possible_actions, *chosen, seat);
  if (!member) {
    if (late_.valid()) {
      spdlog::warn("no decision within {} ms: sending the fallback", thinking.count());
    } else if (chosen) {
      spdlog::warn("the strategy's {} is not among the offered actions {}: sending the fallback",
                   event_to_json(chosen->to_event(seat)).dump(), shown(request.possible_actions.dump()));
    } else {
      spdlog::warn("request_action where the table sees no decision of ours: sending the fallback");
    }
    ++fallbacks_;
    member = lab::fallback_member(request.possible_actions);
  }
  if (!member) spdlog::error("request_action offers no actions: answering none");
  const json answer = member ? request.possible_actions.at(*member) : json{{"type", "none"}};
  last_request_id_ = request.request_id;
  last_reply_ = lab::reply_text(answer, request.request_id, seat);
  return last_reply_;
}

void RiichiLabSession::on_ack(const json& message) {
  const lab::ActionAck ack = lab::read_ack(message);
  ++acks_[static_cast<std::size_t>(ack.status)];
  const std::string reason = ack.reason.empty() ? "" : " (" + shown(ack.reason) + ")";
  const bool ours = ack.request_id == last_request_id_.value_or(-1);
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
  if (passed) {
    spdlog::info("validation passed");
  } else {
    spdlog::error("validation failed: {}", shown(message.dump()));
  }
}

int RiichiLabSession::finish(std::string_view why) {
  if (late_.valid()) late_.wait();
  const auto count = [this](lab::AckStatus status) { return acks_[static_cast<std::size_t>(status)]; };
  spdlog::info("{} requests answered ({} with the fallback); acks: {} accepted, {} rejected, {} unparseable, "
               "{} stale, {} defaulted",
               requests_, fallbacks_, count(lab::AckStatus::accepted), count(lab::AckStatus::rejected),
               count(lab::AckStatus::unparseable), count(lab::AckStatus::stale), count(lab::AckStatus::defaulted));
  if (!game_over_) {
    spdlog::error("the connection ended before end_game{}{}", why.empty() ? "" : ": ", why);
    return 1;
  }
  spdlog::info("game over");
  return validation_passed_.value_or(true) ? 0 : 1;
}

}  // namespace tenbin
