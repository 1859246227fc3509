// Agari: every way to read a complete hand.
//
// A regular hand is read as sets and one pair; every reading is produced, triplet-first and
// run-first both (222333444 is three triplets and also three identical runs), because yaku and fu
// depend on the reading and the scorer keeps the best (after "ピグ麻雀のアルゴリズム",
// https://ameblo.jp/principia-ca/entry-11581751786.html). Seven pairs and thirteen orphans are
// separate shapes.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/tile.hpp"

namespace tenbin {

enum class SetShape : std::uint8_t { run, triplet };

struct ConcealedSet {
  SetShape shape;
  std::uint8_t kind;  // the lowest kind of the set

  friend bool operator==(ConcealedSet, ConcealedSet) = default;
};

// One reading of the concealed tiles of a complete hand: `sets` sets and a pair.
struct Decomposition {
  std::uint8_t pair = 0;
  std::uint8_t sets = 0;
  std::array<ConcealedSet, 4> set{};

  friend bool operator==(const Decomposition&, const Decomposition&) = default;
};

// Every distinct reading of concealed tiles (3n+2 of them) as n sets and a pair; empty when none.
std::vector<Decomposition> decompose(const TileCounts& concealed);

bool is_seven_pairs(const TileCounts& concealed);      // 14 tiles, seven different pairs
bool is_thirteen_orphans(const TileCounts& concealed);  // 14 tiles
bool is_complete(const TileCounts& concealed);          // any of the three shapes

}  // namespace tenbin
