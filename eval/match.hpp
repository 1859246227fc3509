// A match: N seeded games between four seat commands, played in parallel jobs, written to an
// output directory as it goes (nothing finished is ever lost), and summarised per command.
//
// DIR/meta.json           the match settings (seed, seats, format), checked on --resume
// DIR/commitments.jsonl   SHA-256 of each wall, written before the hand is dealt to any seat
// DIR/logs/NNNN.mjson     the full-information mjai log of game NNNN
// DIR/results.jsonl       one line per finished game, appended and flushed at once
// DIR/summary.json        the per-command statistics; also printed as a table
// DIR/stderr/             each seat process's stderr
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "eval/seat.hpp"

namespace tenbin::arena {

struct MatchConfig {
  std::array<SeatSpec, 4> seats;
  int games = 8;
  std::uint64_t seed = 1;
  std::string out_dir = "arena-out";
  bool duplicate = false;  // each seed four times, the commands rotated through the seats
  int jobs = 1;
  bool resume = false;
  bool tonpuu = false;
  bool progress = true;
};

// The seat command sitting at `seat` in game `game`, and the wall seed index of the game.
int spec_for_seat(const MatchConfig& config, int game, int seat);
std::uint64_t wall_game_of(const MatchConfig& config, int game);

// Plays the match; returns the process exit code (0, or 2 for unusable settings).
int run_match(const MatchConfig& config);

// Recomputes the summary of a match directory from its results and logs.
std::string summarise(const std::string& out_dir, nlohmann::json* as_json = nullptr);

std::string log_path(const std::string& out_dir, int game);

}  // namespace tenbin::arena
