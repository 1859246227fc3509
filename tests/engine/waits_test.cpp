// The table-driven waits against shanten's definition: a kind is a wait when adding it makes the
// shanten -1. Random complete hands minus a tile
// (every size from 4 to 13 concealed tiles), the same with one tile replaced at random (mostly
// not tenpai: the waits must then be empty), seven-pairs and thirteen-orphans shapes.
#include "engine/waits.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <string>

#include "engine/shanten.hpp"

namespace tenbin {
namespace {

KindMask engine_waits(const TileCounts& hand) {
  if (total_tiles(hand) % 3 != 1 || shanten(hand) != 0) return 0;
  KindMask waits = 0;
  TileCounts drawn = hand;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (drawn[kind] >= kCopiesPerKind) continue;
    ++drawn[kind];
    if (shanten(drawn) == kComplete) waits |= KindMask{1} << kind;
    --drawn[kind];
  }
  return waits;
}

std::string show(const TileCounts& hand) {
  std::string text;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    for (int i = 0; i < hand[kind]; ++i) text += kind_to_string(kind);
  }
  return text;
}

// A random complete hand of `sets` sets and a pair, every kind at most 4.
TileCounts random_complete(std::mt19937_64& rng, int sets) {
  while (true) {
    TileCounts hand{};
    bool ok = true;
    for (int s = 0; s < sets && ok; ++s) {
      const bool run = rng() % 2 == 0;
      if (run) {
        const int suit = static_cast<int>(rng() % 3);
        const int first = suit * 9 + static_cast<int>(rng() % 7);
        for (int i = 0; i < 3; ++i) ok = ok && ++hand[first + i] <= 4;
      } else {
        const int kind = static_cast<int>(rng() % kNumKinds);
        hand[kind] = static_cast<std::uint8_t>(hand[kind] + 3);
        ok = hand[kind] <= 4;
      }
    }
    const int pair = static_cast<int>(rng() % kNumKinds);
    hand[pair] = static_cast<std::uint8_t>(hand[pair] + 2);
    if (ok && hand[pair] <= 4) return hand;
  }
}

int random_tile_of(std::mt19937_64& rng, const TileCounts& hand) {
  int r = static_cast<int>(rng() % total_tiles(hand));
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (r < hand[kind]) return kind;
    r -= hand[kind];
  }
  return -1;
}

TEST(WaitsTest, CompleteMinusOneMatchesEngine) {
  std::mt19937_64 rng(61);
  int tenpai = 0;
  for (int i = 0; i < 20000; ++i) {
    const int sets = 1 + i % 4;
    TileCounts hand = random_complete(rng, sets);
    const int removed = random_tile_of(rng, hand);
    --hand[removed];
    const KindMask expected = engine_waits(hand);
    ASSERT_NE(expected, 0u) << show(hand);
    ASSERT_EQ(waits_of(hand), expected) << show(hand);
    std::array<int, 4> sizes{};
    for (int k = 0; k < kNumKinds; ++k) sizes[suit_of(k)] += hand[k];
    const KindMask fast = waits_after_removal(hand, sizes, removed) | seven_pairs_waits(hand);
    ASSERT_EQ(fast, expected) << show(hand) << " less " << kind_to_string(removed);
    ++tenpai;
  }
  EXPECT_EQ(tenpai, 20000);
}

TEST(WaitsTest, PerturbedHandsMatchEngine) {
  std::mt19937_64 rng(62);
  int tenpai = 0;
  int not_tenpai = 0;
  for (int i = 0; i < 20000; ++i) {
    const int sets = 1 + i % 4;
    TileCounts hand = random_complete(rng, sets);
    --hand[random_tile_of(rng, hand)];
    // Replace one tile by a random kind (kept at most 4).
    const int out = random_tile_of(rng, hand);
    const int in = static_cast<int>(rng() % kNumKinds);
    if (hand[in] >= 4 && in != out) continue;
    --hand[out];
    ++hand[in];
    const KindMask expected = engine_waits(hand);
    (expected != 0 ? tenpai : not_tenpai) += 1;
    ASSERT_EQ(waits_of(hand), expected) << show(hand);
  }
  EXPECT_GT(tenpai, 1000);
  EXPECT_GT(not_tenpai, 1000);
}

TEST(WaitsTest, SevenPairsAndThirteenOrphans) {
  std::mt19937_64 rng(63);
  for (int i = 0; i < 5000; ++i) {
    // Six pairs and a single, or seven pairs with one tile replaced.
    TileCounts hand{};
    int placed = 0;
    while (placed < 6) {
      const int kind = static_cast<int>(rng() % kNumKinds);
      if (hand[kind] != 0) continue;
      hand[kind] = 2;
      ++placed;
    }
    const int single = static_cast<int>(rng() % kNumKinds);
    if (hand[single] >= 4) continue;
    ++hand[single];
    ASSERT_EQ(waits_of(hand), engine_waits(hand)) << show(hand);
  }
  for (int i = 0; i < 2000; ++i) {
    TileCounts hand{};
    for (const int kind : kOrphanKinds) hand[kind] = 1;
    // Thirteen different orphans, or twelve with a pair, or a stray non-orphan.
    const int variant = i % 3;
    if (variant >= 1) {
      hand[kOrphanKinds[rng() % 13]] = 0;
      int extra = kOrphanKinds[rng() % 13];
      if (variant == 2) extra = static_cast<int>(rng() % kNumKinds);
      ++hand[extra];
    }
    ASSERT_EQ(waits_of(hand), engine_waits(hand)) << show(hand);
  }
  EXPECT_EQ(waits_of(parse_counts("19m19p19s1234567z")), engine_waits(parse_counts("19m19p19s1234567z")));
  EXPECT_EQ(std::popcount(waits_of(parse_counts("19m19p19s1234567z"))), 13);
}

TEST(WaitsTest, KnownShapes) {
  const auto waits = [](const char* hand) {
    const KindMask mask = waits_of(parse_counts(hand));
    std::string text;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if ((mask >> kind) & 1) text += kind_to_string(kind);
    }
    return text;
  };
  EXPECT_EQ(waits("1112345678999m"), "1m2m3m4m5m6m7m8m9m");  // nine gates
  EXPECT_EQ(waits("1m"), "1m");                              // tanki with four melds
  EXPECT_EQ(waits("23m55p111z"), "1m4m");                    // ryanmen
  EXPECT_EQ(waits("11m55p111z"), "1m5p");                    // shanpon across two suits
  EXPECT_EQ(waits("3456m111p"), "3m6m");                     // nobetan
  EXPECT_EQ(waits("1245m111p"), "");                         // two shapes short: not tenpai
  EXPECT_EQ(waits("1m55p"), "");                             // 3 tiles: not 3n+1
  EXPECT_EQ(waits("1155m2233p4466s7z"), "C");                // seven pairs only (7z is mjai C)
}

}  // namespace
}  // namespace tenbin
