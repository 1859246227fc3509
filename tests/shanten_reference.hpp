// A slow, independent reference for shanten, written straight from the definition and sharing
// nothing with engine/shanten.cpp. The tests compare the engine against it.
//
// Definition: for a hand of 3n+1 or 3n+2 concealed tiles, shanten = (least number of tiles that
// must be added so the tiles contain a complete hand) - 1, where a complete hand is
//   regular:      n sets (a run of three consecutive numbers in one suit, or a triplet) and a pair,
//   seven pairs:  seven different kinds, two of each (13 or 14 tiles only),
//   13 orphans:   one of each terminal and honour plus a second of one of them (13 or 14 only),
// and no kind may appear more than four times in the complete hand.
//
// "Tiles to add" for a chosen complete hand (a target count vector T) is sum over kinds of
// max(0, T[kind] - hand[kind]): the copies the target needs that the hand lacks.
#pragma once

#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <vector>

#include "engine/tile.hpp"

namespace tenbin::testing {

// The tiles a target needs that the hand does not hold.
inline int missing_tiles(const TileCounts& hand, const std::array<int, kNumKinds>& target) {
  int missing = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) missing += std::max(0, target[kind] - hand[kind]);
  return missing;
}

// ---------------------------------------------------------------------------------------------
// Regular form: a branch-and-bound search over the pair and the sets.
// ---------------------------------------------------------------------------------------------

// One candidate set: three kinds (a triplet repeats one kind, a run climbs one suit).
struct ReferenceSet {
  std::array<int, 3> kinds;
  int lowest() const { return kinds[0]; }
};

// All 55 sets ordered by their lowest kind (the triplet of a kind, then the run starting there),
// so the sets at or after any index only touch kinds at or above that set's lowest kind.
inline const std::vector<ReferenceSet>& all_sets() {
  static const std::vector<ReferenceSet> sets = [] {
    std::vector<ReferenceSet> result;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      result.push_back({{kind, kind, kind}});
      const bool run_starts_here = kind < 27 && kind % 9 <= 6;
      if (run_starts_here) result.push_back({{kind, kind + 1, kind + 2}});
    }
    return result;
  }();
  return sets;
}

// The search keeps the target built so far and the hand tiles it has not matched yet.
//
// Canonical form (why the search may skip sets that match nothing): the number of hand tiles a
// target matches, sum min(T, hand), has diminishing returns, so if a set matches no new hand
// tile when added after the pair and the lower-indexed sets, removing it from the target loses
// nothing. Such a set can then be any "filler" set that matches nothing and respects the
// four-copies limit (a triplet of a kind the target does not use: at most 14 target tiles leave
// 20 unused kinds), costing exactly 3. Likewise a pair of a kind the hand lacks costs exactly 2.
// So every optimum is reached as: a pair (matching or filler), then sets in index order each
// matching at least one new hand tile, then fillers at 3 each.
class RegularSearch {
 public:
  explicit RegularSearch(const TileCounts& hand) : hand_(hand), unused_(hand) {
    hand_tiles_ = total_tiles(hand);
    sets_needed_ = hand_tiles_ / 3;
  }

  // The least number of tiles to add (0 when the hand is complete).
  int least_missing() {
    const int target_tiles = 3 * sets_needed_ + 2;
    best_ = target_tiles + 1;
    // A filler pair: two tiles the hand lacks (some kind the target leaves at most two of).
    search_sets(0, sets_needed_, 2);
    // A pair the hand holds at least one of.
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (hand_[kind] == 0) continue;
      const int matched = std::min<int>(hand_[kind], 2);
      target_[kind] += 2;
      unused_[kind] = static_cast<std::uint8_t>(unused_[kind] - matched);
      search_sets(0, sets_needed_, 2 - matched);
      unused_[kind] = static_cast<std::uint8_t>(unused_[kind] + matched);
      target_[kind] -= 2;
    }
    return best_;
  }

 private:
  // Hand tiles not yet matched among kinds >= from.
  int unused_from(int from) const {
    int count = 0;
    for (int kind = from; kind < kNumKinds; ++kind) count += unused_[kind];
    return count;
  }

  void search_sets(std::size_t first_set, int sets_left, int missing) {
    // Finishing with fillers is always possible.
    best_ = std::min(best_, missing + 3 * sets_left);
    if (sets_left == 0) return;
    const auto& sets = all_sets();
    for (std::size_t index = first_set; index < sets.size(); ++index) {
      const ReferenceSet& set = sets[index];
      // Bound: each remaining set adds three target tiles and can match at most three of the
      // unused hand tiles at or above its lowest kind.
      const int reachable = unused_from(set.lowest());
      const int bound = missing + 3 * sets_left - std::min(3 * sets_left, reachable);
      if (bound >= best_) return;  // later sets reach even fewer unused tiles
      if (!fits_four_copies(set)) continue;
      int matched = 0;
      std::array<bool, 3> took{};
      for (int i = 0; i < 3; ++i) {
        const int kind = set.kinds[i];
        ++target_[kind];
        if (unused_[kind] > 0) {
          --unused_[kind];
          took[i] = true;
          ++matched;
        }
      }
      if (matched > 0) search_sets(index, sets_left - 1, missing + 3 - matched);
      for (int i = 0; i < 3; ++i) {
        const int kind = set.kinds[i];
        --target_[kind];
        if (took[i]) ++unused_[kind];
      }
    }
  }

  // Four-copies rule: the target may hold at most four of a kind.
  bool fits_four_copies(const ReferenceSet& set) const {
    std::array<int, kNumKinds> after = target_;
    for (const int kind : set.kinds) {
      if (++after[kind] > kCopiesPerKind) return false;
    }
    return true;
  }

  TileCounts hand_;
  TileCounts unused_;
  std::array<int, kNumKinds> target_{};
  int hand_tiles_ = 0;
  int sets_needed_ = 0;
  int best_ = 0;
};

