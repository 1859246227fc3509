// The wall experiment of the MJ-0 source (docs/mj0.md): late in a hand, name
// the two kinds most likely to be left in the live wall and then the next five; each named kind
// scores +1 per copy really there and -1 when none is, doubled for the first two.
//
// Positions: in each hand, each seat's first own draw with at most `max_live` live tiles left,
// seen through that seat's masked Table. Namers: MJ-0's wall estimate (expected copies in the
// live wall), and the unseen count alone (4 minus the copies the seat can see). The truth: the
// arena's walls are a pure function of the match seed (engine/wall), so the live wall at the
// position is the undrawn part of the live draws: wall positions
// [52 + live draws made, 52 + live draws made + tiles left).
// Ties among kinds of equal value are broken uniformly at random, in expectation (see
// naming_score), so integer unseen counts are not favoured or hurt by the order of the kinds.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "bot/commands/subcommand.hpp"
#include "engine/mjai.hpp"
#include "engine/tile.hpp"
#include "engine/wall.hpp"

namespace tenbin::arena {

inline constexpr int kFirstNamed = 2;  // named first, their points doubled
inline constexpr int kNamed = 7;       // named in all

// The expected score of naming kinds in decreasing order of `value`, against `live_copies` (the
// copies of each kind in the live wall). A group of kinds tied at one value that straddles the
// named places shares those places' weights equally (the expectation over random tie-breaks).
double naming_score(const std::array<double, kNumKinds>& value, const std::array<int, kNumKinds>& live_copies);

struct WallSettings {
  int max_live = 20;
  int samples = 2000;       // MJ-0 joint samples per position
  std::uint64_t seed = 1;   // MJ-0's seed for the first position; each next position adds 1
};

struct WallPosition {
  double mj0 = 0;           // MJ-0's score
  double unseen = 0;        // the unseen count's score
  int live_tiles = 0;
};

// The positions of one game of a match: its log and the wall it was dealt from. Throws
// std::runtime_error when the log does not match the walls (a wrong seed or game).
std::vector<WallPosition> wall_positions(const std::vector<Event>& log, WallScheme scheme, std::uint64_t seed,
                                         std::uint64_t wall_game, const WallSettings& settings,
                                         std::uint64_t& position_counter);

struct MeanAndError {
  double mean = 0;
  double std_error = 0;
};
MeanAndError mean_and_error(const std::vector<double>& values);

// `tenbin-arena wall-experiment DIR...` (match directories: the seed is needed). 0, or 1 when no
// position could be scored.
int wall_experiment_command(const std::vector<std::string>& dirs, const WallSettings& settings, std::ostream& out,
                            std::ostream& errors);

// `tenbin-arena wall-experiment DIR...`.
Subcommand add_wall_experiment_command(CLI::App& app);

}  // namespace tenbin::arena
