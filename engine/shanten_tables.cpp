// Building the shanten tables (see shanten_tables.hpp for what they hold).
#include "engine/shanten_tables.hpp"

#include <utility>

namespace tenbin::shanten_tables {
namespace {

// One group of kinds that form sets among themselves: a suit (9 kinds, runs) or the honours
// (7 kinds, triplets and pairs only).
template <int Kinds, bool Runs>
class GroupTableBuilder {
 public:
  explicit GroupTableBuilder(const PatternRanks<Kinds>& ranks) : ranks_(ranks), size_(ranks.size()) {}

  std::vector<PackedNeeds> build() {
    build_table();
    return std::move(entries_);
  }

 private:
  using Pattern = std::array<std::uint8_t, Kinds>;

  std::uint32_t rank(const std::uint8_t* counts) const { return ranks_.rank(counts); }

  // Odometer steps through the patterns in lexicographic (rank) order. The successor adds a
  // tile at the last kind that can take one, clearing the kinds after it; the predecessor takes
  // one from the last kind that has one and fills the kinds after it as high as room allows.
  static bool next_pattern(Pattern& pattern, int& tiles) {
    int i = Kinds - 1;
    while (i >= 0 && (pattern[i] == kCopiesPerKind || tiles == kMaxTilesPerGroup)) {
      tiles -= pattern[i];
      pattern[i] = 0;
      --i;
    }
    if (i < 0) return false;
    ++pattern[i];
    ++tiles;
    return true;
  }
  static bool previous_pattern(Pattern& pattern, int& tiles) {
    int i = Kinds - 1;
    while (i >= 0 && pattern[i] == 0) --i;
    if (i < 0) return false;
    --pattern[i];
    --tiles;
    for (int j = i + 1; j < Kinds; ++j) {
      pattern[j] = static_cast<std::uint8_t>(std::min(kCopiesPerKind, kMaxTilesPerGroup - tiles));
      tiles += pattern[j];
    }
    return true;
  }
  static Pattern last_pattern() {
    Pattern pattern{};
    int tiles = 0;
    for (auto& count : pattern) {
      count = static_cast<std::uint8_t>(std::min(kCopiesPerKind, kMaxTilesPerGroup - tiles));
      tiles += count;
    }
    return pattern;
  }

  static int shape_bit(int sets, bool pair) { return sets * 2 + (pair ? 1 : 0); }
  static constexpr PackedNeeds kAllShapes = (PackedNeeds{1} << (2 * (kMaxSets + 1))) - 1;

  // Marks every complete pattern of `sets` sets (and a pair if asked), adding sets in
  // non-decreasing order: set index < Kinds is a triplet, above that a run start.
  void mark_complete(Pattern& pattern, int sets_left, int first_set, int sets, bool pair,
                     std::vector<PackedNeeds>& complete) const {
    if (sets_left == 0) {
      if (!pair) {
        complete[rank(pattern.data())] |= PackedNeeds{1} << shape_bit(sets, false);
        return;
      }
      for (int kind = 0; kind < Kinds; ++kind) {
        if (pattern[kind] + 2 > kCopiesPerKind) continue;
        pattern[kind] = static_cast<std::uint8_t>(pattern[kind] + 2);
        complete[rank(pattern.data())] |= PackedNeeds{1} << shape_bit(sets, true);
        pattern[kind] = static_cast<std::uint8_t>(pattern[kind] - 2);
      }
      return;
    }
    const int set_kinds = Runs ? Kinds + Kinds - 2 : Kinds;
    for (int set = first_set; set < set_kinds; ++set) {
      const int start = set < Kinds ? set : set - Kinds;
      const int step = set < Kinds ? 0 : 1;
      bool fits = true;
      for (int m = 0; m < 3; ++m) {
        ++pattern[start + m * step];
        fits = fits && pattern[start + m * step] <= kCopiesPerKind;
      }
      if (fits) mark_complete(pattern, sets_left - 1, set, sets, pair, complete);
      for (int m = 0; m < 3; ++m) --pattern[start + m * step];
    }
  }