// Regular form: n sets and a pair for a hand of 3n+1 or 3n+2 tiles.
inline int reference_shanten_regular(const TileCounts& hand) {
  return RegularSearch(hand).least_missing() - 1;
}

// The same value by plain enumeration of every pair and every multiset of sets, with no
// pruning and no canonical form; only usable for hands of up to eight tiles (two sets).
inline int exhaustive_shanten_regular(const TileCounts& hand) {
  const int sets_needed = total_tiles(hand) / 3;
  const auto& sets = all_sets();
  std::array<int, kNumKinds> target{};
  int best = 100;
  const std::function<void(std::size_t, int)> choose = [&](std::size_t first, int left) {
    if (left == 0) {
      const bool legal =
          std::all_of(target.begin(), target.end(), [](int c) { return c <= kCopiesPerKind; });
      if (legal) best = std::min(best, missing_tiles(hand, target));
      return;
    }
    for (std::size_t index = first; index < sets.size(); ++index) {
      for (const int kind : sets[index].kinds) ++target[kind];
      choose(index, left - 1);
      for (const int kind : sets[index].kinds) --target[kind];
    }
  };
  for (int pair = 0; pair < kNumKinds; ++pair) {
    target[pair] += 2;
    choose(0, sets_needed);
    target[pair] -= 2;
  }
  return best - 1;
}

// ---------------------------------------------------------------------------------------------
// Seven pairs and thirteen orphans: only for 13 or 14 tiles (no called melds).
// ---------------------------------------------------------------------------------------------

inline bool is_closed_size(const TileCounts& hand) {
  const int tiles = total_tiles(hand);
  return tiles == 13 || tiles == 14;
}

// Seven pairs: the target is two each of seven different kinds. Each kind's cost,
// max(0, 2 - hand[kind]), is independent of the others, so the cheapest seven kinds win.
inline std::optional<int> reference_shanten_chiitoitsu(const TileCounts& hand) {
  if (!is_closed_size(hand)) return std::nullopt;
  std::array<int, kNumKinds> cost{};
  for (int kind = 0; kind < kNumKinds; ++kind) cost[kind] = std::max(0, 2 - hand[kind]);
  std::sort(cost.begin(), cost.end());
  int missing = 0;
  for (int i = 0; i < 7; ++i) missing += cost[i];
  return missing - 1;
}

// Thirteen orphans: one of each terminal and honour, and a second copy of one of them; try each
// choice of the doubled kind.
inline std::optional<int> reference_shanten_kokushi(const TileCounts& hand) {
  if (!is_closed_size(hand)) return std::nullopt;
  std::vector<int> orphans;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (is_terminal_or_honor(kind)) orphans.push_back(kind);
  }
  int best = 100;
  for (const int doubled : orphans) {
    std::array<int, kNumKinds> target{};
    for (const int kind : orphans) target[kind] = 1;
    target[doubled] = 2;
    best = std::min(best, missing_tiles(hand, target));
  }
  return best - 1;
}

// All three forms and their minimum.
struct ReferenceShanten {
  int regular = 0;
  std::optional<int> chiitoitsu;
  std::optional<int> kokushi;
  int best() const {
    return std::min({regular, chiitoitsu.value_or(regular), kokushi.value_or(regular)});
  }
};

inline ReferenceShanten reference_shanten(const TileCounts& hand) {
  return {reference_shanten_regular(hand), reference_shanten_chiitoitsu(hand),
          reference_shanten_kokushi(hand)};
}

// Ukeire: the kinds whose draw lowers the shanten of a 3n+1 hand (never a kind the hand holds
// four of), each with 4 - visible[kind] copies left.
struct ReferenceUkeire {
  int shanten = 0;
  std::array<bool, kNumKinds> improves{};
  std::array<int, kNumKinds> remaining{};
  int kinds = 0;
  int total = 0;
};

inline ReferenceUkeire reference_ukeire(const TileCounts& hand, const TileCounts& visible) {
  ReferenceUkeire result;
  result.shanten = reference_shanten(hand).best();
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (hand[kind] >= kCopiesPerKind) continue;
    TileCounts drawn = hand;
    ++drawn[kind];
    if (reference_shanten(drawn).best() >= result.shanten) continue;
    result.improves[kind] = true;
    result.remaining[kind] = kCopiesPerKind - visible[kind];
    ++result.kinds;
    result.total += result.remaining[kind];
  }
  return result;
}

}  // namespace tenbin::testing
