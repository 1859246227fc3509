// Shanten of the hands one draw, one discard or one exchange away from a base hand.
//
// The DP asks for thousands of neighbours per hand state. engine/shanten combines the four
// groups' figures (three suits and the honours, from the compiled tables of
// engine/shanten_tables.hpp) for every question; here the base hand's figures are kept with, for
// each group, the combination of the other three (and for each pair of groups, of the other two),
// so a neighbour reads only the changed groups again: a draw costs one table read and a
// five-term minimum. Seven pairs and thirteen orphans are kept as counters.
// The answers equal shanten() on the neighbour (tests/dp_test.cpp checks it on random hands).
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
  // `code` holds the group's counts in 3 bits each; group 3 is the honours.
  const GroupNeeds& get(int group, std::uint32_t code);

 private:
  struct Entry {
    std::uint32_t tag = 0xFFFFFFFFu;
    GroupNeeds needs;
  };
  std::vector<Entry> entries_;
};

class ShantenProbe {
 public:
  ShantenProbe(const TileCounts& base, GroupNeedsCache& cache);

  int base() const { return base_; }
  int after_draw(int kind) const { return after_exchange(kind, -1); }
  int after_discard(int kind) const { return after_exchange(-1, kind); }
  // base + draw - discard; -1 for "none" on either side.
  int after_exchange(int draw, int discard) const;

 private:
  using Needs = GroupNeeds;

  Needs group_needs(int group, int draw, int discard) const;
  Needs combine(const Needs& a, const Needs& b) const;
  int distance(const Needs& a, const Needs& rest) const;
  int small_forms(int draw, int discard) const;

  GroupNeedsCache* cache_;
  std::array<std::uint32_t, 4> codes_{};
  TileCounts counts_{};
  int sets_ = 4;
  bool seven_pairs_size_ = false;  // 13 or 14 tiles: seven pairs and thirteen orphans apply
  std::array<Needs, 4> groups_{};
  std::array<Needs, 4> rest_{};       // every group but one, combined
  std::array<Needs, 6> pair_rest_{};  // every group but two, combined (see pair_index)
  int pairs_ = 0;          // kinds with two or more
  int kinds_ = 0;          // kinds held
  int orphan_kinds_ = 0;   // terminal and honour kinds held
  int orphan_pairs_ = 0;   // terminal and honour kinds with two or more
  int base_ = 0;
  bool small_forms_matter_ = true;  // seven pairs or orphans can be the best form of a neighbour
};

}  // namespace tenbin
