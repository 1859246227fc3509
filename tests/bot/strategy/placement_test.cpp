// Placement: the rank points of score changes (exact in the last hand, with noise before it),
// the steps a win of a given mean falls on, and the rank-point price of a line's outcomes, each
// checked against ranks worked out by hand or computed here apart from the code under test.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/strategy/placement.hpp"
#include "engine/table.hpp"
#include "tests/mjai_lines.hpp"

namespace tenbin {
namespace {

using namespace lines;

const WinLevels& kNonDealer = kDefaultFullParams.non_dealer_wins;

Table after(const std::vector<std::string>& stream) {
  Table table(0);
  for (const std::string& line : stream) table.apply(parse_event(nlohmann::json::parse(line)).event);
  return table;
}

// Placement by hand: in the last hand (no noise left), ranks are exact.
TEST(Placement, LastHandRanksAreExact) {
  const Placement last({10000, 30000, 31000, 29000}, 0, 0.0, kTenhouRankPoints);
  EXPECT_DOUBLE_EQ(last.value({0, 0, 0, 0}), -135);
  EXPECT_DOUBLE_EQ(last.value({-8000, 8000, 0, 0}), -135);  // already last: a deal-in costs no rank
  EXPECT_DOUBLE_EQ(last.value({19500, 0, 0, -19500}), 0);    // 29500: third, 9500 behind
  EXPECT_DOUBLE_EQ(last.value({19500, -19500, 0, 0}), 45);   // 29500: second, 10500 behind
  EXPECT_DOUBLE_EQ(last.value({22000, 0, -22000, 0}), 90);   // 32000: first
}

// All-last, seat 0 the dealer: the match goes on after this hand while the dealer keeps the deal
// short of first place with 30000, or when no seat reaches 30000 (the West round); those
// outcomes are priced with the noise of the hands to come, the others by exact ranks.
MatchEnding all_last_dealer(int dealer) {
  MatchEnding ending;
  ending.can_end = true;
  ending.dealer = dealer;
  return ending;
}

TEST(Placement, LastHandGoesOnWhileTheDealerKeepsTheDeal) {
  const MatchEnding ending = all_last_dealer(0);
  const Placement dealer({20000, 26000, 26000, 28000}, 0, 0.0, kTenhouRankPoints, ending);
  // Our 2000 win keeps the deal at 22000, still fourth: another hand, not a final fourth place.
  EXPECT_FALSE(match_ends(ending, {22000, 24000, 26000, 28000}, true));
  const double small_win = dealer.value({2000, -2000, 0, 0});
  EXPECT_GT(small_win, -135 + 10);
  EXPECT_LT(small_win, 0);
  // Our 12000 win makes us first with 32000: the match ends there (agari-yame).
  EXPECT_TRUE(match_ends(ending, {32000, 14000, 26000, 28000}, true));
  EXPECT_DOUBLE_EQ(dealer.value({12000, -12000, 0, 0}), 90);
  // A non-dealer's win that brings a seat to 30000 ends it; one that leaves all below goes on.
  EXPECT_DOUBLE_EQ(dealer.value({-2000, 0, 0, 2000}), -135);
  EXPECT_FALSE(match_ends(ending, {26000, 26000, 20000, 28000}, false));
  const Placement fourth({27000, 26000, 20000, 27000}, 2, 0.0, kTenhouRankPoints, ending);
  EXPECT_GT(fourth.value({-1000, 0, 0, 1000}), -135 + 1);  // seat 3 at 28000: the West round
  EXPECT_DOUBLE_EQ(fourth.value({-1000, 0, 0, 1000}, Placement::Deal::final), -135);
  // At the draw the caller says who keeps the deal, not the scores: with the dealer tenpai it
  // keeps the deal short of first and the match goes on, and our second place by 1000 (24000
  // against 23000 twice) is far from safe; had the deal passed, seat 3's 30000 would end it.
  const Placement drawn({20000, 25000, 24000, 31000}, 1, 0.0, kTenhouRankPoints, ending);
  const std::array<int, 4> draw_payments{3000, -1000, -1000, -1000};
  const double goes_on = drawn.value(draw_payments, Placement::Deal::dealer_keeps);
  EXPECT_GT(goes_on, -135 + 10);
  EXPECT_LT(goes_on, 45 - 10);
  EXPECT_DOUBLE_EQ(drawn.value(draw_payments, Placement::Deal::dealer_passes), 45);
  // Without an ending (the default), every outcome is final.
  const Placement final({20000, 26000, 26000, 28000}, 0, 0.0, kTenhouRankPoints);
  EXPECT_DOUBLE_EQ(final.value({2000, -2000, 0, 0}), -135);
}

// The odds of the steps a win of a given mean falls on, tilted from the measured shares: computed
// here again by bisection on the tilt (share * exp(theta * points), normalised), apart from the
// code under test.
std::array<double, kWinLevels> tilted_by_bisection(const WinLevels& levels, double mean) {
  const auto odds_at = [&](double theta) {
    std::array<double, kWinLevels> odds{};
    double total = 0;
    for (int i = 0; i < kWinLevels; ++i) total += odds[i] = levels[i].share * std::exp(theta * (levels[i].points - mean) / 1000);
    for (double& o : odds) o /= total;
    return odds;
  };
  const auto mean_at = [&](double theta) {
    const auto odds = odds_at(theta);
    double m = 0;
    for (int i = 0; i < kWinLevels; ++i) m += odds[i] * levels[i].points;
    return m;
  };
  double low = -30;
  double high = 30;
  for (int i = 0; i < 200; ++i) (mean_at((low + high) / 2) < mean ? low : high) = (low + high) / 2;
  return odds_at((low + high) / 2);
}

TEST(Placement, WinStepsAreTiltedToTheMean) {
  for (const WinLevels* levels : {&kDefaultFullParams.non_dealer_wins, &kDefaultFullParams.dealer_wins}) {
    double measured_mean = 0;
    double shares = 0;
    for (const WinLevel& level : *levels) {
      measured_mean += level.share * level.points;
      shares += level.share;
    }
    measured_mean /= shares;
    // At the measured mean the odds are the measured shares.
    const auto untilted = level_odds(*levels, measured_mean);
    for (int i = 0; i < kWinLevels; ++i) EXPECT_NEAR(untilted[i], (*levels)[i].share / shares, 1e-6);
    for (const double mean : {1700.0, 3000.0, 5000.0, 8000.0, 14000.0}) {
      const auto odds = level_odds(*levels, mean);
      const auto expected = tilted_by_bisection(*levels, mean);
      double total = 0;
      double average = 0;
      for (int i = 0; i < kWinLevels; ++i) {
        EXPECT_NEAR(odds[i], expected[i], 1e-6) << "mean " << mean << ", step " << (*levels)[i].points;
        total += odds[i];
        average += odds[i] * (*levels)[i].points;
      }
      EXPECT_NEAR(total, 1, 1e-9);
      EXPECT_NEAR(average, mean, 1.0);
    }
    // Beyond the ends: the end step.
    EXPECT_DOUBLE_EQ(level_odds(*levels, 500).front(), 1);
    EXPECT_DOUBLE_EQ(level_odds(*levels, 60000).back(), 1);
  }
}

// A worked example in the last hand. Scores 30000, 25000, 24000, 21000; we are seat 2 (third).
// Seat 3, not the dealer, rons seat 0 for a payment x: it passes us when 21000 + x > 24000, and
// seat 0 drops below us when 30000 - x < 24000. So we are fourth for x in 3200..5200 (the steps
// between 3000 and 6000) and third otherwise: the value is -135 times those steps' odds. With a
// honba and a riichi stick on the table (1300 more for the winner) the steps shift by 1300:
// fourth for 2000..3900.
TEST(Placement, LastHandPricesTheStepsAWinFallsOn) {
  const std::array<int, 4> scores{30000, 25000, 24000, 21000};
  const std::array<double, 4> ron_off_0{-1, 0, 0, 1};
  const double mean = 5000;
  const Placement plain(scores, 2, 0.0, kTenhouRankPoints);
  const auto odds = tilted_by_bisection(kNonDealer, mean);
  const auto odds_of = [&](const std::array<double, kWinLevels>& o, int points) {
    for (int i = 0; i < kWinLevels; ++i) {
      if (kNonDealer[i].points == points) return o[i];
    }
    return -1.0;
  };
  const double fourth = odds_of(odds, 3200) + odds_of(odds, 3900) + odds_of(odds, 5200);
  EXPECT_NEAR(plain.value_of_size(ron_off_0, mean, kNonDealer), -135 * fourth, 0.02);
  const Placement deposits(scores, 2, 0.0, kTenhouRankPoints, std::nullopt, 1300);
  const auto shifted = tilted_by_bisection(kNonDealer, mean - 1300);
  const double fourth_shifted =
      odds_of(shifted, 2000) + odds_of(shifted, 2600) + odds_of(shifted, 3200) + odds_of(shifted, 3900);
  EXPECT_NEAR(deposits.value_of_size(ron_off_0, mean, kNonDealer), -135 * fourth_shifted, 0.02);
}

// In the last hand a payment's rank value moves smoothly with its mean: a slightly bigger mean
// loss costs slightly more, not a whole rank step (as a fixed size crossing a threshold would).
TEST(Placement, LastHandSizeSpreadIsSmooth) {
  const Placement last({53000, 24000, 11000, 11000}, 0, 0.0, kTenhouRankPoints);
  const std::array<double, 4> deal_in_to_1{-1, 1, 0, 0};
  const double smaller = last.value_of_size(deal_in_to_1, 7900, kNonDealer);
  const double bigger = last.value_of_size(deal_in_to_1, 8200, kNonDealer);
  EXPECT_LT(bigger, smaller);
  EXPECT_LT(smaller - bigger, 1.0);
  EXPECT_GT(smaller, 80.0);  // mostly first still: only a payment over 14500 flips the two seats
}

// Early in the match rank points are close to linear in points: a 1000-point gain is worth about
// as much as a 1000-point loss costs, and both are small beside a rank step (45).
TEST(Placement, EarlyValuesAreNearlyLinear) {
  const Placement early({25000, 25000, 25000, 25000}, 0, 8.75, kTenhouRankPoints);
  const double even = early.value({0, 0, 0, 0});
  const double up = early.value({1000, -1000, 0, 0}) - even;
  const double down = even - early.value({-1000, 1000, 0, 0});
  EXPECT_GT(up, 0);
  EXPECT_NEAR(up, down, 0.1 * up);
  EXPECT_LT(up, 10.0);
}

TEST(Placement, HandsLeftCountDownToTheLastHand) {
  Deal deal;
  deal.bakaze = "S";
  deal.kyoku = 4;
  EXPECT_EQ(hands_left_after(after({start_game(0), start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 2p E S", deal)})), 0);
  deal.bakaze = "E";
  deal.kyoku = 1;
  EXPECT_GT(hands_left_after(after({start_game(0), start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 2p E S", deal)})), 7);
}


// In an East-only match (--match east) East 4 is the last hand: nothing left after it, and the
// match can end with it; in a hanchan it is neither.
TEST(Placement, AnEastOnlyMatchEndsWithEastFour) {
  Deal deal;
  deal.kyoku = 4;
  deal.oya = 3;
  const Table east_four = after({start_game(0), start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 2p E S", deal)});
  EXPECT_EQ(hands_left_after(east_four, MatchLength::east), 0);
  EXPECT_TRUE(ending_of(east_four, MatchLength::east).can_end);
  EXPECT_GT(hands_left_after(east_four), 3);  // a hanchan by default
  EXPECT_FALSE(ending_of(east_four).can_end);
  deal.kyoku = 1;
  deal.oya = 0;
  const Table east_one = after({start_game(0), start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 2p E S", deal)});
  EXPECT_GT(hands_left_after(east_one, MatchLength::east), 2);
  EXPECT_LT(hands_left_after(east_one, MatchLength::east), hands_left_after(east_one));
}

// A table in South 4 (the last hand): seat 3 deals, we are seat 2.
Table all_last(const std::array<int, 4>& scores) {
  Deal deal;
  deal.seat = 2;
  deal.bakaze = "S";
  deal.kyoku = 4;
  deal.oya = 3;
  deal.scores = {scores[0], scores[1], scores[2], scores[3]};
  Table table(2);
  for (const std::string& line : {start_game(2), start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 2p E S", deal)}) {
    table.apply(parse_event(nlohmann::json::parse(line)).event);
  }
  return table;
}

// The dealer (seat 3) tenpai half the time on 4 live waits, each of our tiles dealing in with
// `deal_in` for `loss`.
Threat dealer_threat(double deal_in, double loss) {
  Threat threat;
  OpponentThreat o;
  o.seat = 3;
  o.tenpai.fill(0.5);
  o.live_waits = 4;
  o.win_chances = 2;
  o.deal_in.fill(deal_in);
  o.loss.fill(loss);
  threat.opponents.push_back(o);
  threat.live_tiles = 40;
  return threat;
}

// South 4 at 30000, 25000, 24000, 21000 (we are seat 2, third), the dealer's threat as above,
// priced in rank points.
struct AllLastPricing {
  explicit AllLastPricing(double deal_in = 0, double loss = 0) : threat(dealer_threat(deal_in, loss)) {}
  const Table table = all_last({30000, 25000, 24000, 21000});
  const Threat threat;
  const Placement placement{{30000, 25000, 24000, 21000}, 2, 0.0, kTenhouRankPoints};
  const OutcomePricing pricing{table, threat, placement};
};

// A line's outcomes are a mixture: a line that wins 30% of the time is worth 0.3 of the line that
// always wins plus 0.7 of what the others' wins without us are worth.
TEST(OutcomePricing, ALineIsTheMixtureOfItsOutcomes) {
  const AllLastPricing all_last_hand(0.01, 80);
  const OutcomePricing& pricing = all_last_hand.pricing;
  Line always;
  always.win_prob = 1;
  always.win_points = 8000;
  Line sometimes;
  sometimes.win_prob = 0.3;
  sometimes.win_points = 0.3 * 8000;
  const double certain = pricing.line_value(always, 0, 0, -1);
  EXPECT_GT(certain, 0);  // a mean 8000 win mostly lifts us from third
  EXPECT_NEAR(pricing.line_value(sometimes, 0, 0, -1), 0.3 * certain + 0.7 * pricing.elsewhere(), 1e-9);
  // Seat 3 (fourth, 3000 behind us) wins without us: a ron off seat 0 or 1, or a tsumo we pay
  // part of; at worst it passes us, and it never lifts us.
  EXPECT_LE(pricing.elsewhere(), 0);
  EXPECT_GE(pricing.elsewhere(), -135);
}

// A declaration's deposit in rank points: it goes to the ron's winner with a deal-in, and stays on
// the table at the draw; a win counts it back (the line's win points are net of it).
TEST(OutcomePricing, ADeclarationsDepositIsPaidWhereTheHandIsNotWon) {
  const AllLastPricing all_last_hand;
  const OutcomePricing& pricing = all_last_hand.pricing;
  // We are seat 2 (24000, third). A deal-in of a mean 1000 to seat 3 with the deposit is priced
  // as one of a mean 2000: the winner takes both; it costs more than the deal-in alone.
  Line dealt;
  dealt.deal_in_prob = 1;
  dealt.deal_in_points = 1000;
  dealt.payee = {0, 0, 0, 1};
  const double without = pricing.line_value(dealt, 0, 0, -1);
  dealt.deposit = 1000;
  const double with = pricing.line_value(dealt, 0, 0, -1);
  Line larger = dealt;
  larger.deposit = 0;
  larger.deal_in_points = 2000;
  EXPECT_NEAR(with, pricing.line_value(larger, 0, 0, -1), 1e-9);
  EXPECT_LT(with, without - 10);
  // At the draw, noten payments of 0 and the deposit left on the table: 23000, still third,
  // 2000 over seat 3; 3000 more in deposits puts us fourth.
  Line drawn;
  drawn.draw_prob = 1;
  drawn.deposit = 1000;
  EXPECT_NEAR(pricing.line_value(drawn, 0, 0, -1), 0, 0.5);
  drawn.deposit = 4000;
  EXPECT_LT(pricing.line_value(drawn, 0, 0, -1), -100);
}

// A deal-in is priced by whom it pays. Scores 30000, 25000, 24000, 21000, we are seat 2 and seat 3
// deals. Paying the dealer (seat 3) x drops us to fourth once 24000 - x < 21000 + x, for every
// step above 1500; paying seat 1 only once 24000 - x < 21000, for the steps above 3000.
TEST(OutcomePricing, ADealInCostsByWhomItPays) {
  const Table table = all_last({30000, 25000, 24000, 21000});
  const Threat threat;
  const Placement placement({30000, 25000, 24000, 21000}, 2, 0.0, kTenhouRankPoints);
  const OutcomePricing pricing(table, threat, placement);
  const double mean = 5000;
  Line to_dealer;
  to_dealer.deal_in_prob = 1;
  to_dealer.deal_in_points = mean;
  to_dealer.payee[3] = 1;
  Line to_seat_1 = to_dealer;
  to_seat_1.payee = {0, 1, 0, 0};
  const auto odds_above = [&](const WinLevels& levels, int points) {
    const auto odds = tilted_by_bisection(levels, mean);
    double above = 0;
    for (int i = 0; i < kWinLevels; ++i) above += levels[i].points > points ? odds[i] : 0;
    return above;
  };
  EXPECT_NEAR(pricing.line_value(to_dealer, 0, 0, -1), -135 * odds_above(kDefaultFullParams.dealer_wins, 1500), 0.05);
  EXPECT_NEAR(pricing.line_value(to_seat_1, 0, 0, -1), -135 * odds_above(kNonDealer, 3000), 0.05);
}

// The params reach the model: a larger score swing per hand spreads the value of a lead.
TEST(Placement, ScoreSwingComesFromTheParams) {
  FullParams wide;
  wide.score_swing_per_hand = 8000;
  const Placement narrow({30000, 25000, 25000, 20000}, 0, 4.0, kTenhouRankPoints);
  const Placement spread({30000, 25000, 25000, 20000}, 0, 4.0, kTenhouRankPoints, std::nullopt, 0, wide);
  EXPECT_GT(narrow.value({0, 0, 0, 0}), spread.value({0, 0, 0, 0}));  // the lead is less safe
  EXPECT_LT(spread.value({0, 0, 0, 0}), 90);
}

}  // namespace
}  // namespace tenbin
