// A match: N seeded games between four seat commands, played in parallel jobs, written to a
// match directory (eval/match/match_dir.hpp) as it goes (nothing finished is ever lost), and
// summarised per command.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eval/match/match_dir.hpp"
#include "eval/match/seat.hpp"
#include "eval/match/start_book.hpp"

namespace tenbin::arena {

struct MatchConfig {
  PerSeat<SeatSpec> seats;
  int games = 8;
  std::uint64_t seed = 1;
  std::string out_dir = "arena-out";
  bool duplicate = false;  // each seed four times, the commands rotated through the seats
  WallScheme wall_scheme = WallScheme::by_round;  // how a hand's wall is keyed (engine/wall.hpp)
  int jobs = 1;
  bool resume = false;
  bool tonpuu = false;
  bool progress = true;
  std::optional<Shard> shard;  // play only this shard's games (meta.json names it)
  std::vector<HandStart> starts;  // a start book (eval/match/start_book.hpp); empty: every game from East 1
};

// Plays the match; returns the process exit code: 0, 2 for unusable settings (a seat command
// naming no program, a directory that is a file or holds another match), 3 when the match stopped
// on an error (a write that failed, a seat that cannot start): the finished games are kept;
// 128 + the signal when SIGINT or SIGTERM interrupted it (the seats are ended, the finished games
// kept, --resume continues).
int run_match(const MatchConfig& config);

// meta.json's settings for a match (its shard included, if one).
nlohmann::json match_meta(const MatchConfig& config);

// The summary.json a match's results and logs make (an array, one object per seat command).
nlohmann::json summary_json(const MatchDir& dir, bool duplicate);

// Recomputes DIR/summary.json from the results and logs; returns the summary as a table.
std::string write_summary(const MatchDir& dir, bool duplicate);

}  // namespace tenbin::arena
