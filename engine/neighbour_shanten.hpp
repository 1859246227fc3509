// Shanten of the hands one draw, one discard or one exchange away from a base hand.
//
// The expected-score DP (bot/dp) and the ukeire loops ask for thousands of neighbours per hand. engine/shanten combines the four
// groups' figures (three suits and the honours, from the compiled tables of
// engine/shanten_tables.hpp) for every question; here the base hand's figures are kept with, for
// each group, the combination of the other three (and for each pair of groups, of the other two),
// so a neighbour reads only the changed groups again: a draw costs one table read and a
// five-term minimum. Seven pairs and thirteen orphans are kept as counters.
// The answers equal shanten() on the neighbour (tests/neighbour_shanten_test.cpp checks it on
// random hands of every size).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/shanten_tables.hpp"
#include "engine/tile.hpp"

namespace tenbin {

// A group's figures in the tables' slack form (lane k: bias - tiles needed for k sets, lane
// 9 + k: with the pair; 0 when no pattern fits).
using GroupNeeds = shanten_tables::SetNeeds;

// The figures of the group patterns one computation meets (a few thousand), direct-mapped and
// keyed by the packed counts, so that repeated patterns skip the ranking and the 3 MB table.
class GroupNeedsCache {
 public:
  GroupNeedsCache();
  // `code` holds the group's counts in 3 bits each; group 3 is the honours. Inline: the probes
  // ask for millions of figures per DP call, nearly all of them found here.
  const GroupNeeds& get(int group, std::uint32_t code) {
    const std::uint32_t tag = code | static_cast<std::uint32_t>(group) << 28;
    Entry& entry = entries_[(tag * 0x9E3779B1u) >> (32 - kBits)];
    if (entry.tag != tag) fill(entry, group, code, tag);
    return entry.needs;
  }

 private:
  static constexpr int kBits = 15;  // 32768 entries of 32 bytes
  struct Entry {
    std::uint32_t tag = 0xFFFFFFFFu;
    GroupNeeds needs;
  };
  // Looks the pattern up in the compiled tables (ranking it first).
  static void fill(Entry& entry, int group, std::uint32_t code, std::uint32_t tag);
  std::vector<Entry> entries_;
};

// Which neighbours a probe answers: draws and discards only, or exchanges too (a draw and a
// discard in different groups; costs four more table products to set up).
enum class Neighbours : std::uint8_t { draws_and_discards, exchanges };

class ShantenProbe {
 public:
  ShantenProbe(const TileCounts& base, GroupNeedsCache& cache, Neighbours neighbours = Neighbours::exchanges);

  int base() const { return base_; }
  int after_draw(int kind) const { return after_exchange(kind, -1); }
  int after_discard(int kind) const { return after_exchange(-1, kind); }
  // base + draw - discard; -1 for "none" on either side.
  int after_exchange(int draw, int discard) const;
  // shanten(base + k) for every kind k with fewer than four copies held (out[k]; the others are
  // left alone).
  void after_each_draw(std::array<std::int8_t, kNumKinds>& out) const;
  // shanten(base + draw - d) for every kind d held after the draw (out[d]; other entries are
  // left alone): the drawn group is combined with the others once, not once per discard.
  void after_draw_and_each_discard(int draw, std::array<std::int8_t, kNumKinds>& out) const;

 private:
  using Needs = GroupNeeds;

  Needs group_needs(int group, int draw, int discard) const;
  Needs combine(const Needs& a, const Needs& b) const;
  // A rest's lanes mirrored for distance(): lane j holds the lane that completes j.
  Needs mirrored(const Needs& rest) const;
  int distance(const Needs& a, const Needs& mirrored_rest) const;
  int small_forms(int draw, int discard) const;

  GroupNeedsCache* cache_;
  std::array<std::uint32_t, 4> codes_{};
  TileCounts counts_{};
  bool exchanges_ = true;
  int sets_ = 4;
  bool seven_pairs_size_ = false;  // 13 or 14 tiles: seven pairs and thirteen orphans apply
  std::array<Needs, 4> groups_{};
  std::array<Needs, 4> rest_{};       // every group but one, combined, mirrored
  std::array<Needs, 6> pair_rest_{};  // every group but two, combined (see pair_index)
  std::array<Needs, 6> pair_rest_mirrored_{};
  int pairs_ = 0;          // kinds with two or more
  int kinds_ = 0;          // kinds held
  int orphan_kinds_ = 0;   // terminal and honour kinds held
  int orphan_pairs_ = 0;   // terminal and honour kinds with two or more
  int base_ = 0;
  bool small_forms_matter_ = true;  // seven pairs or orphans can be the best form of a neighbour
};

}  // namespace tenbin
