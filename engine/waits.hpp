// The waits of a 3n+1 concealed hand, from per-group completion tables (MJ-0's inner loop, the
// DP's tenpai hands, the table's furiten).
//
// A regular hand is complete when every group (the three suits and the honours, which sets never
// cross) reads as sets, one of them as sets and the pair. So a 3n+1 hand waits on kind k of group
// g exactly when, by group sizes mod 3,
//   - g is the one group of size 3m+1 and g + k reads as sets and the pair, the others as sets; or
//   - g and h are the two groups of size 3m+2, g + k reads as sets, h as sets and the pair, and
//     the rest as sets.
// A table per group pattern holds which additions complete it (9 bits, 7 for the honours) and
// whether the pattern itself is complete; it is built once, on first use, from the complete
// patterns (every multiset of at most four sets, with or without a pair, each kind at most 4):
// pattern c - e_i gets bit i for every i in c. Seven pairs (six pairs and a single, four of a kind
// not two pairs) and thirteen orphans add their waits for 13 concealed tiles. This agrees with the
// shanten-based waits (tests/engine/waits_test.cpp checks it on random tenpai hands).
#pragma once

#include <array>
#include <cstdint>

#include "engine/tile.hpp"

namespace tenbin {

using KindMask = std::uint64_t;  // bit k: kind k

inline constexpr std::uint16_t kCompleteBit = 1u << 15;

// The table entry of one group's pattern: 9 counts for a suit, 7 for the honours.
std::uint16_t suit_completion(const std::uint8_t* counts);
std::uint16_t honor_completion(const std::uint8_t* counts);
// The same by the pattern's rank (shanten_tables::kSuitRanks / kHonorRanks).
std::uint16_t suit_completion_at(std::uint32_t rank);
std::uint16_t honor_completion_at(std::uint32_t rank);

// Every kind that completes a 3n+1 concealed hand (regular form; seven pairs and thirteen orphans
// when it holds 13 tiles). Empty when the hand is not tenpai or not 3n+1.
KindMask waits_of(const TileCounts& concealed);

// The regular-form part only (what waits_of adds seven pairs and thirteen orphans to); the
// second form takes the tile count of each group (man, pin, sou, honours), when known.
KindMask regular_waits(const TileCounts& concealed);
KindMask regular_waits(const TileCounts& concealed, const std::array<int, 4>& group_sizes);
KindMask seven_pairs_waits(const TileCounts& concealed);

// The regular waits of a hand known to be a complete regular hand less one tile of kind
// `removed` (the sampler's tenpai hands), with its group sizes: every group but the removed
// tile's reads as sets (or sets and the pair) by construction, so one or two table look-ups do.
KindMask waits_after_removal(const TileCounts& concealed, const std::array<int, 4>& group_sizes, int removed);
KindMask thirteen_orphans_waits(const TileCounts& concealed);

}  // namespace tenbin
