// Shanten of the hands one draw, one discard or one exchange away from a base hand.
//
// The expected-score DP (bot/dp) and the ukeire loops ask for thousands of neighbours per hand. engine/shanten combines the four
// groups' figures (three suits and the honours, from the compiled tables of
// engine/shanten_tables.hpp) for every question; here the base hand's figures are kept with, for
// each group, the combination of the other three (and for each pair of groups, of the other two),
// so a neighbour reads only the changed groups again: a draw costs one table read and a
// five-term minimum. The sweeps over every draw (or every discard after a draw) go further: a
// tile moves a group's need for a given split by one at most, so with each group pattern's lane
// masks (LaneMasks) and the splits where the base hand's best lies, a whole group's draws or
// discards are answered by a few mask operations. Seven pairs and thirteen orphans are kept as
// counters.
// The answers equal shanten() on the neighbour (tests/engine/neighbour_shanten_test.cpp checks it on
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

// For one group pattern, per lane of its figures (lanes 0-4 and 9-13, see lane_index): bit i of
// `gain` is set when a draw of the group's kind i lowers that lane's need, bit i of `loss` when a
// discard of kind i raises it. A tile moves a need by one at most, so these masks and the lanes
// where a hand's best split lies tell every draw's or discard's shanten at once.
struct LaneMasks {
  std::array<std::uint16_t, 10> gain{};
  std::array<std::uint16_t, 10> loss{};
  std::uint16_t held = 0;  // the kinds the pattern holds
  static int lane_index(int lane) { return lane < 5 ? lane : lane - 4; }
};

// The figures (and lane masks) of the group patterns one computation meets (some thousands),
// direct-mapped and keyed by the packed counts, so that repeated patterns skip the ranking and
// the large suit table.
class GroupNeedsCache {
 public:
  GroupNeedsCache();
  // `code` holds the group's counts in 3 bits each; group 3 is the honours. Inline: the probes
  // ask for millions of figures per DP call, nearly all of them found here.
  const GroupNeeds& get(int group, std::uint32_t code) {
    const std::uint32_t tag = tag_of(group, code);
    Entry& entry = entries_[(tag * 0x9E3779B1u) >> (32 - kBits)];
    if (entry.tag != tag) fill(entry, group, code, tag);
    return entry.needs;
  }
  const LaneMasks& masks(int group, std::uint32_t code) {
    const std::uint32_t tag = tag_of(group, code);
    MaskEntry& entry = mask_entries_[(tag * 0x9E3779B1u) >> (32 - kMaskBits)];
    if (entry.tag != tag) fill_masks(entry, group, code, tag);
    return entry.masks;
  }

 private:
  static constexpr int kBits = 15;      // 32768 entries of 32 bytes
  static constexpr int kMaskBits = 13;  // 8192 entries of 48 bytes
  static std::uint32_t tag_of(int group, std::uint32_t code) { return code | static_cast<std::uint32_t>(group) << 28; }
  struct Entry {
    std::uint32_t tag = 0xFFFFFFFFu;
    GroupNeeds needs;
  };
  struct MaskEntry {
    std::uint32_t tag = 0xFFFFFFFFu;
    LaneMasks masks;
  };
  // Looks the pattern up in the compiled tables (ranking it first).
  static void fill(Entry& entry, int group, std::uint32_t code, std::uint32_t tag);
  // Compares the pattern's figures with those of each pattern one tile more or less.
  void fill_masks(MaskEntry& entry, int group, std::uint32_t code, std::uint32_t tag);
  std::vector<Entry> entries_;
  std::vector<MaskEntry> mask_entries_;
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
  // The kinds whose draw lowers the shanten (the ukeire's kinds), bit k for kind k.
  std::uint64_t improving_draws() const;
  // shanten(base + draw - d) for every kind d held after the draw (out[d]; other entries are
  // left alone): the drawn group is combined with the others once, not once per discard.
  void after_draw_and_each_discard(int draw, std::array<std::int8_t, kNumKinds>& out) const;
  // After drawing `draw`, the discards that leave the best shanten a discard can leave (bit d for
  // kind d): those that keep the drawn hand's shanten, or every one from a complete hand.
  std::uint64_t best_discards(int draw) const;

 private:
  using Needs = GroupNeeds;

  Needs group_needs(int group, int draw, int discard) const;
  Needs combine(const Needs& a, const Needs& b) const;
  // A rest's lanes mirrored for distance(): lane j holds the lane that completes j.
  Needs mirrored(const Needs& rest) const;
  int distance(const Needs& a, const Needs& mirrored_rest) const;
  // The lanes (bit per lane) where a part and the mirrored rest reach the slack sum `best`: the
  // splits of the sets that give the hand its distance.
  static std::uint32_t best_lanes(const Needs& a, const Needs& mirrored_rest, int best);
  // Per group of the hand after drawing `draw`: the kinds held and those whose discard raises the
  // regular form's distance (bit i for the group's kind i). Returns the drawn hand's distance.
  struct GroupDiscards {
    std::uint32_t held = 0;
    std::uint32_t raising = 0;
  };
  int discards_after_draw(int draw, std::array<GroupDiscards, 4>& groups) const;
  // The kinds of `group` whose draw lowers the distance of the base hand, whose best slack sum is
  // `best` (bit i for the group's kind i).
  std::uint32_t lowering_draws(int group, int best) const;
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
  int pairs_ = 0;          // kinds with two or more
  int kinds_ = 0;          // kinds held
  int orphan_kinds_ = 0;   // terminal and honour kinds held
  int orphan_pairs_ = 0;   // terminal and honour kinds with two or more
  int base_ = 0;
  bool small_forms_matter_ = true;  // seven pairs or orphans can be the best form of a neighbour
};

}  // namespace tenbin
