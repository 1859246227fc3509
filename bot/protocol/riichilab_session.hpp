// One RiichiLab game, frame by frame, whatever carries the frames: events go to the table and the
// game log, each request_action gets one offered member back inside its time, each action_ack is
// logged and kept beside the game log. Only the host's own error frame and a three-player game
// are fatal; anything else rejected is said on stderr and the game goes on.
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
// Beside it, `<log>.acks.jsonl` keeps each action_ack's verdict and times.
class GameLogFile {
 public:
  explicit GameLogFile(std::filesystem::path dir) : dir_(std::move(dir)) {}
  void write(std::string_view event_text);
  void write_ack(const riichilab::ActionAck& ack);
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path dir_;
  std::filesystem::path path_;
  std::ofstream out_;
  std::ofstream acks_;
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
  bool in_game() const { return started_ && !game_over_; }
  // The host sent something the game cannot go on after (its error frame, a three-player game).
  bool fatal() const { return fatal_; }
  // The host refused the connection because the bot is still seated in a game.
  bool refused_still_in_game() const { return refused_still_in_game_; }
  // The last event read, for messages.
  const std::string& last_event() const { return last_event_; }
  const std::filesystem::path& log_path() const { return log_.path(); }

 private:
  void on_event(const nlohmann::json& message, std::string_view text);
  std::string on_request(const nlohmann::json& message);
  void on_ack(const nlohmann::json& message);
  void on_validation(const nlohmann::json& message);
  void on_host_error(const nlohmann::json& message);
  void fail(const std::string& why);
  std::optional<Action> decide_until(std::chrono::steady_clock::time_point deadline);
  bool late_running() const;
  // A late decision that has ended: dropped, and the events queued meanwhile given to the table.
  void catch_up(bool wait);
  void follow_draw(const Event& event);

  MjaiBot& bot_;
  GameLogFile log_;
  int budget_ms_;
  std::future<std::optional<Action>> late_;  // a decision still running after its fallback was sent
  std::vector<Event> queued_;                // events read while it runs, for the table after it
  std::optional<Tile> drawn_;                // our last draw, while it may still be discarded
  std::chrono::milliseconds round_trip_{0};  // the host's time to our replies less ours
  std::chrono::steady_clock::time_point request_received_;
  std::chrono::steady_clock::time_point reply_ready_;
  bool started_ = false;
  bool game_over_ = false;
  bool fatal_ = false;
  bool refused_still_in_game_ = false;
  std::string last_event_;
  std::optional<bool> validation_passed_;
  int requests_ = 0;
  int fallbacks_ = 0;
  std::array<int, 6> acks_{};  // by riichilab::AckStatus
  std::optional<std::int64_t> last_request_id_;
  std::string last_reply_;
};

}  // namespace tenbin
