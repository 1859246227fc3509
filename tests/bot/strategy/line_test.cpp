// The lines of play (bot/strategy/line): the draw payments against an enumeration of who is tenpai,
// the push line against the race worked out by hand, and the fold line's safest tiles.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <tuple>
#include <utility>
#include <vector>

#include "bot/strategy/line.hpp"

namespace tenbin {
namespace {

// A threat of `opponents` seats tenpai with odds `tenpai` at every go-round, nobody ever
// finishing (no hazard) and every wall tile dealing in with `deal_in` for `loss`.
Threat quiet_threat(double tenpai, double deal_in = 0, double loss = 0) {
  Threat threat;
  for (int seat = 1; seat < kSeats; ++seat) {
    OpponentThreat o;
    o.seat = seat;
    o.tenpai.fill(tenpai);
    threat.opponents.push_back(o);
  }
  threat.push_deal_in.fill(deal_in);
  threat.push_loss.fill(loss);
  threat.undeclared_deal_in.fill(deal_in);
  threat.undeclared_loss.fill(loss);
  threat.choice_deal_in.fill(deal_in);
  threat.choice_loss.fill(loss);
  threat.payee_share = {0, 1.0 / 3, 1.0 / 3, 1.0 / 3};
  return threat;
}

// A curve that wins with odds `win` by each draw, each win `mean_win` points, tenpai with odds
// `tenpai` by each draw.
HandCurve curve_of(std::vector<double> win, double mean_win, std::vector<double> tenpai) {
  HandCurve curve;
  for (const double w : win) curve.score.push_back(w * mean_win);
  curve.win = std::move(win);
  curve.tenpai = std::move(tenpai);
  return curve;
}

// A quiet threat (above) whose opponents finish with odds `hazard` a go-round, our share of their
// tsumo wins `tsumo_loss` a go-round.
Threat racing_threat(double tenpai, double hazard, double tsumo_loss = 0) {
  Threat threat = quiet_threat(tenpai);
  threat.hazard.fill(hazard);
  threat.tsumo_loss.fill(tsumo_loss);
  return threat;
}

// The params with the push line's win odds as the curve gives them (no calibration).
FullParams uncalibrated() {
  FullParams params;
  params.win_odds_factor.fill(1);
  params.win_odds_power.fill(1);
  return params;
}

// The calibration as last fitted (docs/full.md, "The win-odds refit" and "Open hands apart"), which
// the defaults no longer play ("The calibration undone"): a calibration that moves every class.
FullParams fitted() {
  FullParams params;
  params.win_odds_factor = {0.67, 1.17, 1.09, 1.29, 1.19, 0.59, 0.78, 1.36, 0.54, 0.24, 1.34, 1, 1, 1.25, 0.72, 1};
  params.win_odds_power = {1.19, 0.47, 0.99, 1.05, 0.90, 0.75, 0.87, 0.69, 0.82, 0.37, 1.24, 1, 1, 1.42, 0.68, 1};
  return params;
}

// The noten payments by enumeration of the eight tenpai patterns of three opponents with odds
// 0.2, 0.5 and 0.9: 3000 from the noten hands to the tenpai ones (Tenhou's rules).
TEST(Line, DrawPaymentsMatchAnEnumerationOfWhoIsTenpai) {
  Threat threat = quiet_threat(0);
  const double odds[3] = {0.2, 0.5, 0.9};
  for (int i = 0; i < 3; ++i) threat.opponents[i].tenpai.fill(odds[i]);
  double if_tenpai = 0;
  double if_noten = 0;
  for (int pattern = 0; pattern < 8; ++pattern) {
    double p = 1;
    int others = 0;
    for (int i = 0; i < 3; ++i) {
      const bool tenpai = (pattern >> i & 1) != 0;
      p *= tenpai ? odds[i] : 1 - odds[i];
      others += tenpai ? 1 : 0;
    }
    if (others < 3) if_tenpai += p * 3000.0 / (others + 1);
    if (others > 0) if_noten -= p * 3000.0 / (4 - others);
  }
  const DrawPayments pay = draw_payments(threat, 3);
  EXPECT_NEAR(pay.tenpai, if_tenpai, 1e-9);
  EXPECT_NEAR(pay.noten, if_noten, 1e-9);
}

// Without a race the push line wins as the DP does: P(win within 2 draws) 0.75, by 0.5 then 0.25.
TEST(Line, PushWithoutARaceWinsAsTheCurveSays) {
  const HandCurve curve = curve_of({0.5, 0.75}, 4000, {1, 1});
  const Line line = push_line(curve, quiet_threat(0), 2, uncalibrated());
  EXPECT_NEAR(line.win_prob, 0.75, 1e-12);
  EXPECT_NEAR(line.win_points, 0.75 * 4000, 1e-9);
  EXPECT_NEAR(line.draw_prob, 0.25, 1e-12);
  EXPECT_DOUBLE_EQ(line.deal_in_prob, 0);
}

// The race by hand, one draw: P(nobody else finished) 0.9, then our win 0.5 of the time, ron
// chances raising it to 1 - (1 - 0.5)^2 = 0.75: 0.9 x 0.75. The draw follows if neither of us
// wins during the next go-round's hazard either: 0.9 x 0.25 x 0.9.
TEST(Line, PushIsCutShortByTheHazardAndHelpedByRonChances) {
  HandCurve curve = curve_of({0.5}, 8000, {1});
  curve.ron_chances = 1;
  const Threat threat = racing_threat(0, 0.1);
  const Line line = push_line(curve, threat, 1, uncalibrated());
  EXPECT_NEAR(line.win_prob, 0.9 * 0.75, 1e-12);
  EXPECT_NEAR(line.win_points, 0.9 * 0.75 * 8000, 1e-9);
  EXPECT_NEAR(line.draw_prob, 0.9 * 0.25 * 0.9, 1e-12);
}

// The rons at a ron's points, by hand, one draw as above: one ron chance beside the draw, so
// half the wins (0.75 = 1 - 0.5^2, split evenly between the two chances) are rons at 0.6 of the
// mean win: 0.9 x 0.75 x 8000 x (1 + 0.6) / 2. The odds do not move; with no ron chances the share
// does nothing; with no draw left the wins are all rons.
TEST(Line, RonsArePricedAtTheirShareOfTheMeanWin) {
  HandCurve curve = curve_of({0.5}, 8000, {1});
  curve.ron_chances = 1;
  curve.ron_points_share = 0.6;
  const Threat threat = racing_threat(0, 0.1);
  const Line line = push_line(curve, threat, 1, uncalibrated());
  EXPECT_NEAR(line.win_prob, 0.9 * 0.75, 1e-12);
  EXPECT_NEAR(line.win_points, 0.9 * 0.75 * 8000 * 1.6 / 2, 1e-9);

  curve.ron_chances = 0;
  EXPECT_NEAR(push_line(curve, threat, 1, uncalibrated()).win_points, 0.9 * 0.5 * 8000, 1e-9);

  curve.ron_chances = 1;
  OthersTurns turns;
  turns.last = 1;
  const Line last = push_line(curve, threat, 0, uncalibrated(), turns);
  EXPECT_NEAR(last.win_prob, 0.5, 1e-12);  // 1 - (1 - 0.5)^(1 x 1)
  EXPECT_NEAR(last.win_points, 0.5 * 8000 * 0.6, 1e-9);
}

// A declaration's deposit by hand: a hand that wins 0.4 within its draws for 7000 net of the
// deposit (curve score 0.4 x 7000). With one ron chance a go-round the line wins 1 - 0.6^2 =
// 0.64, each win 7000, and loses the 1000 in the other 0.36: 0.64 x 7000 - 360. Without a race
// or rons it is the DP's own score of the declaration, 0.4 x 8000 - 1000 = 2200.
TEST(Line, ADeclarationsDepositIsLostWithoutAWinNotSpreadOverTheWins) {
  HandCurve curve = curve_of({0.4}, 7000, {1});
  curve.ron_chances = 1;
  curve.deposit = 1000;
  const Line line = push_line(curve, quiet_threat(0), 1, uncalibrated());
  EXPECT_NEAR(line.win_prob, 0.64, 1e-12);
  EXPECT_NEAR(line.win_points, 0.64 * 7000, 1e-9);
  EXPECT_DOUBLE_EQ(line.deposit, 1000);
  EXPECT_NEAR(line.value(), 0.64 * 7000 - 0.36 * 1000 + line.draw_prob * line.draw_payment, 1e-9);
  curve.ron_chances = 0;
  const Line alone = push_line(curve, quiet_threat(0), 1, uncalibrated());
  EXPECT_NEAR(alone.win_points - alone.deposit * (1 - alone.win_prob), 2200, 1e-9);
}

// Platt scaling by hand, on the odds ratio: with factor 2 and power 0.5 for one-shanten hands
// (class 2), odds 0.2 (ratio 1/4) play as ratio 2 x (1/4)^0.5 = 1, odds 0.5. Each class has its
// own pair; factor 1 and power 1 leave every odds as it is, and the order of odds is kept.
TEST(Line, WinOddsCalibrationByHand) {
  FullParams params = uncalibrated();
  params.win_odds_factor[2] = 2;
  params.win_odds_power[2] = 0.5;
  params.win_odds_factor[3] = 3;
  params.win_odds_factor[0] = 0.5;
  EXPECT_NEAR(calibrated_win_odds(0.2, 2, params), 0.5, 1e-12);
  EXPECT_NEAR(calibrated_win_odds(0.2, 1, params), 0.2, 1e-12);
  EXPECT_NEAR(calibrated_win_odds(0.2, 3, params), 0.75 / 1.75, 1e-12);  // ratio 3 x 1/4
  EXPECT_NEAR(calibrated_win_odds(0.5, 0, params), 1.0 / 3, 1e-12);  // ratio 0.5 x 1
  EXPECT_GT(calibrated_win_odds(0.6, 2, params), calibrated_win_odds(0.5, 2, params));
  EXPECT_DOUBLE_EQ(calibrated_win_odds(0, 2, params), 0);
  EXPECT_DOUBLE_EQ(calibrated_win_odds(1, 2, params), 1);
  for (int c = 0; c < kWinOddsClasses; ++c) EXPECT_NEAR(calibrated_win_odds(0.05, c, uncalibrated()), 0.05, 1e-15);
}

// The defaults play the DP's and the race's odds as they are: every class at factor 1 and power 1
// (docs/full.md, "The calibration undone").
TEST(Line, DefaultWinOddsAreUncalibrated) {
  for (int c = 0; c < kWinOddsClasses; ++c) {
    EXPECT_DOUBLE_EQ(kDefaultFullParams.win_odds_factor[c], 1) << c;
    EXPECT_DOUBLE_EQ(kDefaultFullParams.win_odds_power[c], 1) << c;
    for (const double odds : {0.01, 0.2, 0.7}) EXPECT_NEAR(calibrated_win_odds(odds, c), odds, 1e-15) << c;
  }
}

// The class of a hand: tenpai open (0) or closed and not declared, dama (1), then a closed
// hand's shanten (2-4, three and beyond sharing one), an open hand's (5-6, two and beyond
// sharing one), and a declared riichi its own whatever its shanten; facing an opponent's riichi,
// the same classes after the eight with none.
TEST(Line, WinOddsClassOfAHand) {
  HandCurve curve;
  const int open[] = {0, 5, 6, 6, 6, 6};
  const int closed[] = {1, 2, 3, 4, 4, 4};
  for (int shanten = 0; shanten < 6; ++shanten) {
    curve.shanten = shanten;
    curve.closed = false;
    EXPECT_EQ(win_odds_class(curve, false), open[shanten]) << shanten;
    EXPECT_EQ(win_odds_class(curve, true), kWinOddsHandClasses + open[shanten]) << shanten;
    curve.closed = true;
    EXPECT_EQ(win_odds_class(curve, false), closed[shanten]) << shanten;
    EXPECT_EQ(win_odds_class(curve, true), kWinOddsHandClasses + closed[shanten]) << shanten;
  }
  curve.shanten = 0;
  curve.declared = true;
  EXPECT_EQ(win_odds_class(curve, false), kWinOddsHandClasses - 1);
  EXPECT_EQ(win_odds_class(curve, true), kWinOddsClasses - 1);
}

// The push line plays with calibrated win odds (its points scaled with them, the mean win kept)
// by the hand's class and by whether an opponent has declared: here the calibration last fitted.
// A riichi declared plays its own class, whatever its shanten.
TEST(Line, PushWinOddsCalibratedByHandAndByAnOpponentsRiichi) {
  HandCurve curve = curve_of({0.05}, 6000, {1});
  curve.shanten = 3;
  curve.closed = true;
  Threat threat = quiet_threat(0);
  const FullParams calibration = fitted();
  const Line calibrated = push_line(curve, threat, 1, calibration);
  EXPECT_NEAR(calibrated.win_prob, calibrated_win_odds(0.05, 4, calibration), 1e-12);  // class 4: closed, 3+ shanten
  EXPECT_GT(calibrated.win_prob, 0.05);  // a closed far hand's odds are raised
  EXPECT_NEAR(calibrated.win_points / calibrated.win_prob, 6000, 1e-9);
  curve.shanten = 1;
  curve.closed = false;
  EXPECT_NEAR(push_line(curve, threat, 1, calibration).win_prob, calibrated_win_odds(0.05, 5, calibration), 1e-12);  // open, one-shanten
  curve.shanten = 0;
  EXPECT_NEAR(push_line(curve, threat, 1, calibration).win_prob, calibrated_win_odds(0.05, 0, calibration), 1e-12);
  EXPECT_LT(push_line(curve, threat, 1, calibration).win_prob, 0.05);  // a tenpai hand's are lowered
  curve.declared = true;
  EXPECT_NEAR(push_line(curve, threat, 1, calibration).win_prob, calibrated_win_odds(0.05, kWinOddsHandClasses - 1, calibration), 1e-12);
  FullParams doubled = uncalibrated();
  doubled.win_odds_factor[kWinOddsHandClasses - 1] = 2;  // ratio 2 x 1/19
  EXPECT_NEAR(push_line(curve, threat, 1, doubled).win_prob, 2.0 / 21, 1e-12);

  // Facing a riichi: the classes after the first six, read with their own params.
  threat.opponent_declared = true;
  EXPECT_NEAR(push_line(curve, threat, 1, calibration).win_prob, calibrated_win_odds(0.05, kWinOddsClasses - 1, calibration), 1e-12);
  EXPECT_NEAR(push_line(curve, threat, 1, doubled).win_prob, 0.05, 1e-12);  // a chasing declaration: as the DP says
  doubled.win_odds_factor[kWinOddsClasses - 1] = 2;
  EXPECT_NEAR(push_line(curve, threat, 1, doubled).win_prob, 2.0 / 21, 1e-12);
  curve.declared = false;
  curve.win = {0.37};
  curve.score = {0.37 * 6000};
  const Line facing = push_line(curve, threat, 1, calibration);
  EXPECT_NEAR(facing.win_prob, calibrated_win_odds(0.37, kWinOddsHandClasses, calibration), 1e-12);
  EXPECT_LT(facing.win_prob, 0.3);  // a tenpai hand left dama facing a riichi wins far less often
  EXPECT_NEAR(facing.win_points / facing.win_prob, 6000, 1e-9);
  threat.opponent_declared = false;
  EXPECT_NEAR(push_line(curve, threat, 1, calibration).win_prob, calibrated_win_odds(0.37, 0, calibration), 1e-12);

  // A closed tenpai hand that has not declared (dama) reads its own class, with and without a
  // riichi shown: ratio 0.37 / 0.63 halved, then divided by three.
  curve.closed = true;
  FullParams dama = uncalibrated();
  dama.win_odds_factor[1] = 0.5;
  dama.win_odds_factor[kWinOddsHandClasses + 1] = 1.0 / 3;
  const double ratio = 0.37 / 0.63;
  EXPECT_NEAR(push_line(curve, threat, 1, dama).win_prob, 0.5 * ratio / (1 + 0.5 * ratio), 1e-12);
  threat.opponent_declared = true;
  EXPECT_NEAR(push_line(curve, threat, 1, dama).win_prob, ratio / 3 / (1 + ratio / 3), 1e-12);
  curve.closed = false;
  EXPECT_NEAR(push_line(curve, threat, 1, dama).win_prob, 0.37, 1e-12);  // open: its class untouched
}

// Each later discard of a tenpai push pays the wall tile's danger while the hand goes on: with
// three draws and no win, deal-ins after draws 1, 2 and 3 (the discard after the last draw can
// be ronned too).
TEST(Line, PushPaysTheDangerOfEachLaterDiscard) {
  const HandCurve curve = curve_of({0, 0, 0}, 0, {1, 1, 1});
  const Line line = push_line(curve, quiet_threat(0, 0.1, 800), 3);
  EXPECT_NEAR(line.deal_in_prob, 0.1 + 0.9 * 0.1 + 0.81 * 0.1, 1e-12);
  EXPECT_NEAR(line.deal_in_points, 800 + 0.9 * 800 + 0.81 * 800, 1e-9);
  const Line one_draw = push_line(curve, quiet_threat(0, 0.1, 800), 1);
  EXPECT_NEAR(one_draw.deal_in_prob, 0.1, 1e-12);  // the last draw's discard alone
}

// The discard after our last draw comes before the others' last turns: by hand, one draw, a
// hazard of 0.1 and 300 of tsumo loss a go-round, the tenpai discard dealing in with 0.2 for 1000.
// The first go-round pays 300 and leaves 0.9; the discard deals in 0.9 x 0.2 for 900 and leaves
// 0.72, which pays the last go-round's 0.72 x 300 and reaches the draw with 0.72 x 0.9.
TEST(Line, TheLastDiscardComesBeforeTheOthersLastTurns) {
  const HandCurve curve = curve_of({0}, 0, {1});
  Threat threat = racing_threat(0, 0.1, 300);
  threat.push_deal_in.fill(0.2);
  threat.push_loss.fill(1000);
  const Line line = push_line(curve, threat, 1, uncalibrated(), OthersTurns{1, 1});
  EXPECT_NEAR(line.deal_in_prob, 0.9 * 0.2, 1e-12);
  EXPECT_NEAR(line.deal_in_points, 0.9 * 1000, 1e-9);
  EXPECT_NEAR(line.tsumo_points, 300 + 0.72 * 300, 1e-9);
  EXPECT_NEAR(line.draw_prob, 0.72 * 0.9, 1e-12);
}

// The draw payments count only inside the noten window (the params').
TEST(Line, DrawPaymentsCountOnlyInTheNotenWindow) {
  const HandCurve curve = curve_of(std::vector<double>(8, 0.0), 0, std::vector<double>(8, 1.0));
  const Threat threat = quiet_threat(0.5);
  EXPECT_GT(push_line(curve, threat, 4).draw_payment, 0);
  EXPECT_DOUBLE_EQ(push_line(curve, threat, 8).draw_payment, 0);
  FullParams wide;
  wide.noten_window_draws = 8;
  EXPECT_GT(push_line(curve, threat, 8, wide).draw_payment, 0);
}

// Folding discards the safest tiles held, one a turn, up to the fold horizon: with the wall's
// danger flat, the j-th safest tile's own figures. Hand: 1m (loss 100), 9p (0), E (50); seat 2 is
// the one its losses pay.
TEST(Line, FoldDiscardsTheSafestTilesFirstUpToTheHorizon) {
  Threat threat = quiet_threat(0, 0.2, 1000);
  const int one_man = 0;
  const int nine_pin = 17;
  const int east = 27;
  threat.loss[one_man] = 100;
  threat.loss[east] = 50;
  threat.deal_in[one_man] = 0.02;
  threat.deal_in[east] = 0.01;
  threat.opponents[1].loss = threat.loss;
  TileCounts hand{};
  hand[one_man] = 1;
  hand[nine_pin] = 1;
  hand[east] = 1;
  const Line fold = fold_line(hand, threat, 5);
  // Turns 1-5 (the fifth draw's discard too): 9p, E, 1m, then 1m twice more (held runs out).
  const double going2 = 1;
  const double going3 = going2 * (1 - 0.01);
  const double going4 = going3 * (1 - 0.02);
  const double going5 = going4 * (1 - 0.02);
  EXPECT_NEAR(fold.deal_in_points, 0 + 50 * going2 + 100 * going3 + 100 * going4 + 100 * going5, 1e-9);
  EXPECT_NEAR(fold.deal_in_prob, 0.01 + 0.02 * going3 + 0.02 * going4 + 0.02 * going5, 1e-12);
  EXPECT_DOUBLE_EQ(fold.win_prob, 0);
  EXPECT_NEAR(fold.payee[2], 1, 1e-12);  // only seat 2 is paid by these tiles
  FullParams short_horizon;
  short_horizon.fold_horizon = 2;
  EXPECT_NEAR(fold_line(hand, threat, 5, short_horizon).deal_in_points, 50, 1e-9);
}

// A threat in which seat 2 (declared or not) is the only danger: each kind of `losses` deals
// in to it with the odds given, for the loss given.
Threat one_seat_threat(bool declared, const std::vector<std::tuple<int, double, double>>& losses) {
  Threat threat = quiet_threat(1, 0.2, 1000);
  OpponentThreat& seat2 = threat.opponents[1];
  seat2.declared = declared;
  for (const auto& [kind, deal_in, loss] : losses) {
    seat2.deal_in[kind] = deal_in;
    seat2.loss[kind] = loss;
  }
  threat.loss = seat2.loss;
  threat.deal_in = seat2.deal_in;
  threat.opponent_declared = declared;
  return threat;
}

// The params that price every later turn with today's danger (the rivers not counted).
FullParams todays_danger() {
  FullParams params;
  params.count_rivers = false;
  return params;
}

FullParams counting_rivers(double rate) {
  FullParams params;
  params.count_rivers = true;
  params.river_safe_rate = rate;
  return params;
}

constexpr int kOneMan = 0;
constexpr int kNinePin = 17;
constexpr int kEast = 27;

// Folding against a riichi, our own discards: we hold 9p (genbutsu), E (loss 100, deal-in 0.02)
// and two 1m (300, 0.05 each). The fold throws 9p, E, then a 1m, whose other copy is then ours
// to throw past the riichi, safe. The same danger from a seat that has not declared is paid in
// full, each 1m a turn (the last again: held runs out), and so is the riichi's when the params
// do not count the rivers. With every kind safe after a go-round, the fold pays nothing.
TEST(Line, FoldingAgainstARiichiOurOwnDiscardsMakeTheCopiesWeKeepSafe) {
  TileCounts hand{};
  hand[kOneMan] = 2;
  hand[kNinePin] = 1;
  hand[kEast] = 1;
  const std::vector<std::tuple<int, double, double>> losses = {{kOneMan, 0.05, 300}, {kEast, 0.02, 100}};
  const Threat riichi = one_seat_threat(true, losses);
  const Line ours = fold_line(hand, riichi, 5, counting_rivers(0));
  EXPECT_NEAR(ours.deal_in_points, 100 + 0.98 * 300, 1e-9);
  EXPECT_NEAR(ours.deal_in_prob, 0.02 + 0.98 * 0.05, 1e-12);
  EXPECT_NEAR(ours.payee[2], 1, 1e-12);

  const Line dama = fold_line(hand, one_seat_threat(false, losses), 5, counting_rivers(0.1));
  EXPECT_NEAR(dama.deal_in_points, 100 + 0.98 * 300 * (1 + 0.95 + 0.95 * 0.95), 1e-9);
  EXPECT_DOUBLE_EQ(fold_line(hand, riichi, 5, todays_danger()).deal_in_points, dama.deal_in_points);
  EXPECT_DOUBLE_EQ(fold_line(hand, riichi, 5, counting_rivers(1)).deal_in_points, 0);
}

// The rivers: a kind turns safe after a geometric wait at the river rate a go-round. A lone East
// (loss 100, no deal-in odds, so the hand is always on) costs 100 (1 - r)^j at the j-th turn, to
// within the sampling's 1/64 a turn.
TEST(Line, FoldingAgainstARiichiAHeldKindTurnsSafeAtTheRiverRate) {
  TileCounts hand{};
  hand[kEast] = 1;
  const double rate = 0.1;
  const Line fold = fold_line(hand, one_seat_threat(true, {{kEast, 0, 100}}), 5, counting_rivers(rate));
  double expected = 0;
  for (int j = 1; j <= 5; ++j) expected += 100 * std::pow(1 - rate, j);
  EXPECT_NEAR(fold.deal_in_points, expected, 5 * 100.0 / 64);
  EXPECT_LT(fold.deal_in_points, 500 - 100);  // well below the riichi's danger paid every turn
}

// The fold reads the rivers as they come: holding 9p (genbutsu) and four kinds of loss 100, 200,
// 300 and 400 (no deal-in odds), at each turn it throws a kind made safe if it has one, else the
// cheapest. Against an enumeration of when each of the four turns safe (independent geometric
// waits, each cut at the horizon), to within what the sampling leaves.
TEST(Line, FoldingAgainstARiichiMatchesAnEnumerationOfTheRivers) {
  const std::vector<int> kinds = {kEast, kEast + 1, kEast + 2, kEast + 3};
  const std::vector<double> loss = {100, 200, 300, 400};
  TileCounts hand{};
  hand[kNinePin] = 1;
  std::vector<std::tuple<int, double, double>> losses;
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    hand[kinds[i]] = 1;
    losses.emplace_back(kinds[i], 0.0, loss[i]);
  }
  const double rate = 0.15;
  const int horizon = 5;
  // Each kind safe from go-round t = 1..5 (odds r (1 - r)^(t - 1)) or never within the fold.
  const auto odds_of = [&](int t) { return t <= horizon ? rate * std::pow(1 - rate, t - 1) : std::pow(1 - rate, horizon); };
  double expected = 0;
  std::array<int, 4> t{};
  for (t[0] = 1; t[0] <= horizon + 1; ++t[0]) {
    for (t[1] = 1; t[1] <= horizon + 1; ++t[1]) {
      for (t[2] = 1; t[2] <= horizon + 1; ++t[2]) {
        for (t[3] = 1; t[3] <= horizon + 1; ++t[3]) {
          const double odds = odds_of(t[0]) * odds_of(t[1]) * odds_of(t[2]) * odds_of(t[3]);
          // The genbutsu first if nothing else is free; a free kind before any that is not.
          std::array<bool, 4> kept = {true, true, true, true};
          bool genbutsu_kept = true;
          double paid = 0;
          for (int j = 1; j <= horizon; ++j) {
            int free = -1;
            for (int i = 0; i < 4; ++i) {
              if (kept[i] && t[i] <= j && free < 0) free = i;
            }
            if (genbutsu_kept && free < 0) {
              genbutsu_kept = false;
              continue;
            }
            if (free >= 0) {
              kept[free] = false;
              continue;
            }
            int cheapest = -1;
            for (int i = 0; i < 4; ++i) {
              if (kept[i] && cheapest < 0) cheapest = i;
            }
            paid += loss[cheapest];
            kept[cheapest] = false;
          }
          expected += odds * paid;
        }
      }
    }
  }
  const Line fold = fold_line(hand, one_seat_threat(true, losses), horizon, counting_rivers(rate));
  EXPECT_NEAR(fold.deal_in_points, expected, 0.03 * expected);
  // Paid every turn as they stand: 0 + 100 + 200 + 300 + 400.
  EXPECT_LT(expected, 1000 * 0.8);
}

// The others' tsumo wins, by hand: 300 points a go-round while the hand is on, with a hazard of
// 0.1. Folding over three draws and a whole go-round after the last pays 300 (1 + 0.9 + 0.81 +
// 0.729); a push that wins half the time at its first draw (going 0.9 x 0.5 after it) pays
// 300 (1 + 0.45 + 0.405 + 0.3645), and each line's value is that much lower. A weight of 0 leaves
// them out.
TEST(Line, BothLinesPayTheOthersTsumoWhileTheHandIsOn) {
  const Threat threat = racing_threat(0, 0.1, 300);
  TileCounts hand{};
  hand[0] = 3;
  const Line fold = fold_line(hand, threat, 3);
  EXPECT_NEAR(fold.tsumo_points, 300 * (1 + 0.9 + 0.81 + 0.729), 1e-9);
  const HandCurve curve = curve_of({0.5, 0.5, 0.5}, 4000, {1, 1, 1});
  FullParams params = uncalibrated();
  const Line push = push_line(curve, threat, 3, params);
  EXPECT_NEAR(push.tsumo_points, 300 * (1 + 0.45 + 0.405 + 0.3645), 1e-9);
  params.opponent_tsumo_weight = 0;
  const Line push_without = push_line(curve, threat, 3, params);
  EXPECT_DOUBLE_EQ(push_without.tsumo_points, 0);
  EXPECT_NEAR(push_without.value() - push.value(), push.tsumo_points, 1e-9);
}

// The others' turns counted by the wall, against dealing it out: the seats before our next draw
// draw first, then we and the three others in turn until no live tile is left. The others' draws
// before our first and after our last, in thirds of a go-round, are what others_turns says for
// every size of the wall and every seat drawing next (a kan's rinshan tile is a draw of ours
// before any of theirs: the same count with none first).
TEST(Line, TheOthersTurnsAreCountedByTheWall) {
  for (int tiles = 1; tiles <= 70; ++tiles) {
    for (int first_seats = 0; first_seats <= 3; ++first_seats) {
      int ours = 0;
      int before_first = 0;
      int after_last = 0;
      for (int t = 0; t < tiles; ++t) {
        const bool our_draw = t >= first_seats && (t - first_seats) % 4 == 0;
        if (our_draw) {
          ++ours;
          after_last = 0;
        } else if (ours == 0) {
          ++before_first;
        } else {
          ++after_last;
        }
      }
      const OthersTurns turns = others_turns(tiles, first_seats, ours);
      if (ours == 0) {  // no draw of ours: every tile left is theirs, after the candidate
        EXPECT_NEAR(turns.last, before_first / 3.0, 1e-12) << tiles << " tiles, " << first_seats << " first";
        continue;
      }
      EXPECT_NEAR(turns.first, before_first / 3.0, 1e-12) << tiles << " tiles, " << first_seats << " first";
      EXPECT_NEAR(turns.last, after_last / 3.0, 1e-12) << tiles << " tiles, " << first_seats << " first";
    }
  }
  // Worked: 8 tiles after our discard, two draws of ours and nothing after the last; after a
  // pass of the left seat's discard, ours first and a whole go-round after the last.
  EXPECT_DOUBLE_EQ(others_turns(8, 3, 2).last, 0);
  EXPECT_DOUBLE_EQ(others_turns(8, 0, 2).first, 0);
  EXPECT_DOUBLE_EQ(others_turns(8, 0, 2).last, 1);
}

// When our draw is next (a pass of the left seat's discard, a kan), none of the first go-round
// comes before it. By hand, hazard 0.1 and tsumo loss 300 a go-round, our win 0.5 at the first
// draw and 0.75 by the second, one ron chance a go-round, no go-round after the last draw:
// - after our discard (first 1), as before: going 0.9, win 1 - 0.5^2 = 0.75 at the first draw;
//   the tsumo paid 300 + 0.9 x 0.25 x 300;
// - our draw next (first 0): going 1 and no ron chance before the first draw, win 0.5; by the
//   second, 1 + 1 x (1 + 0) / 2 = 1.5 chances a draw: 1 - 0.25^1.5 = 0.875, so 0.75 more given
//   none before; the tsumo paid 0 + 0.5 x 300 for the one go-round between our draws;
// - one seat first (a third): going 0.9^(1/3), win 1 - 0.5^(1 + 1/3), the tsumo 100 first.
// The go-round after the last draw pays as much of the tsumo and hazard as is played of it: the
// fold line over two draws pays 300 for its second go-round with none first and none after, and
// 300 + 0.9 x 300 + 0.81 x 300 x 2/3 with a whole go-round first and two thirds after.
TEST(Line, TheFirstAndLastGoRoundsCountOnlyWhatTheOthersPlay) {
  HandCurve curve = curve_of({0.5, 0.75}, 4000, {1, 1});
  curve.ron_chances = 1;
  const Threat threat = racing_threat(0, 0.1, 300);
  const FullParams params = uncalibrated();

  const Line after_discard = push_line(curve, threat, 2, params, OthersTurns{1, 0});
  EXPECT_NEAR(after_discard.tsumo_points, 300 + 0.9 * 0.25 * 300, 1e-9);
  EXPECT_NEAR(after_discard.win_prob, 0.9 * 0.75 + 0.9 * 0.25 * 0.9 * (1 - 0.25 * 0.25 / 0.25), 1e-12);
  const Line whole_rounds = push_line(curve, threat, 2, params);  // the default: whole go-rounds
  EXPECT_NEAR(whole_rounds.draw_prob, after_discard.draw_prob * 0.9, 1e-12);

  const Line draw_next = push_line(curve, threat, 2, params, OthersTurns{0, 0});
  const double by_second = 1 - std::pow(0.25, 1.5);
  const double second = (by_second - 0.5) / 0.5;
  EXPECT_NEAR(draw_next.tsumo_points, 0.5 * 300, 1e-9);
  EXPECT_NEAR(draw_next.win_prob, 0.5 + 0.5 * 0.9 * second, 1e-12);
  EXPECT_NEAR(draw_next.win_points, 0.5 * 4000 + 0.5 * 0.9 * second * 4000, 1e-9);
  EXPECT_GT(draw_next.value(), after_discard.value());

  const Line one_first = push_line(curve, threat, 1, params, OthersTurns{1.0 / 3, 0});
  EXPECT_NEAR(one_first.tsumo_points, 100, 1e-9);
  EXPECT_NEAR(one_first.win_prob, std::pow(0.9, 1.0 / 3) * (1 - std::pow(0.5, 4.0 / 3)), 1e-12);

  TileCounts hand{};
  hand[0] = 3;
  const Line fold_draw_next = fold_line(hand, threat, 2, params, OthersTurns{0, 0});
  EXPECT_NEAR(fold_draw_next.tsumo_points, 300, 1e-9);
  EXPECT_NEAR(fold_draw_next.draw_prob, 0.9, 1e-12);
  const Line fold_tail = fold_line(hand, threat, 2, params, OthersTurns{1, 2.0 / 3});
  EXPECT_NEAR(fold_tail.tsumo_points, 300 + 0.9 * 300 + 0.81 * 300 * 2 / 3, 1e-9);
  EXPECT_NEAR(fold_tail.draw_prob, 0.81 * std::pow(0.9, 2.0 / 3), 1e-12);
}

// With no draw left for us the line wins nothing of its own and is at the draw as it is: tenpai
// now or noten, whatever the DP's curve says a draw would bring; the others' last turns still
// cut it short (two thirds of a go-round: 0.9^(2/3) reaches the draw) and pay their tsumo. Its
// only wins are rons on their last discards: with 1.5 chances a go-round, two thirds of one is
// one chance at the DP's one-draw odds, 0.3, for the DP's mean win of 8000.
TEST(Line, WithNoDrawLeftTheHandIsAtTheDrawAsItIs) {
  HandCurve curve = curve_of({0.3}, 8000, {0.8});
  curve.shanten = 1;
  const Threat threat = racing_threat(0.5, 0.1, 300);
  const OthersTurns turns = others_turns(2, 3, 0);
  const Line noten = push_line(curve, threat, 0, uncalibrated(), turns);
  EXPECT_DOUBLE_EQ(noten.win_prob, 0);
  EXPECT_DOUBLE_EQ(noten.draw_tenpai, 0);
  EXPECT_NEAR(noten.draw_prob, std::pow(0.9, 2.0 / 3), 1e-12);
  EXPECT_NEAR(noten.tsumo_points, 200, 1e-9);
  EXPECT_DOUBLE_EQ(noten.draw_payment, draw_payments(threat, 0).noten);
  curve.shanten = 0;
  const Line tenpai = push_line(curve, threat, 0, uncalibrated(), turns);
  EXPECT_DOUBLE_EQ(tenpai.draw_tenpai, 1);
  EXPECT_DOUBLE_EQ(tenpai.draw_payment, draw_payments(threat, 0).tenpai);
  curve.ron_chances = 1.5;
  const Line rons = push_line(curve, threat, 0, uncalibrated(), turns);
  EXPECT_NEAR(rons.win_prob, 0.3, 1e-12);
  EXPECT_NEAR(rons.win_points, 0.3 * 8000, 1e-9);
  EXPECT_NEAR(rons.draw_prob, 0.7 * std::pow(0.9, 2.0 / 3), 1e-12);
}

}  // namespace
}  // namespace tenbin
