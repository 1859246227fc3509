// `tenbin-arena split DIR_A NAME_A DIR_B NAME_B`: where two strategies' games on the same walls
// part (the bots being deterministic, the logs agree until the first decision they make
// differently), and by that hand the paired difference A - B with its 95% interval over walls.
#pragma once

#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "bot/commands/subcommand.hpp"
#include "eval/report/match_stats.hpp"

namespace tenbin::arena {

// The hand in which two logs of one game first differ, as (round wind 0..3, kyoku 1..4);
// nullopt when they never do. The start_game lines are skipped (the seat names differ by design).
std::optional<std::pair<int, int>> parting_hand(const std::string& log_a, const std::string& log_b);

struct SplitRow {
  int games = 0;
  WallSample place;        // A - B in places
  WallSample rank_points;  // A - B in rank points
};

// By parting hand; the games that never part under nullopt (sorted last).
std::map<std::optional<std::pair<int, int>>, SplitRow> split_by_parting_hand(const std::string& dir_a, const std::string& name_a,
                                                                            const std::string& dir_b, const std::string& name_b);

int split_command(const std::string& dir_a, const std::string& name_a, const std::string& dir_b, const std::string& name_b,
                  std::ostream& out, std::ostream& errors);

Subcommand add_split_command(CLI::App& app);

}  // namespace tenbin::arena
