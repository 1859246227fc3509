// MJ-0's exact mode against brute force: on reduced tile spaces every concealed hand that can be
// taken from the unseen copies is enumerated, weighed by its physical combinations
// prod C(unseen_k, h_k), kept when the engine says it is tenpai and none of its waits (kinds whose
// addition the engine calls complete) is furiten; the totals must agree exactly, integer for
// integer. Spaces: one suit with 4 concealed tiles (three melds), two suits with 7, and 13-tile
// hands from small spaces rich in pairs (seven pairs) and orphans (thirteen orphans).
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <random>

#include "bot/mj0/mj0.hpp"
#include "engine/shanten.hpp"

namespace tenbin::mj0 {
namespace {

std::uint64_t choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t r = 1;
  for (int i = 1; i <= k; ++i) r = r * static_cast<std::uint64_t>(n - k + i) / i;
  return r;
}

ExactForms brute_force(const TileCounts& unseen, int size, const TileCounts& furiten) {
  ExactForms forms;
  TileCounts hand{};
  std::function<void(int, int, std::uint64_t)> visit = [&](int kind, int left, std::uint64_t weight) {
    if (left == 0) {
      if (shanten(hand) != 0) return;
      std::array<bool, kNumKinds> waits{};
      bool dirty = false;
      TileCounts drawn = hand;
      for (int k = 0; k < kNumKinds; ++k) {
        if (drawn[k] >= kCopiesPerKind) continue;
        ++drawn[k];
        waits[k] = shanten(drawn) == kComplete;
        --drawn[k];
        dirty = dirty || (waits[k] && furiten[k] > 0);
      }
      if (dirty) return;
      forms.total += weight;
      for (int k = 0; k < kNumKinds; ++k) {
        if (waits[k]) forms.waiting[k] += weight;
      }
      return;
    }
    if (kind == kNumKinds) return;
    for (int c = 0; c <= std::min<int>(unseen[kind], left); ++c) {
      hand[kind] = static_cast<std::uint8_t>(c);
      visit(kind + 1, left - c, weight * choose(unseen[kind], c));
    }
    hand[kind] = 0;
  };
  visit(0, size, 1);
  return forms;
}

Meld pon_of(int kind) {
  const Tile t = Tile::of(kind);
  const std::array<Tile, 2> consumed = {t, t};
  return Meld::make(MeldType::pon, t, consumed, 0);
}

// A position whose only opponent has `melds` pons (of honour kinds outside the space) and the
// given unseen copies and furiten kinds.
Position position_with(const TileCounts& unseen, int melds, const TileCounts& furiten) {
  Position position;
  position.unseen = unseen;
  Opponent o;
  o.seat = 1;
  o.riichi = true;
  for (int i = 0; i < melds; ++i) o.melds.push_back(pon_of(kinds::east + i));
  o.concealed = 13 - 3 * melds;
  o.discarded = furiten;
  position.opponents.push_back(o);
  return position;
}

void expect_same(const ExactForms& exact, const ExactForms& brute) {
  ASSERT_GT(brute.total, 0u);
  EXPECT_EQ(exact.total, brute.total);
  for (int k = 0; k < kNumKinds; ++k) EXPECT_EQ(exact.waiting[k], brute.waiting[k]) << kind_to_string(k);
}

TEST(Mj0ExactTest, OneSuitFourTilesMatchesBruteForce) {
  std::mt19937_64 rng(71);
  for (int trial = 0; trial < 40; ++trial) {
    TileCounts unseen{};
    TileCounts furiten{};
    for (int k = 0; k < 9; ++k) unseen[k] = static_cast<std::uint8_t>(rng() % 5);
    for (int k = 0; k < 9; ++k) furiten[k] = rng() % 6 == 0 ? 1 : 0;
    const Position position = position_with(unseen, 3, furiten);
    SCOPED_TRACE(trial);
    const ExactForms brute = brute_force(unseen, 4, furiten);
    if (brute.total == 0) continue;
    expect_same(count_tenpai_forms(position, 0), brute);
  }
}

TEST(Mj0ExactTest, TwoSuitsSevenTilesMatchesBruteForce) {
  std::mt19937_64 rng(72);
  for (int trial = 0; trial < 8; ++trial) {
    TileCounts unseen{};
    TileCounts furiten{};
    for (int k = 9; k < 27; ++k) unseen[k] = static_cast<std::uint8_t>(1 + rng() % 4);
    for (int k = 9; k < 27; ++k) furiten[k] = rng() % 8 == 0 ? 1 : 0;
    SCOPED_TRACE(trial);
    expect_same(count_tenpai_forms(position_with(unseen, 2, furiten), 0), brute_force(unseen, 7, furiten));
  }
}

TEST(Mj0ExactTest, ThirteenTilesWithSevenPairsMatchesBruteForce) {
  // Pairs of many kinds and a few singles, in three suits and the honours.
  std::mt19937_64 rng(73);
  for (int trial = 0; trial < 6; ++trial) {
    TileCounts unseen{};
    TileCounts furiten{};
    int tiles = 0;
    while (tiles < 19) {
      const int k = static_cast<int>(rng() % kNumKinds);
      if (unseen[k] >= 3) continue;
      ++unseen[k];
      ++tiles;
    }
    for (int k = 0; k < kNumKinds; ++k) furiten[k] = unseen[k] > 0 && rng() % 10 == 0 ? 1 : 0;
    SCOPED_TRACE(trial);
    const ExactForms brute = brute_force(unseen, 13, furiten);
    if (brute.total == 0) continue;
    expect_same(count_tenpai_forms(position_with(unseen, 0, furiten), 0), brute);
  }
}

TEST(Mj0ExactTest, ThirteenOrphansMatchesBruteForce) {
  TileCounts unseen{};
  for (const int k : kOrphanKinds) unseen[k] = 2;
  unseen[kinds::m5] = 2;
  unseen[kinds::p1 + 1] = 1;
  TileCounts furiten{};
  expect_same(count_tenpai_forms(position_with(unseen, 0, furiten), 0), brute_force(unseen, 13, furiten));
  furiten[kinds::north] = 1;  // the thirteen-sided wait is then furiten
  expect_same(count_tenpai_forms(position_with(unseen, 0, furiten), 0), brute_force(unseen, 13, furiten));
}

TEST(Mj0ExactTest, RiichiDangerIsTheShareOfForms) {
  TileCounts unseen{};
  for (int k = 0; k < 9; ++k) unseen[k] = 3;
  TileCounts furiten{};
  furiten[3] = 1;  // 4m in the river
  const Position position = position_with(unseen, 3, furiten);
  const ExactForms forms = count_tenpai_forms(position, 0);
  const OpponentEstimate e = exact_riichi_danger(position, 0);
  for (int k = 0; k < kNumKinds; ++k) {
    EXPECT_DOUBLE_EQ(e.tiles[k].deal_in, static_cast<double>(forms.waiting[k]) / static_cast<double>(forms.total));
  }
  EXPECT_EQ(e.tiles[3].deal_in, 0.0);  // genbutsu
  // Suji: 1m and 7m lose the ryanmen waits 23m and 56m that 4m would make furiten.
  EXPECT_LT(e.tiles[0].deal_in, e.tiles[8].deal_in);
  Position not_riichi = position;
  not_riichi.opponents[0].riichi = false;
  EXPECT_THROW(exact_riichi_danger(not_riichi, 0), std::invalid_argument);
  EXPECT_THROW(exact_riichi_danger(position, 3), std::invalid_argument);
}

}  // namespace
}  // namespace tenbin::mj0
