// bot/protocol/: the mjai protocol loop (stdin dialects, TCP client) and nothing else; it
// translates lines to table updates and asks a strategy at each decision.
//
// The mjai protocol loop of the `tenbin` process: it only translates. Lines in, the table
// updated, the policy asked at each decision, reply lines out. Bad input never stops it: every
// rejected line is reported on stderr, and where a reply is owed a safe legal one is sent.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bot/strategy/policy.hpp"
#include "engine/mjai.hpp"
#include "engine/table.hpp"

namespace tenbin {

struct BotOptions {
  int seat = 0;              // until start_game.id says otherwise
  bool reply_every = false;  // answer every event line, `none` when idle (original server style)
  std::string name = "tenbin";  // for the TCP handshake's join
  std::string room = "default";
  bool meta = false;         // each decision's reply carries the strategy's explanation as "meta"
  bool original_server = false;  // the host is the original server (TCP): only what its validator accepts
};

class MjaiBot {
 public:
  MjaiBot(std::unique_ptr<Policy> policy, BotOptions options);

  // One input line: a `{` line is one event (a reply only at a decision, or always with
  // reply_every); a `[` line is a batch (exactly one reply, always). Returns the reply lines.
  std::vector<std::string> on_line(std::string_view line);

  // One event, for hosts that want exactly one reply per event (TCP): the reply, `none` when
  // idle, `join` to `hello`.
  std::string reply_to(const Event& event);

  // The action owed after this event (applied to the table), if any; for callers that drive the
  // bot event by event (replay).
  // Without `decide_now` the event only updates the table (an event inside a batch).
  std::optional<Action> take(const Event& event, bool decide_now = true);

  // The action for the decision the table is at now, if it is at one; for hosts that ask
  // separately from the events (RiichiLab's request_action).
  std::optional<Action> decide_pending();
  // The strategy's work per decision from now on (a host's clock).
  void set_budget_ms(int budget_ms) { policy_->set_budget_ms(budget_ms); }
  // The action owed once our own `first` (a riichi or a call just decided, not yet echoed) is
  // echoed, decided now on a copy of the table; for dialects that send both at once (akochan).
  std::optional<Action> decide_after(const Action& first);

  const Table& table() const { return table_; }
  int decisions() const { return decisions_; }
  int rejected_lines() const { return rejected_; }

 private:
  std::optional<Event> parse_one(const nlohmann::json& object, std::string_view line);
  // The legal actions, narrowed to those the server offers when the event lists them.
  std::vector<Action> allowed_actions(const Table& table, const Event* event) const;
  // The server offered actions where the table sees no decision: each is logged.
  void report_offers_without_decision(const Event& event) const;
  // `event` (may be null) carries the server's own lists of what we may do, if any.
  Action decide(const Table& table, const Event* event = nullptr);
  std::string serialise(const Action& action);
  void reject(std::string_view line, const std::string& why);

  std::unique_ptr<Policy> policy_;
  BotOptions options_;
  Table table_;
  std::optional<Tile> own_draw_;  // our last drawn tile, kept for a safe reply when out of sync
  bool out_of_sync_reported_ = false;  // said once that events are ignored until start_kyoku
  nlohmann::json pending_meta_;  // the explanation of the decision about to be sent
  int decisions_ = 0;
  int rejected_ = 0;
};

// Reads lines of at most `limit` bytes from a file descriptor; longer lines are consumed whole and
// reported as truncated. Returns false at end of input.
class LineReader {
 public:
  explicit LineReader(int fd, std::size_t limit = 1 << 20) : fd_(fd), limit_(limit) {}
  bool next(std::string& line, bool& truncated);
  // The input ended because a receive timeout (SO_RCVTIMEO) passed, not at end of stream.
  bool timed_out() const { return timed_out_; }

 private:
  int fd_;
  std::size_t limit_;
  std::string buffer_;
  std::size_t start_ = 0;
  bool eof_ = false;
  bool timed_out_ = false;
};

}  // namespace tenbin
