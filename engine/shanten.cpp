// Table-driven shanten.
//
// The regular form is a min-plus combination of per-group figures (shanten_tables.hpp), after
// the decomposition method that tables, for every pattern of one suit, the tiles needed to
// complete k sets with or without the pair (the idea public calculators use; the construction
// and the representation here are our own). The hand's distance to a complete hand is the least
// sum over the four groups (three suits, and the honours, which have no runs) that makes n sets
// and one pair; shanten is that distance minus one.
//
// The figures are held as slack = kSlackBias - need, so that "unreachable" is 0 and the min-plus
// product becomes a saturating max-plus one, which SSE2 does sixteen lanes at a time.
#include "engine/shanten.hpp"

#include <algorithm>

#include "engine/shanten_tables.hpp"

namespace tenbin {
namespace {

using shanten_tables::kHonorRanks;
using shanten_tables::kHonorTable;
using shanten_tables::kMaxSets;
using shanten_tables::kMaxTilesPerGroup;
using shanten_tables::kPairLane;
using shanten_tables::kSlackBias;
using shanten_tables::kSuitRanks;
using shanten_tables::kSuitTable;
using shanten_tables::max_plus;
using shanten_tables::SetNeeds;

SetNeeds suit_needs(const std::uint8_t* counts) {
  return shanten_tables::unpack(kSuitTable[kSuitRanks.rank(counts)]);
}

SetNeeds honor_needs(const std::uint8_t* counts) {
  return shanten_tables::unpack(kHonorTable[kHonorRanks.rank(counts)]);
}


// Tiles needed for Sets sets and the pair from the four groups of a hand.
template <int Sets>
int regular_distance(const TileCounts& counts) {
  const SetNeeds man_pin = max_plus<Sets>(suit_needs(counts.data()), suit_needs(counts.data() + 9));
  const SetNeeds sou_honors =
      max_plus<Sets>(suit_needs(counts.data() + 18), honor_needs(counts.data() + 27));
  int distance = 2 * kSlackBias;
  for (int j = 0; j <= Sets; ++j) {
    distance = std::min(distance, man_pin.need(j, false) + sou_honors.need(Sets - j, true));
    distance = std::min(distance, man_pin.need(j, true) + sou_honors.need(Sets - j, false));
  }
  return distance;
}

int regular_shanten(const TileCounts& counts, int total) {
  switch (total / 3) {
    case 0: return regular_distance<0>(counts) - 1;
    case 1: return regular_distance<1>(counts) - 1;
    case 2: return regular_distance<2>(counts) - 1;
    case 3: return regular_distance<3>(counts) - 1;
    default: return regular_distance<4>(counts) - 1;
  }
}

int chiitoitsu_shanten(const TileCounts& counts, int total) {
  if (total != 13 && total != 14) return kNotApplicable;
  int pairs = 0;
  int kinds = 0;
  for (const auto c : counts) {
    pairs += (c + 2) >> 2;  // c >= 2, branch-free for counts 0-4
    kinds += (c + 3) >> 2;  // c >= 1
  }
  return 6 - pairs + std::max(0, 7 - kinds);
}

int kokushi_shanten(const TileCounts& counts, int total) {
  if (total != 13 && total != 14) return kNotApplicable;
  int kinds = 0;
  int pair = 0;
  // Branch-free on counts 0-4: (c + 3) / 4 is 1 when c >= 1, (c + 2) / 4 when c >= 2.
  for (const int kind : kOrphanKinds) {
    kinds += (counts[kind] + 3) >> 2;
    pair |= (counts[kind] + 2) >> 2;
  }
  return 13 - kinds - pair;
}

}  // namespace

int shanten_regular(const TileCounts& counts) {
  return regular_shanten(counts, total_tiles(counts));
}
int shanten_chiitoitsu(const TileCounts& counts) {
  return chiitoitsu_shanten(counts, total_tiles(counts));
}
int shanten_kokushi(const TileCounts& counts) {
  return kokushi_shanten(counts, total_tiles(counts));
}

int ShantenForms::best() const { return std::min({regular, chiitoitsu, kokushi}); }

ShantenForms shanten_forms(const TileCounts& counts) {
  const int total = total_tiles(counts);
  return {regular_shanten(counts, total), chiitoitsu_shanten(counts, total),
          kokushi_shanten(counts, total)};
}

int shanten(const TileCounts& counts) { return shanten_forms(counts).best(); }

Ukeire ukeire(const TileCounts& hand, const TileCounts& visible) {
  Ukeire result;
  result.shanten = shanten(hand);
  TileCounts drawn = hand;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (hand[kind] >= kCopiesPerKind) continue;
    ++drawn[kind];
    if (shanten(drawn) < result.shanten) {
      result.improves[kind] = true;
      result.remaining[kind] =
          static_cast<std::uint8_t>(std::max(0, kCopiesPerKind - static_cast<int>(visible[kind])));
      ++result.kinds;
      result.total += result.remaining[kind];
    }
    --drawn[kind];
  }
  return result;
}

std::size_t shanten_table_bytes() {
  return sizeof(kSuitTable) + sizeof(kHonorTable) + sizeof(kSuitRanks) + sizeof(kHonorRanks);
}

}  // namespace tenbin
