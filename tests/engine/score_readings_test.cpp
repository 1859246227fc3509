// engine/score's score_readings: every reading of a winning hand with its han and fu. Its best
// reading (by points, then han, then fu: score_win's order) is score_win's on random complete
// hands, and a hand with two readings lists both. A hand opened by a call whose set is counted
// among its concealed tiles (opened_by_call) scores as an open hand.
#include <random>
#include <tuple>

#include <gtest/gtest.h>

#include "engine/score.hpp"

namespace tenbin {
namespace {

int tsumo_points(const ReadingValue& reading, bool dealer) {
  const Payment pay = payments(basic_points(reading.han, reading.fu, reading.yakuman, Rules{}), dealer, true);
  return dealer ? 3 * pay.non_dealer : pay.dealer + 2 * pay.non_dealer;
}

WinContext closed_tsumo() {
  WinContext context;
  context.round_wind = kinds::east;
  context.seat_wind = kinds::south;
  context.winner = 1;
  context.dealer = 0;
  context.discarder = 1;
  context.tsumo = true;
  return context;
}

// Four sets and a pair in a narrow band of one suit (so that hands with several readings are
// common), or anywhere.
TileCounts random_complete_hand(std::mt19937& rng) {
  for (;;) {
    TileCounts hand{};
    const bool narrow = rng() % 2 == 0;
    const int suit = static_cast<int>(rng() % 3);
    int sets = 0;
    for (int tries = 0; sets < 4 && tries < 100; ++tries) {
      const int kind = narrow ? suit * 9 + static_cast<int>(rng() % 6) : static_cast<int>(rng() % 34);
      if (rng() % 2 == 0 && kind < 27 && kind % 9 <= 6) {
        if (hand[kind] >= 4 || hand[kind + 1] >= 4 || hand[kind + 2] >= 4) continue;
        ++hand[kind];
        ++hand[kind + 1];
        ++hand[kind + 2];
      } else {
        if (hand[kind] > 1) continue;
        hand[kind] += 3;
      }
      ++sets;
    }
    const int pair = static_cast<int>(rng() % 34);
    if (sets < 4 || hand[pair] > 2) continue;
    hand[pair] += 2;
    return hand;
  }
}

TEST(ScoreReadings, BestReadingIsScoreWins) {
  std::mt19937 rng(17);
  int several = 0;
  int checked = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    WinningHand hand;
    hand.concealed = random_complete_hand(rng);
    do {
      hand.win_kind = static_cast<int>(rng() % 34);
    } while (hand.concealed[hand.win_kind] == 0);
    const WinContext context = closed_tsumo();
    const ScoreOutcome outcome = score_win(hand, context);
    const ReadingValues readings = score_readings(hand, context);
    ASSERT_EQ(readings.error, outcome.error);
    if (!outcome.ok()) continue;
    ASSERT_GE(readings.count, 1);
    ReadingValue best = readings.values[0];
    for (int r = 1; r < readings.count; ++r) {
      const ReadingValue& value = readings.values[static_cast<std::size_t>(r)];
      if (std::make_tuple(tsumo_points(value, false), value.han, value.fu) >
          std::make_tuple(tsumo_points(best, false), best.han, best.fu)) {
        best = value;
      }
    }
    EXPECT_EQ(best.han, outcome.score.han);
    EXPECT_EQ(best.fu, outcome.score.fu);
    EXPECT_EQ(best.yakuman, outcome.score.yakuman);
    EXPECT_EQ(tsumo_points(best, false), outcome.score.points);
    several += readings.count > 1 ? 1 : 0;
    ++checked;
  }
  EXPECT_GT(checked, 5000);
  EXPECT_GT(several, 200);
}

TEST(ScoreReadings, GivenReadingsGiveTheSameValues) {
  // The overload that takes the hand's regular readings (read once for several winning tiles)
  // answers exactly what reading the hand itself does, for every winning tile of the hand.
  std::mt19937 rng(29);
  int compared = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    WinningHand hand;
    hand.concealed = random_complete_hand(rng);
    const std::vector<Decomposition> regular = decompose(hand.concealed);
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (hand.concealed[kind] == 0) continue;
      hand.win_kind = kind;
      const ReadingValues own = score_readings(hand, closed_tsumo());
      const ReadingValues given = score_readings(hand, closed_tsumo(), Rules{}, regular);
      ASSERT_EQ(given.error, own.error);
      ASSERT_EQ(given.count, own.count);
      for (int r = 0; r < own.count; ++r) {
        const auto i = static_cast<std::size_t>(r);
        EXPECT_EQ(given.values[i].han, own.values[i].han);
        EXPECT_EQ(given.values[i].fu, own.values[i].fu);
        EXPECT_EQ(given.values[i].yakuman, own.values[i].yakuman);
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, 10000);
}

TEST(ScoreReadings, TriplesAndRunsAreBothListed) {
  // 222 333 444m 567p 99s won by tsumo on 4m. As triplets (a shanpon on 4m/9s): menzen tsumo and
  // sanankou, 3 han; 20 + 2 (tsumo) + 3 x 4 (concealed simple triplets) = 34 -> 40 fu. As three
  // 234m runs (4m completes 23m, a ryanmen): menzen tsumo, pinfu and iipeikou, 3 han 20 fu.
  WinningHand hand;
  for (const char* name : {"2m", "2m", "2m", "3m", "3m", "3m", "4m", "4m", "4m", "5p", "6p", "7p", "9s", "9s"}) {
    ++hand.concealed[parse_kind(name)];
  }
  hand.win_kind = parse_kind("4m");
  const ReadingValues readings = score_readings(hand, closed_tsumo());
  ASSERT_EQ(readings.error, ScoreError::none);
  bool triplets = false;
  bool runs = false;
  for (int r = 0; r < readings.count; ++r) {
    const ReadingValue& value = readings.values[static_cast<std::size_t>(r)];
    triplets = triplets || (value.han == 3 && value.fu == 40);
    runs = runs || (value.han == 3 && value.fu == 20);
  }
  EXPECT_TRUE(triplets);
  EXPECT_TRUE(runs);
  EXPECT_EQ(score_win(hand, closed_tsumo()).score.fu, 40);
}

// Each payer's share of a tsumo is its payment over the total the rules split (payments(), before
// rounding: a basic of 2000, mangan, splits exactly), the winner paying nothing.
TEST(ScoreReadings, TsumoSharesFollowThePayments) {
  const int basic = 2000;
  for (int dealer = 0; dealer < 4; ++dealer) {
    for (int winner = 0; winner < 4; ++winner) {
      const Payment pay = payments(basic, winner == dealer, true);
      const double total = winner == dealer ? 3.0 * pay.non_dealer : pay.dealer + 2.0 * pay.non_dealer;
      double shares = 0;
      for (int payer = 0; payer < 4; ++payer) {
        const double paid = payer == winner ? 0 : payer == dealer ? pay.dealer : pay.non_dealer;
        EXPECT_DOUBLE_EQ(tsumo_share_paid(payer, winner, dealer), paid / total) << payer << winner << dealer;
        shares += tsumo_share_paid(payer, winner, dealer);
      }
      EXPECT_DOUBLE_EQ(shares, 1.0);
    }
  }
}

// A tsumo of 234m 567m 345p 678s and a 5s pair: closed, menzen tsumo, pinfu and tanyao; opened by
// a call, tanyao alone. Seven pairs are a closed hand's only: opened, they do not complete.
TEST(ScoreReadings, AHandOpenedByACallScoresOpen) {
  WinningHand hand;
  for (const int kind : {1, 2, 3, 4, 5, 6, 11, 12, 13, 23, 24, 25, 22, 22}) ++hand.concealed[kind];
  hand.win_kind = 1;
  const ScoreOutcome closed = score_win(hand, closed_tsumo(), Rules{});
  ASSERT_TRUE(closed.ok());
  EXPECT_EQ(closed.score.han, 3);
  hand.opened_by_call = true;
  const ScoreOutcome opened = score_win(hand, closed_tsumo(), Rules{});
  ASSERT_TRUE(opened.ok());
  EXPECT_EQ(opened.score.han, 1);
  WinningHand pairs;
  for (const int kind : {1, 1, 4, 4, 11, 11, 13, 13, 20, 20, 24, 24, 31, 31}) ++pairs.concealed[kind];
  pairs.win_kind = 31;
  EXPECT_TRUE(score_win(pairs, closed_tsumo(), Rules{}).ok());
  pairs.opened_by_call = true;
  EXPECT_FALSE(score_win(pairs, closed_tsumo(), Rules{}).ok());
}

}  // namespace
}  // namespace tenbin
