// One RiichiLab game, frame by frame, whatever carries the frames: events go to the table and the
// game log, each request_action gets one offered member back inside its time, each action_ack is
// logged. Nothing the host sends is fatal; what is rejected is said on stderr.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <future>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/protocol/mjai_bot.hpp"
#include "bot/protocol/riichilab.hpp"

namespace tenbin {

// The events of one game, one per line, as the host sent them (for `tenbin replay` and review).
// The file is opened at the first event; a log that cannot be written is reported, not fatal.
class GameLogFile {
 public:
  explicit GameLogFile(std::filesystem::path dir) : dir_(std::move(dir)) {}
  void write(std::string_view event_text);
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path dir_;
  std::filesystem::path path_;
  std::ofstream out_;
  bool failed_ = false;
};

class RiichiLabSession {
 public:
  RiichiLabSession(MjaiBot& bot, std::filesystem::path log_dir, int budget_ms);
  ~RiichiLabSession();
  RiichiLabSession(const RiichiLabSession&) = delete;
  RiichiLabSession& operator=(const RiichiLabSession&) = delete;

  // One text frame; the frames to send back (one reply to a request_action, else none).
  std::vector<std::string> on_frame(std::string_view text);

  // The connection is over (`why` when it did not close cleanly): a summary on stderr, and the
  // exit code (0 after end_game and no failed validation).
  int finish(std::string_view why);

  bool game_over() const { return game_over_; }
  const std::filesystem::path& log_path() const { return log_.path(); }

 private:
  void on_event(const nlohmann::json& message, std::string_view text);
  std::string on_request(const nlohmann::json& message);
  void on_ack(const nlohmann::json& message);
  void on_validation(const nlohmann::json& message);
  std::optional<Action> decide_until(std::chrono::steady_clock::time_point deadline);

  MjaiBot& bot_;
  GameLogFile log_;
  int budget_ms_;
  std::future<std::optional<Action>> late_;  // a decision still running after its fallback was sent
  bool game_over_ = false;
  std::optional<bool> validation_passed_;
  int requests_ = 0;
  int fallbacks_ = 0;
  std::array<int, 6> acks_{};  // by riichilab::AckStatus
  std::optional<std::int64_t> last_request_id_;
  std::string last_reply_;
};

}  // namespace tenbin
