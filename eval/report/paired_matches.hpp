// Two strategies seated in two matches on the same walls: game g of one deals the same walls to
// the same seats as game g of the other, so their results can be taken game by game and wall by
// wall (the luck of a wall mostly cancels). `compare`, `split` and `sprt` read matches this way.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "eval/report/match_stats.hpp"

namespace CLI {
class App;
}

namespace tenbin::arena {

// The four positional arguments of `compare`, `split` and `sprt`: DIR_A NAME_A DIR_B NAME_B.
struct PairedMatchArguments {
  std::string dir_a, name_a, dir_b, name_b;
};
// Registers them on `command`; `role_a` and `role_b` say what A and B are (e.g. "the reference").
void add_paired_match_arguments(CLI::App& command, PairedMatchArguments& arguments, const std::string& role_a = "",
                                const std::string& role_b = "");

// How each side is named in a comparison's lines: its seat name, or, when the two sides share
// one, the name with its match directory's last part ("full (full+variant-seed9-400)").
struct SideLabels {
  std::string a, b;
};
SideLabels side_labels(const PairedMatchArguments& arguments);

// One game played in both matches: the place (0 = 1st .. 3 = 4th) of A's and of B's strategy,
// and, when read with their logs, the hands each game lasted and the points each scored per
// hand, plain and less its luck (eval/report/luck.hpp).
struct PairedGame {
  int game = 0;
  std::uint64_t wall = 0;
  int place_a = 0;
  int place_b = 0;
  int hands_a = 0, hands_b = 0;
  double points_a = 0, points_b = 0;
  double adjusted_a = 0, adjusted_b = 0;
};

// What to read of each game: the places from results.jsonl, or the points per hand too (each
// game's log read and its luck computed).
enum class PairedFigures { places, points_per_hand };

struct PairedMatches {
  bool duplicate = false;
  int games_per_wall = 1;          // 4 in a duplicate match: a wall is whole with all four
  std::vector<PairedGame> games;   // the games finished in both, by game
};

// Reads both match directories; throws std::runtime_error when their seed, games, format,
// seating mode or start book differ, when a game's wall differs, or when a name is not seated
// exactly once in a game.
PairedMatches read_paired_matches(const std::string& dir_a, const std::string& name_a, const std::string& dir_b,
                                  const std::string& name_b, PairedFigures figures = PairedFigures::places);

// The difference A - B of a game, in places (1st = 1) and in rank points.
double place_difference(const PairedGame& game);
double rank_point_difference(const PairedGame& game);

// Each side's points per hand, plain and less its luck (PairedFigures::points_per_hand), as
// summary.json takes them: every game weighted by its hands. A - B is difference(a, b).
struct PairedPointsPerHand {
  WallSample a, b;
  WallSample adjusted_a, adjusted_b;
};
PairedPointsPerHand points_per_hand(const PairedMatches& matches);

// Each wall whole in both matches, in wall order: the mean of `first` on it less that of `second`.
std::vector<double> whole_wall_differences(const PairedMatches& matches, const WallSample& first, const WallSample& second);

}  // namespace tenbin::arena
