#include "engine/neighbour_shanten.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <cassert>

namespace tenbin {
namespace {

using shanten_tables::kHonorRanks;
using shanten_tables::kHonorTable;
using shanten_tables::kPairLane;
using shanten_tables::kSlackBias;
using shanten_tables::kSuitRanks;
using shanten_tables::kSuitTable;
using shanten_tables::kUsedLanes;
using shanten_tables::max_plus;
using shanten_tables::SetNeeds;

constexpr int kGroupStart[4] = {0, 9, 18, 27};
constexpr int kGroupSize[4] = {9, 9, 9, 7};
constexpr int kUnreachable = 99;  // a distance no hand has

int group_of(int kind) { return kind < 27 ? kind / 9 : 3; }

// A group's counts (each at most 4) packed 3 bits per kind, kind i of the group at bit 3i: the
// low 3 bits of eight bytes are folded together in three steps (pairs, quads, octets).
std::uint32_t pack_group(const TileCounts& counts, int group) {
  std::uint64_t bytes = 0;
  const int size = kGroupSize[group];
  std::memcpy(&bytes, counts.data() + kGroupStart[group], static_cast<std::size_t>(std::min(size, 8)));
  std::uint64_t x = bytes & 0x0707070707070707ull;
  x = (x | (x >> 5)) & 0x003F003F003F003Full;
  x = (x | (x >> 10)) & 0x00000FFF00000FFFull;
  x = (x | (x >> 20)) & 0xFFFFFFull;
  if (size == 9) x |= static_cast<std::uint64_t>(counts[static_cast<std::size_t>(kGroupStart[group] + 8)]) << 24;
  return static_cast<std::uint32_t>(x);
}

// Bit 3i set for each kind i of a packed group holding at least one copy / at least two.
constexpr std::uint32_t kFieldLowBits = 0111111111;  // bits 0, 3, ..., 24 (nine octal digits)
std::uint32_t kinds_held(std::uint32_t code) { return (code | code >> 1 | code >> 2) & kFieldLowBits; }
std::uint32_t kinds_paired(std::uint32_t code) { return (code >> 1 | code >> 2) & kFieldLowBits; }
std::uint32_t kinds_full(std::uint32_t code) { return (code >> 2) & kFieldLowBits; }  // four copies
// Set bits of a 32-bit word, in a few arithmetic steps (the portable build has no popcount
// instruction, and std::popcount becomes a library call).
int bit_count(std::uint32_t v) {
  v = v - ((v >> 1) & 0x55555555u);
  v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
  return static_cast<int>((((v + (v >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

// The terminals of a suit (its 1 and 9) and every honour.
constexpr std::uint32_t kOrphanFields[4] = {1u | 1u << 24, 1u | 1u << 24, 1u | 1u << 24, kFieldLowBits};

bool is_orphan(int kind) { return is_terminal_or_honor(kind); }

// Index of the unordered pair of groups {a, b} (a != b) in pair_rest_.
int pair_index(int a, int b) {
  if (a > b) std::swap(a, b);
  constexpr int kIndex[4][4] = {{-1, 0, 1, 2}, {0, -1, 3, 4}, {1, 3, -1, 5}, {2, 4, 5, -1}};
  return kIndex[a][b];
}


}  // namespace

GroupNeedsCache::GroupNeedsCache()
    : entries_(std::size_t{1} << kBits), mask_entries_(std::size_t{1} << kMaskBits) {}

void GroupNeedsCache::fill_masks(MaskEntry& entry, int group, std::uint32_t code, std::uint32_t tag) {
  const GroupNeeds base = get(group, code);  // a copy: the lookups below may reuse its entry
  int tiles = 0;
  for (int i = 0; i < kGroupSize[group]; ++i) tiles += static_cast<int>((code >> (3 * i)) & 7);
  LaneMasks masks;
  for (int i = 0; i < kGroupSize[group]; ++i) {
    const std::uint32_t count = (code >> (3 * i)) & 7;
    const std::uint32_t unit = 1u << (3 * i);
    const auto bit = static_cast<std::uint16_t>(1u << i);
    // The tables hold patterns of up to 14 tiles (a draw state's group never has 14).
    if (count < kCopiesPerKind && tiles < shanten_tables::kMaxTilesPerGroup) {
      const GroupNeeds& more = get(group, code + unit);
      for (int lane = 0; lane < 16; ++lane) {
        if (kUsedLanes[lane] && more.slack[lane] > base.slack[lane]) masks.gain[LaneMasks::lane_index(lane)] |= bit;
      }
    }
    if (count > 0) {
      masks.held |= bit;
      const GroupNeeds& fewer = get(group, code - unit);
      for (int lane = 0; lane < 16; ++lane) {
        if (kUsedLanes[lane] && fewer.slack[lane] < base.slack[lane]) masks.loss[LaneMasks::lane_index(lane)] |= bit;
      }
    }
  }
  entry.masks = masks;
  entry.tag = tag;
}

void GroupNeedsCache::fill(Entry& entry, int group, std::uint32_t code, std::uint32_t tag) {
  std::array<std::uint8_t, 9> counts{};
  for (int i = 0; i < kGroupSize[group]; ++i) counts[i] = static_cast<std::uint8_t>((code >> (3 * i)) & 7);
  const shanten_tables::PackedNeeds packed = group == 3 ? kHonorTable[kHonorRanks.rank(counts.data())]
                                                        : kSuitTable[kSuitRanks.rank(counts.data())];
  entry.needs = shanten_tables::unpack(packed);
  entry.tag = tag;
}

ShantenProbe::ShantenProbe(const TileCounts& base, GroupNeedsCache& cache, Neighbours neighbours)
    : cache_(&cache), counts_(base), exchanges_(neighbours == Neighbours::exchanges) {
  for (int group = 0; group < 4; ++group) codes_[group] = pack_group(base, group);
  const int total = total_tiles(base);
  sets_ = std::min(4, total / 3);
  seven_pairs_size_ = total == 13 || total == 14;
  for (int group = 0; group < 4; ++group) groups_[group] = group_needs(group, -1, -1);
  // Every group but one from two halves: six products instead of one per group and pair.
  const Needs first_two = combine(groups_[0], groups_[1]);
  const Needs last_two = combine(groups_[2], groups_[3]);
  rest_[0] = mirrored(combine(groups_[1], last_two));
  rest_[1] = mirrored(combine(groups_[0], last_two));
  rest_[2] = mirrored(combine(first_two, groups_[3]));
  rest_[3] = mirrored(combine(first_two, groups_[2]));
  if (exchanges_) {
    pair_rest_[pair_index(0, 1)] = last_two;
    pair_rest_[pair_index(2, 3)] = first_two;
    pair_rest_[pair_index(0, 2)] = combine(groups_[1], groups_[3]);
    pair_rest_[pair_index(0, 3)] = combine(groups_[1], groups_[2]);
    pair_rest_[pair_index(1, 2)] = combine(groups_[0], groups_[3]);
    pair_rest_[pair_index(1, 3)] = combine(groups_[0], groups_[2]);
  }
  for (int group = 0; group < 4; ++group) {
    const std::uint32_t held = kinds_held(codes_[group]);
    const std::uint32_t paired = kinds_paired(codes_[group]);
    kinds_ += bit_count(held);
    pairs_ += bit_count(paired);
    orphan_kinds_ += bit_count(held & kOrphanFields[group]);
    orphan_pairs_ += bit_count(paired & kOrphanFields[group]);
  }
  // A draw or an exchange moves each form's distance by at most one, so when the small forms are
  // two or more behind the regular one they never decide a neighbour's shanten.
  const int regular = distance(groups_[0], rest_[0]) - 1;
  const int small = small_forms(-1, -1);
  small_forms_matter_ = small <= regular + 1;
  base_ = std::min(regular, small);
}

ShantenProbe::Needs ShantenProbe::group_needs(int group, int draw, int discard) const {
  std::uint32_t code = codes_[group];
  const int start = kGroupStart[group];
  if (draw >= 0 && group_of(draw) == group) code += 1u << (3 * (draw - start));
  if (discard >= 0 && group_of(discard) == group) code -= 1u << (3 * (discard - start));
  return cache_->get(group, code);
}

ShantenProbe::Needs ShantenProbe::combine(const Needs& a, const Needs& b) const {
  switch (sets_) {
    case 0: return max_plus<0>(a, b);
    case 1: return max_plus<1>(a, b);
    case 2: return max_plus<2>(a, b);
    case 3: return max_plus<3>(a, b);
    default: return max_plus<4>(a, b);
  }
}

// Lane j of the result is lane sets_ - j of the other half of `rest`: each half is a byte-reversed
// word shifted into place (lanes 5-8 and 14-15 of every figure are 0, see shanten_tables.hpp).
ShantenProbe::Needs ShantenProbe::mirrored(const Needs& rest) const {
  std::uint64_t plain_lanes = 0;  // lanes 0-7
  std::uint64_t pair_lanes = 0;   // lanes 8-15
  std::memcpy(&plain_lanes, rest.slack.data(), 8);
  std::memcpy(&pair_lanes, rest.slack.data() + 8, 8);
  // out[j] = rest[9 + sets_ - j]: byte j of the reversed lanes 8-15 is lane 15 - j.
  const std::uint64_t out_plain = __builtin_bswap64(pair_lanes) >> (8 * (6 - sets_));
  // out[9 + j] = rest[sets_ - j]: byte j of the reversed lanes 0-7 is lane 7 - j.
  const std::uint64_t out_pair = (__builtin_bswap64(plain_lanes) >> (8 * (7 - sets_))) << 8;
  Needs out;
  std::memcpy(out.slack.data(), &out_plain, 8);
  std::memcpy(out.slack.data() + 8, &out_pair, 8);
  return out;
}

// Tiles needed for sets_ sets and the pair from one part and the rest: the best split, lane j
// of the part against the mirrored rest's lane j (the pair on either side). A lane where either
// side has no pattern (slack 0) sums to at most kSlackBias, below every real split (each real
// slack is at least kSlackBias - 14).
int ShantenProbe::distance(const Needs& a, const Needs& mirrored_rest) const {
#if defined(__SSE2__)
  __m128i sums = _mm_adds_epu8(_mm_load_si128(reinterpret_cast<const __m128i*>(a.slack.data())),
                               _mm_load_si128(reinterpret_cast<const __m128i*>(mirrored_rest.slack.data())));
  sums = _mm_max_epu8(sums, _mm_srli_si128(sums, 8));
  sums = _mm_max_epu8(sums, _mm_srli_si128(sums, 4));
  sums = _mm_max_epu8(sums, _mm_srli_si128(sums, 2));
  sums = _mm_max_epu8(sums, _mm_srli_si128(sums, 1));
  const int best = _mm_cvtsi128_si32(sums) & 0xFF;
#else
  int best = 0;
  for (std::size_t lane = 0; lane < a.slack.size(); ++lane) best = std::max(best, a.slack[lane] + mirrored_rest.slack[lane]);
#endif
  return best <= kSlackBias ? kUnreachable : 2 * kSlackBias - best;
}

// Seven pairs and thirteen orphans of base + draw - discard (a large number when the hand is not
// 13 or 14 tiles).
int ShantenProbe::small_forms(int draw, int discard) const {
  if (!seven_pairs_size_) return kUnreachable;
  int pairs = pairs_, kinds = kinds_, orphan_kinds = orphan_kinds_, orphan_pairs = orphan_pairs_;
  const auto change = [&](int kind, int before, int after) {
    const int pair_delta = (after >= 2 ? 1 : 0) - (before >= 2 ? 1 : 0);
    const int kind_delta = (after >= 1 ? 1 : 0) - (before >= 1 ? 1 : 0);
    pairs += pair_delta;
    kinds += kind_delta;
    if (!is_orphan(kind)) return;
    orphan_pairs += pair_delta;
    orphan_kinds += kind_delta;
  };
  if (draw >= 0) change(draw, counts_[draw], counts_[draw] + 1);
  if (discard >= 0) {
    const int before = counts_[discard] + (discard == draw ? 1 : 0);
    change(discard, before, before - 1);
  }
  const int seven_pairs = 6 - pairs + std::max(0, 7 - kinds);
  const int orphans = 13 - orphan_kinds - (orphan_pairs > 0 ? 1 : 0);
  return std::min(seven_pairs, orphans);
}

int ShantenProbe::after_exchange(int draw, int discard) const {
  assert(exchanges_ || draw < 0 || discard < 0);
  if (draw >= 0 && draw == discard) draw = discard = -1;
  const int draw_group = draw >= 0 ? group_of(draw) : -1;
  const int discard_group = discard >= 0 ? group_of(discard) : -1;
  int regular = 0;
  if (draw_group < 0 && discard_group < 0) {
    regular = distance(groups_[0], rest_[0]);
  } else if (draw_group < 0 || discard_group < 0 || draw_group == discard_group) {
    const int group = std::max(draw_group, discard_group);
    regular = distance(group_needs(group, draw, discard), rest_[group]);
  } else {
    const Needs both = combine(group_needs(draw_group, draw, -1), group_needs(discard_group, -1, discard));
    regular = distance(both, mirrored(pair_rest_[pair_index(draw_group, discard_group)]));
  }
  if (!small_forms_matter_) return regular - 1;
  return std::min(regular - 1, small_forms(draw, discard));
}

std::uint32_t ShantenProbe::best_lanes(const Needs& a, const Needs& mirrored_rest, int best) {
#if defined(__SSE2__)
  const __m128i sums = _mm_adds_epu8(_mm_load_si128(reinterpret_cast<const __m128i*>(a.slack.data())),
                                     _mm_load_si128(reinterpret_cast<const __m128i*>(mirrored_rest.slack.data())));
  return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(sums, _mm_set1_epi8(static_cast<char>(best)))));
#else
  std::uint32_t lanes = 0;
  for (std::size_t lane = 0; lane < a.slack.size(); ++lane) {
    if (std::min(255, a.slack[lane] + mirrored_rest.slack[lane]) == best) lanes |= 1u << lane;
  }
  return lanes;
#endif
}

// The slack sum of the best split at a given distance (distance() inverted).
int best_of(int distance) { return 2 * kSlackBias - distance; }

// A draw lowers each lane's need by one at most and a discard raises it by one at most, so a
// neighbour's distance moves by one exactly when one of the base's best splits moves (the other
// splits are a tile or more behind): the lane masks of the changed group, taken over its best
// lanes, give every draw's or discard's answer without combining figures again.
int ShantenProbe::discards_after_draw(int draw, std::array<GroupDiscards, 4>& groups) const {
  assert(exchanges_);
  const int draw_group = group_of(draw);
  const int draw_start = kGroupStart[draw_group];
  const std::uint32_t drawn_code = codes_[draw_group] + (1u << (3 * (draw - draw_start)));
  const Needs drawn = cache_->get(draw_group, drawn_code);
  const int drawn_distance = distance(drawn, rest_[draw_group]);
  const int best = best_of(drawn_distance);
  for (int group = 0; group < 4; ++group) {
    const bool is_draw_group = group == draw_group;
    const std::uint32_t code = is_draw_group ? drawn_code : codes_[group];
    groups[static_cast<std::size_t>(group)] = GroupDiscards{};
    if (code == 0) continue;  // nothing to discard there
    const std::uint32_t lanes =
        is_draw_group ? best_lanes(drawn, rest_[group], best)
                      : best_lanes(groups_[group], mirrored(combine(drawn, pair_rest_[pair_index(draw_group, group)])), best);
    // Discards that raise every best lane's need raise the distance.
    const LaneMasks& masks = cache_->masks(group, code);
    std::uint32_t raising = 0xFFFFu;
    for (std::uint32_t rest = lanes; rest != 0; rest &= rest - 1) {
      raising &= masks.loss[static_cast<std::size_t>(LaneMasks::lane_index(std::countr_zero(rest)))];
    }
    groups[static_cast<std::size_t>(group)] = {masks.held, raising & masks.held};
  }
  return drawn_distance;
}

void ShantenProbe::after_draw_and_each_discard(int draw, std::array<std::int8_t, kNumKinds>& out) const {
  std::array<GroupDiscards, 4> groups;
  const int drawn_distance = discards_after_draw(draw, groups);
  for (int group = 0; group < 4; ++group) {
    const int start = kGroupStart[group];
    const GroupDiscards& discards = groups[static_cast<std::size_t>(group)];
    for (std::uint32_t held = discards.held; held != 0; held &= held - 1) {
      const int i = std::countr_zero(held);
      const int regular = drawn_distance - 1 + static_cast<int>((discards.raising >> i) & 1u);
      out[start + i] = static_cast<std::int8_t>(small_forms_matter_ ? std::min(regular, small_forms(draw, start + i)) : regular);
    }
  }
}

std::uint64_t ShantenProbe::best_discards(int draw) const {
  if (small_forms_matter_) {
    // Each discard's shanten, seven pairs and orphans included; the least of them.
    std::array<std::int8_t, kNumKinds> after;
    after.fill(static_cast<std::int8_t>(kUnreachable));  // kinds not held stay above every answer
    after_draw_and_each_discard(draw, after);
    const int least = *std::min_element(after.begin(), after.end());
    std::uint64_t keeping = 0;
    for (int d = 0; d < kNumKinds; ++d) keeping |= after[d] == least ? std::uint64_t{1} << d : 0;
    return keeping;
  }
  std::array<GroupDiscards, 4> groups;
  discards_after_draw(draw, groups);
  std::uint64_t held = 0;
  std::uint64_t keeping = 0;
  for (int group = 0; group < 4; ++group) {
    const GroupDiscards& discards = groups[static_cast<std::size_t>(group)];
    held |= std::uint64_t{discards.held} << kGroupStart[group];
    keeping |= std::uint64_t{discards.held & ~discards.raising} << kGroupStart[group];
  }
  // When every discard raises the distance (a complete hand), every discard is as good.
  return keeping != 0 ? keeping : held;
}

std::uint64_t ShantenProbe::improving_draws() const {
  std::uint64_t kinds = 0;
  if (small_forms_matter_) {
    std::array<std::int8_t, kNumKinds> after{};
    after_each_draw(after);
    for (int k = 0; k < kNumKinds; ++k) {
      if (counts_[k] < kCopiesPerKind && after[k] < base_) kinds |= std::uint64_t{1} << k;
    }
    return kinds;
  }
  const int best = best_of(distance(groups_[0], rest_[0]));
  for (int group = 0; group < 4; ++group) kinds |= std::uint64_t{lowering_draws(group, best)} << kGroupStart[group];
  return kinds;
}

std::uint32_t ShantenProbe::lowering_draws(int group, int best) const {
  // Draws that lower some best lane's need lower the distance (a gain mask never holds a kind
  // held four times).
  const LaneMasks& masks = cache_->masks(group, codes_[group]);
  std::uint32_t lowering = 0;
  for (std::uint32_t lanes = best_lanes(groups_[group], rest_[group], best); lanes != 0; lanes &= lanes - 1) {
    lowering |= masks.gain[static_cast<std::size_t>(LaneMasks::lane_index(std::countr_zero(lanes)))];
  }
  return lowering;
}

void ShantenProbe::after_each_draw(std::array<std::int8_t, kNumKinds>& out) const {
  const int base_distance = distance(groups_[0], rest_[0]);
  const int best = best_of(base_distance);
  const bool small_forms_matter = small_forms_matter_;  // a local: `out` holds bytes, which may alias members
  for (int group = 0; group < 4; ++group) {
    const int start = kGroupStart[group];
    const std::uint32_t lowering = lowering_draws(group, best);
    const std::uint32_t full = kinds_full(codes_[group]);
    for (int i = 0; i < kGroupSize[group]; ++i) {
      if (((full >> (3 * i)) & 1u) != 0) continue;
      const int regular = base_distance - 1 - static_cast<int>((lowering >> i) & 1u);
      out[start + i] = static_cast<std::int8_t>(small_forms_matter ? std::min(regular, small_forms(start + i, -1)) : regular);
    }
  }
}

}  // namespace tenbin
