// One seat of the arena: a bot process and the mjai dialect it speaks.
//
// - mortal (default): one event per line; a reply is read only at the seat's decisions.
// - batch (mjai.app): at each decision one JSON array of the events since the last reply, and
//   start_game / end_kyoku / end_game alone, each answered by exactly one line (hora and
//   ryukyoku are not sent, as on mjai.app).
// - akochan (pipe mode): one event per line carrying "can_act", start_game with akochan's
//   "kyoku_first" and "aka_flag"; at a decision the bot answers an array of one or two actions.
//   The second (the discard after a call or riichi) answers the next decision only when the next
//   event is the seat's own call or riichi; otherwise (the call lost to a win) it is dropped, as
//   Mortal's akochan driver does (libriichi/src/agent/akochan.rs, github.com/Equim-chan/Mortal).
//
// A seat that times out, writes junk or dies gets no action from here (the referee then plays
// the safe default); a dead process is restarted and re-fed the game so far, and so is a hung one
// (kTimeoutsInARowBeforeRestart decisions unanswered in a row). Every restart ends the old
// process group, children included.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/mjai.hpp"
#include "engine/table.hpp"
#include "eval/match/bot_process.hpp"

namespace tenbin::arena {

enum class Dialect { mortal, batch, akochan };
Dialect parse_dialect(const std::string& name);  // throws std::invalid_argument
std::string dialect_name(Dialect dialect);

struct SeatSpec {
  std::string name;
  std::string command;  // "{seat}" is replaced by the seat number 0-3
  Dialect dialect = Dialect::mortal;
  int timeout_ms = 10000;
};

struct Incidents {
  int timeouts = 0;
  int crashes = 0;
  int junk = 0;      // unparsable or unexpected lines
  int illegal = 0;   // parsed, but not a legal action (counted by the caller)
  int restarts = 0;
  int total() const { return timeouts + crashes + junk + illegal; }
};

// A bot that leaves this many decisions in a row unanswered is hung: it is restarted (and re-fed
// the game so far), so that it costs a few timeouts, not one at every later decision.
constexpr int kTimeoutsInARowBeforeRestart = 3;

// A bot that is restarted (it died, stopped reading or hung) this many times in a row without a
// line of reply in between cannot play: the match stops with SeatFailure rather than play on.
constexpr int kMaxFailedStartsInARow = 5;

class SeatFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ProcessSeat {
 public:
  ProcessSeat(SeatSpec spec, std::string stderr_path);

  const SeatSpec& spec() const { return spec_; }
  // Takes the seat for a new game (restarting the process when its command names the seat).
  void join_game(int seat, bool tonpuu = false);
  // One event of the full-information log; the seat masks it for its own view. `decision` is
  // true when the referee will ask this seat right after this event.
  void deliver(const Event& event, bool decision);
  // This seat's reply at a decision, or nothing (timeout, crash, junk).
  // deliver() and decide() throw SeatFailure after kMaxFailedStartsInARow failed starts, and
  // Interrupted (eval/match/interrupt.hpp) when the arena is interrupted while they wait.
  std::optional<Action> decide();

  Incidents& incidents() { return incidents_; }
  const std::vector<double>& latencies_ms() const { return latencies_ms_; }
  void clear_latencies() { latencies_ms_.clear(); }

 private:
  std::string command_for_seat() const;
  void restart_and_refeed();
  bool send(const std::string& line);
  std::optional<std::string> read_reply(std::chrono::steady_clock::time_point asked);
  std::optional<Action> parse_reply(const std::string& line);
  void answer_lifecycle(const Event& event);

  SeatSpec spec_;
  std::string stderr_path_;
  std::unique_ptr<BotProcess> process_;
  std::string started_command_;
  int seat_ = 0;
  bool tonpuu_ = false;
  std::vector<Event> game_so_far_;   // masked, for a restart
  std::vector<Event> hand_so_far_;   // masked, since start_kyoku (batch re-feed)
  std::vector<Event> unsent_;        // batch: events waiting for the next decision
  std::optional<Action> queued_;     // akochan: the second action of a pair
  bool pass_for_bot_ = false;        // akochan: a question it never answers, passed for it
  Incidents incidents_;
  int failed_starts_ = 0;            // restarts since the bot last wrote a line
  int timeouts_in_a_row_ = 0;        // decisions unanswered since the last reply or restart
  std::vector<double> latencies_ms_;
};

}  // namespace tenbin::arena
