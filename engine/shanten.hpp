// Shanten (how many tiles a hand is from tenpai) and ukeire (the draws that bring it closer).
//
// Shanten here is exact and physical: the least number of tiles to add (for a 13-tile hand) or to
// exchange (14 tiles) to reach a complete hand whose every kind has at most four copies. -1 means
// the hand is complete. Hands may hold 3n+1 or 3n+2 concealed tiles for n = 0..4; the number of
// called melds follows from the count (4 - n).
//
// The regular form is table-driven: for every pattern of one suit (each of nine kinds 0-4 copies,
// at most 14 tiles: 405,350 patterns) a precomputed vector gives the tiles needed to make k sets
// (k = 0..4) without and with the pair; honours get the same for their seven kinds. The hand's
// value is a min-plus combination of the four vectors. The tables are computed at build time and
// compiled in: see shanten_tables.hpp (README's Results give their size).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/tile.hpp"

namespace tenbin {

inline constexpr int kComplete = -1;
inline constexpr int kNotApplicable = 99;  // seven pairs or thirteen orphans with melds called

// Regular form (4 sets and a pair, counting the called melds).
int shanten_regular(const TileCounts& counts);
// Seven pairs: seven different kinds (four of a kind is one pair). kNotApplicable unless the
// hand holds 13 or 14 tiles.
int shanten_chiitoitsu(const TileCounts& counts);
// Thirteen orphans. kNotApplicable unless the hand holds 13 or 14 tiles.
int shanten_kokushi(const TileCounts& counts);
// The minimum over the three forms.
int shanten(const TileCounts& counts);

struct ShantenForms {
  int regular;
  int chiitoitsu;  // kNotApplicable with melds
  int kokushi;     // kNotApplicable with melds
  int best() const;
};
ShantenForms shanten_forms(const TileCounts& counts);

// The draws that lower the shanten of a 3n+1 hand, and how many of each are left given the
// tiles this seat can see (its own hand included). Kinds the hand already holds four of are
// never listed.
struct Ukeire {
  int shanten = 0;
  std::array<std::uint8_t, kNumKinds> remaining{};  // per kind; 0 for kinds that do not help
  std::array<bool, kNumKinds> improves{};
  int kinds = 0;
  int total = 0;  // sum of remaining
};
Ukeire ukeire(const TileCounts& hand, const TileCounts& visible);

// Size in bytes of the compiled shanten tables.
std::size_t shanten_table_bytes();

}  // namespace tenbin
