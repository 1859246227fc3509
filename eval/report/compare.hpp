// `tenbin-arena compare DIR_A NAME_A DIR_B NAME_B`: the paired difference of two strategies
// seated in two matches on the same walls, game by game, with its 95% interval over walls.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "bot/commands/subcommand.hpp"
#include "eval/report/match_stats.hpp"
#include "eval/report/paired_matches.hpp"

namespace tenbin::arena {

struct Comparison {
  int games = 0;
  int same_place = 0;  // games A and B finished in the same place
  Estimate place;        // A - B in places (negative: A finishes higher)
  Estimate rank_points;  // A - B in rank points per game
  // A - B in points per hand, when the matches were read with their points: each side's mean as
  // summary.json takes it (every game weighted by its hands), the interval over walls.
  Estimate points_per_hand;
  Estimate adjusted_points_per_hand;  // the same less each side's luck
};

Comparison compare(const PairedMatches& matches);

// Prints the comparison; 0 done, 3 the matches cannot be compared (said on `errors`).
// With `adjusted`, also the points per hand, plain and luck-adjusted (every log read).
int compare_command(const std::string& dir_a, const std::string& name_a, const std::string& dir_b,
                    const std::string& name_b, bool adjusted, std::ostream& out, std::ostream& errors);

Subcommand add_compare_command(CLI::App& app);

// `tenbin-arena pool DIR_A NAME_A DIR_B NAME_B [...]`: each pair's comparison (as `compare`),
// then the pairs' differences in average rank and rank points joined by pooled(), and the pairs
// in which A finishes lower with the interval clear of zero (a registered pair's rule reads
// these). 0 done; 2 the arguments are not pairs; 3 a pair cannot be compared.
int pool_command(const std::vector<std::string>& quads, std::ostream& out, std::ostream& errors);

Subcommand add_pool_command(CLI::App& app);

}  // namespace tenbin::arena