  // The ranks of a pattern's neighbours with one tile more (Step +1) or one less (Step -1) of
  // each kind, -1 where there is none. A neighbour's rank shares the terms before kind i and
  // has every term after it shifted by one room, so suffix sums make each one O(1).
  template <int Step>
  std::array<std::int32_t, Kinds> neighbours(const Pattern& s, int tiles) const {
    std::array<int, Kinds> room{};
    std::array<std::uint32_t, Kinds + 1> prefix{};
    int r = kMaxTilesPerGroup;
    for (int i = 0; i < Kinds; ++i) {
      room[i] = r;
      prefix[i + 1] = prefix[i] + ranks_.offset(i, r, s[i]);
      r -= s[i];
    }
    std::array<std::uint32_t, Kinds + 1> shifted{};  // terms from kind j on, with room - Step
    for (int j = Kinds - 1; j >= 0; --j) {
      const int shifted_room = room[j] - Step;
      shifted[j] = shifted[j + 1] + (shifted_room >= 0 ? ranks_.offset(j, shifted_room, s[j]) : 0);
    }
    std::array<std::int32_t, Kinds> ranks{};
    for (int i = 0; i < Kinds; ++i) {
      const int count = s[i] + Step;
      const bool exists = count >= 0 && count <= kCopiesPerKind && tiles + Step <= kMaxTilesPerGroup;
      ranks[i] = exists ? static_cast<std::int32_t>(prefix[i] + ranks_.offset(i, room[i], count) +
                                                    shifted[i + 1])
                        : -1;
    }
    return ranks;
  }

  // Two passes over the lattice of patterns in rank order (lexicographic, so adding a tile
  // raises the rank and removing one lowers it):
  //  1. descending: extendable(s) = complete(s) | OR_i extendable(s + one of kind i): the
  //     shapes (k sets, pair or not) that s is part of;
  //  2. ascending: need(s) = size - |s| for a shape s is part of; otherwise the least need of s
  //     less one tile (the tiles of s a target can keep are those of some smaller pattern).
  //
  // The shapes s is part of are kept in its own entry's word until pass 2 replaces them by its
  // needs (pass 2 reads only lower ranks, already final), so the build touches no other memory.
  void build_table() {
    entries_.assign(size_, 0);
    auto& extendable = entries_;

    Pattern pattern{};
    for (int sets = 0; sets <= kMaxSets; ++sets) {
      for (const bool pair : {false, true}) {
        if (3 * sets + (pair ? 2 : 0) <= kMaxTilesPerGroup) {
          mark_complete(pattern, sets, 0, sets, pair, extendable);
        }
      }
    }
    pattern = last_pattern();
    int tiles = kMaxTilesPerGroup;
    for (std::size_t r = size_; r-- > 0; previous_pattern(pattern, tiles)) {
      for (const std::int32_t up : neighbours<+1>(pattern, tiles)) {
        if (up >= 0) extendable[r] |= extendable[static_cast<std::size_t>(up)];
      }
    }

    pattern = Pattern{};
    tiles = 0;
    for (std::size_t r = 0; r < size_; ++r, next_pattern(pattern, tiles)) {
      SetNeeds needs;
      const PackedNeeds shapes = extendable[r];
      if (shapes != kAllShapes) {
        for (const std::int32_t down : neighbours<-1>(pattern, tiles)) {
          if (down >= 0) needs.lower_to(unpack(entries_[static_cast<std::size_t>(down)]));
        }
      }
      for (int sets = 0; sets <= kMaxSets; ++sets) {
        for (const bool pair : {false, true}) {
          if (shapes & (1u << shape_bit(sets, pair))) {
            needs.set_need(sets, pair, 3 * sets + (pair ? 2 : 0) - tiles);
          }
        }
      }
      entries_[r] = pack(needs);
    }
  }

  const PatternRanks<Kinds>& ranks_;
  std::size_t size_ = 0;
  std::vector<PackedNeeds> entries_;
};

}  // namespace

std::vector<PackedNeeds> build_suit_table() {
  return GroupTableBuilder<9, true>(kSuitRanks).build();
}

std::vector<PackedNeeds> build_honor_table() {
  return GroupTableBuilder<7, false>(kHonorRanks).build();
}

}  // namespace tenbin::shanten_tables
