// engine/neighbour_shanten: every neighbour's shanten read from the base hand's figures equals
// shanten() computed from scratch on that neighbour, for random hands of every size (draws,
// discards, exchanges, and the per-draw sweep over every discard).
#include "engine/neighbour_shanten.hpp"

#include <algorithm>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "engine/shanten.hpp"

namespace tenbin {
namespace {

std::vector<TileCounts> random_hands(int count, int size, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::array<int, 136> wall{};
  for (int i = 0; i < 136; ++i) wall[static_cast<std::size_t>(i)] = i / 4;
  std::vector<TileCounts> hands;
  for (int n = 0; n < count; ++n) {
    std::shuffle(wall.begin(), wall.end(), rng);
    TileCounts hand{};
    for (int i = 0; i < size; ++i) ++hand[wall[static_cast<std::size_t>(i)]];
    hands.push_back(hand);
  }
  return hands;
}

// A hand of `size` tiles from a few kinds only, so that the neighbours meet full kinds, pairs and
// the small forms' edge cases more often than uniform hands do.
std::vector<TileCounts> crowded_hands(int count, int size, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<TileCounts> hands;
  while (static_cast<int>(hands.size()) < count) {
    std::uniform_int_distribution<int> first(0, kNumKinds - 8);
    const int base = first(rng);
    TileCounts hand{};
    int placed = 0;
    for (int tries = 0; placed < size && tries < 1000; ++tries) {
      std::uniform_int_distribution<int> offset(0, 7);
      const int kind = base + offset(rng);
      if (hand[kind] >= kCopiesPerKind) continue;
      ++hand[kind];
      ++placed;
    }
    if (placed == size) hands.push_back(hand);
  }
  return hands;
}

void check_every_neighbour(const TileCounts& hand, GroupNeedsCache& cache, int& checks) {
  const ShantenProbe probe(hand, cache);
  const ShantenProbe draws_only(hand, cache, Neighbours::draws_and_discards);
  ASSERT_EQ(probe.base(), shanten(hand));
  const bool draw_state = total_tiles(hand) % 3 == 1;
  std::array<std::int8_t, kNumKinds> drawn;
  drawn.fill(-9);
  if (draw_state) probe.after_each_draw(drawn);
  for (int k = 0; k < kNumKinds; ++k) {
    if (!draw_state) {
      if (hand[k] == 0) continue;
      TileCounts next = hand;
      --next[k];
      ASSERT_EQ(probe.after_discard(k), shanten(next));
      ASSERT_EQ(draws_only.after_discard(k), shanten(next));
      ++checks;
      continue;
    }
    if (hand[k] >= kCopiesPerKind) {
      ASSERT_EQ(drawn[k], -9) << "a full kind was written";
      ASSERT_EQ((probe.improving_draws() >> k) & 1, 0u) << "a full kind improves";
      continue;
    }
    TileCounts next = hand;
    ++next[k];
    ASSERT_EQ(probe.after_draw(k), shanten(next));
    ASSERT_EQ(draws_only.after_draw(k), shanten(next));
    ASSERT_EQ(drawn[k], shanten(next));
    ASSERT_EQ((probe.improving_draws() >> k) & 1, shanten(next) < shanten(hand) ? 1u : 0u);
    std::array<std::int8_t, kNumKinds> swept;
    swept.fill(-9);
    probe.after_draw_and_each_discard(k, swept);
    int least = 99;
    for (int d = 0; d < kNumKinds; ++d) {
      if (next[d] == 0) {
        ASSERT_EQ(swept[d], -9) << "a kind not held was written";
        continue;
      }
      --next[d];
      const int expected = shanten(next);
      ASSERT_EQ(probe.after_exchange(k, d), expected);
      ASSERT_EQ(swept[d], expected);
      least = std::min(least, expected);
      ++next[d];
      ++checks;
    }
    std::uint64_t best = 0;
    for (int d = 0; d < kNumKinds; ++d) best |= next[d] > 0 && swept[d] == least ? std::uint64_t{1} << d : 0;
    ASSERT_EQ(probe.best_discards(k), best);
  }
}

TEST(NeighbourShanten, EqualsShantenOnEveryNeighbour) {
  GroupNeedsCache cache;
  int checks = 0;
  for (const int size : {13, 14, 10, 11, 7, 8, 4, 5, 1, 2}) {
    for (const TileCounts& hand : random_hands(120, size, static_cast<std::uint32_t>(size))) {
      check_every_neighbour(hand, cache, checks);
    }
    for (const TileCounts& hand : crowded_hands(60, size, static_cast<std::uint32_t>(100 + size))) {
      check_every_neighbour(hand, cache, checks);
    }
  }
  EXPECT_GT(checks, 50000);
}

// The lane masks a sweep reads (LaneMasks) against the figures they summarise, on random group
// patterns: one tile more lowers each lane's need by one at most, one tile fewer raises it by one
// at most, and a mask bit is set exactly where the need moved (and `held` where the kind is held).
TEST(NeighbourShanten, LaneMasksMatchTheFigures) {
  GroupNeedsCache cache;
  std::mt19937 rng(7);
  int checks = 0;
  for (int sample = 0; sample < 20000; ++sample) {
    const int group = sample % 4;
    const int size = group == 3 ? 7 : 9;
    std::array<int, 9> counts{};
    int tiles = 0;
    std::uniform_int_distribution<int> kind_of(0, size - 1);
    std::uniform_int_distribution<int> wanted(0, shanten_tables::kMaxTilesPerGroup);
    for (int target = wanted(rng); tiles < target;) {
      const int kind = kind_of(rng);
      if (counts[static_cast<std::size_t>(kind)] == kCopiesPerKind) continue;
      ++counts[static_cast<std::size_t>(kind)];
      ++tiles;
    }
    std::uint32_t code = 0;
    for (int i = 0; i < size; ++i) code |= static_cast<std::uint32_t>(counts[static_cast<std::size_t>(i)]) << (3 * i);
    const GroupNeeds base = cache.get(group, code);
    const LaneMasks masks = cache.masks(group, code);
    for (int i = 0; i < size; ++i) {
      const int count = counts[static_cast<std::size_t>(i)];
      ASSERT_EQ((masks.held >> i) & 1, count > 0 ? 1 : 0);
      const std::uint32_t unit = 1u << (3 * i);
      for (int lane = 0; lane < 16; ++lane) {
        if (!shanten_tables::kUsedLanes[static_cast<std::size_t>(lane)]) continue;
        const auto at = static_cast<std::size_t>(LaneMasks::lane_index(lane));
        const int need = shanten_tables::kSlackBias - base.slack[static_cast<std::size_t>(lane)];
        if (count < kCopiesPerKind && tiles < shanten_tables::kMaxTilesPerGroup) {
          const int more = shanten_tables::kSlackBias - cache.get(group, code + unit).slack[static_cast<std::size_t>(lane)];
          ASSERT_TRUE(more == need || more == need - 1) << "group " << group << " code " << code << " kind " << i;
          ASSERT_EQ((masks.gain[at] >> i) & 1, more < need ? 1 : 0);
          ++checks;
        }
        if (count > 0) {
          const int fewer = shanten_tables::kSlackBias - cache.get(group, code - unit).slack[static_cast<std::size_t>(lane)];
          ASSERT_TRUE(fewer == need || fewer == need + 1) << "group " << group << " code " << code << " kind " << i;
          ASSERT_EQ((masks.loss[at] >> i) & 1, fewer > need ? 1 : 0);
          ++checks;
        }
      }
    }
  }
  EXPECT_GT(checks, 1000000);
}

}  // namespace
}  // namespace tenbin
