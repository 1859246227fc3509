// The opponents' side of a decision (bot/strategy/threat): the race built from an MJ-0 estimate
// written by hand, checked against the formulas of docs/full.md worked out here; the share of the
// others' wins; and the flat rule's genbutsu.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/strategy/threat.hpp"
#include "tests/mjai_lines.hpp"

namespace tenbin {
namespace {

using namespace lines;

// The table as seat 0 sees it after `stream`.
Table seen_by_seat_0(const std::vector<std::string>& stream) {
  Table table(0);
  for (const std::string& line : stream) table.apply(parse_event(nlohmann::json::parse(line)).event);
  return table;
}

// Seat 1 (the dealer) declares riichi on 1m after opening with 9s; we are seat 0, holding our draw.
// Seats 2 and 3 then throw `seat_2` and `seat_3` against the riichi (by default S and W, neither
// safe against it).
Table after_dealer_riichi(const std::string& seat_2 = "S", const std::string& seat_3 = "W") {
  Deal deal;
  deal.oya = 1;
  deal.kyoku = 2;
  const std::vector<std::string> stream = {
      start_game(0), start_kyoku("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", deal), tsumo(1), dahai(1, "9s"),
      tsumo(2), dahai(2, "S"), tsumo(3), dahai(3, "W"), tsumo(0, "N"), dahai(0, "N", true), tsumo(1), reach(1),
      dahai(1, "1m"), reach_accepted(1), tsumo(2), dahai(2, seat_2), tsumo(3), dahai(3, seat_3), tsumo(0, "2s")};
  return seen_by_seat_0(stream);
}

constexpr int kTwoMan = 1;
constexpr int kFiveMan = 4;

// MJ-0 as if its samples said: the riichi seat waits on 2m-5m (10% each, 8000 a ron), the other
// two are tenpai 20% of the time on nothing this seat holds; one copy of every kind in the wall.
mj0::Estimate hand_made_estimate() {
  mj0::Estimate estimate;
  estimate.wall.fill(1.0);
  for (const int seat : {1, 2, 3}) {
    mj0::OpponentEstimate o;
    o.seat = seat;
    o.tenpai_probability = seat == 1 ? 1.0 : 0.2;
    if (seat == 1) {
      for (const int kind : {kTwoMan, kFiveMan}) o.tiles[kind] = {0.1, 800, 0};
    }
    estimate.opponents.push_back(o);
  }
  return estimate;
}

// MJ-0 as if its samples said the same of seats 1, 2 and 3: tenpai with odds `tenpai`, the given
// kinds dangerous; one copy of every kind in the wall.
mj0::Estimate alike_opponents(double tenpai, const std::vector<std::pair<int, mj0::TileDanger>>& dangers) {
  mj0::Estimate estimate;
  estimate.wall.fill(1.0);
  for (const int seat : {1, 2, 3}) {
    mj0::OpponentEstimate o;
    o.seat = seat;
    o.tenpai_probability = tenpai;
    for (const auto& [kind, danger] : dangers) o.tiles[kind] = danger;
    estimate.opponents.push_back(o);
  }
  return estimate;
}

TEST(Threat, TheRaceFollowsTheRiichisLiveWaits) {
  const Table table = after_dealer_riichi();
  FullParams todays_danger;
  todays_danger.count_rivers = false;
  const Threat threat = threat_from_estimate(table, hand_made_estimate(), false, todays_danger);
  ASSERT_EQ(threat.opponents.size(), 3u);
  const OpponentThreat& riichi = threat.opponents[0];
  ASSERT_EQ(riichi.seat, 1);
  EXPECT_DOUBLE_EQ(riichi.tenpai[5], 1.0);  // tenpai now, tenpai later
  EXPECT_DOUBLE_EQ(riichi.win_chances, kDefaultFullParams.opponent_chances_in_riichi);
  EXPECT_DOUBLE_EQ(threat.opponents[1].win_chances, kDefaultFullParams.opponent_chances_other);
  // Its waits: 0.1 / 1 of each of 2m and 5m's one copy: 0.2 live copies in a wall of L tiles; it
  // completes in a go-round with 1 - (1 - 0.2 / L)^1.6; the others hold no wait.
  EXPECT_NEAR(riichi.live_waits, 0.2, 1e-12);
  const double live = table.tiles_left();
  const double completes = 1 - std::pow(1 - 0.2 / live, kDefaultFullParams.opponent_chances_in_riichi);
  EXPECT_NEAR(threat.hazard[1], completes, 1e-12);
  EXPECT_NEAR(threat.deal_in[kTwoMan], 0.1, 1e-12);
  EXPECT_NEAR(threat.loss[kFiveMan], 800, 1e-9);
  EXPECT_DOUBLE_EQ(threat.deal_in[kTwoMan + 1], 0);
  // A pushed wall tile: 2 of the wall's 34 expected copies deal in, with odds 0.1 (the others
  // hold no wait); counting the rivers (the default), less the share of them made safe against
  // the riichi by then (the river rate a go-round).
  EXPECT_NEAR(threat.push_deal_in[1], 2.0 / live * 0.1, 1e-9);
  EXPECT_NEAR(threat.push_deal_in[3], 2.0 / live * 0.1, 1e-9);
  EXPECT_DOUBLE_EQ(threat.undeclared_loss[3], 0);
  const FullParams rivers;
  ASSERT_TRUE(rivers.count_rivers);
  const Threat with_rivers = threat_from_estimate(table, hand_made_estimate(), false, rivers);
  const double river = 1 - rivers.river_safe_rate;
  EXPECT_NEAR(with_rivers.push_deal_in[1], 2.0 / live * 0.1 * river, 1e-9);
  EXPECT_NEAR(with_rivers.push_deal_in[3], 2.0 / live * 0.1 * std::pow(river, 3), 1e-9);
  EXPECT_NEAR(with_rivers.push_loss[3], 2.0 / live * 800 * std::pow(river, 3), 1e-9);
  EXPECT_NEAR(with_rivers.hazard[3], threat.hazard[3], 1e-15);  // the riichi still finishes as fast
  // Its tsumo: one of its 1.76 chances a go-round, its mean win 8000 (800 / 0.1), of which we,
  // not the dealer, pay a third; the others hold no wait.
  EXPECT_NEAR(riichi.tsumo_payment, 8000.0 / 3, 1e-9);
  EXPECT_NEAR(threat.tsumo_loss[1], completes / kDefaultFullParams.opponent_chances_in_riichi * 8000 / 3, 1e-9);
  EXPECT_DOUBLE_EQ(threat.opponents[1].tsumo_payment, kDefaultFullParams.flat_ron_points / 4);

  // A parameter set for an experiment reaches the race: one chance a go-round.
  FullParams params;
  params.opponent_chances_in_riichi = 1;
  const Threat slower = threat_from_estimate(table, hand_made_estimate(), false, params);
  EXPECT_NEAR(slower.hazard[1], 0.2 / live, 1e-12);
}

// The others' wins without us: all the riichi's (no one else holds a wait), for its mean ron.
TEST(Threat, OpponentWinsGoToTheSeatsThatCanFinish) {
  const Table table = after_dealer_riichi();
  const Threat threat = threat_from_estimate(table, hand_made_estimate(), false);
  const std::vector<OpponentWin> wins = opponent_wins(threat, table, 5);
  ASSERT_EQ(wins.size(), 3u);
  EXPECT_DOUBLE_EQ(wins[0].share, 1.0);
  EXPECT_NEAR(wins[0].points, 8000, 1e-9);
  EXPECT_DOUBLE_EQ(wins[1].share, 0.0);
  // No wait held: a flat ron, a non-dealer's.
  EXPECT_DOUBLE_EQ(wins[1].points, kDefaultFullParams.flat_ron_points);
}

// The flat rule: the riichi's own discards (9s, 1m) are genbutsu; every other kind it has not
// discarded is equally dangerous; an opponent holding no wait is priced as a dealer's flat ron.
TEST(Threat, TheFlatRuleKnowsGenbutsu) {
  const Table table = after_dealer_riichi();
  const Threat threat = flat_threat(table);
  const OpponentThreat& riichi = threat.opponents[0];
  ASSERT_EQ(riichi.seat, 1);
  EXPECT_DOUBLE_EQ(riichi.deal_in[parse_kind("9s")], 0);
  EXPECT_DOUBLE_EQ(riichi.deal_in[parse_kind("1m")], 0);
  const double open_kinds = kNumKinds - 2 - 2;  // S and W passed since its riichi are safe too
  EXPECT_NEAR(riichi.deal_in[parse_kind("5p")], std::min(1.0, 1.5 / open_kinds), 1e-12);
  EXPECT_NEAR(riichi.loss[parse_kind("5p")], riichi.deal_in[parse_kind("5p")] * 5200 * 1.5, 1e-9);
}

// Both builders of the threat say whether an opponent has declared: seat 1's riichi counts; our
// own does not (seat 0 declares in the second stream), nor does a quiet table.
TEST(Threat, KnowsWhetherAnOpponentHasDeclared) {
  const Table facing = after_dealer_riichi();
  EXPECT_TRUE(flat_threat(facing).opponent_declared);
  EXPECT_TRUE(threat_from_estimate(facing, hand_made_estimate(), false).opponent_declared);
  const Table ours = seen_by_seat_0({start_game(0), start_kyoku("2m 3m 4m 6m 7m 8m 3p 4p 5p 8s 9s 1s 1s"),
                                     tsumo(0, "N"), reach(0), dahai(0, "N", true), reach_accepted(0), tsumo(1)});
  ASSERT_TRUE(ours.player(0).riichi_declared);
  EXPECT_FALSE(flat_threat(ours).opponent_declared);
  EXPECT_FALSE(threat_from_estimate(ours, hand_made_estimate(), false).opponent_declared);
}

// The growth of a not-yet-tenpai opponent over the go-rounds (docs/full.md): tenpai now, or
// reaching it as the base rate does from its turn, at the pace left by the fold share.
double grown(double now, int turn, int j, double pace, const FullParams& params) {
  const auto rate = [&](int n) { return params.tenpai_by_turn[static_cast<std::size_t>(std::min(n, kTenpaiTurns - 1))]; };
  return now + (1 - now) * pace * (rate(turn + j) - rate(turn)) / (1 - rate(turn));
}

TEST(Threat, PlayersFacingARiichiRaceAtThePaceTheFoldShareLeaves) {
  const Table table = after_dealer_riichi();
  FullParams params;
  params.riichi_fold_share = 0.25;
  params.fold_share_per_genbutsu_share = 0;  // every seat the population
  const Threat threat = threat_from_estimate(table, hand_made_estimate(), false, params);
  const OpponentThreat& facing = threat.opponents[1];  // seat 2: two discards, facing seat 1's riichi
  ASSERT_EQ(facing.seat, 2);
  ASSERT_EQ(table.player(2).river.size(), 2u);
  for (const int j : {1, 3, 6}) EXPECT_NEAR(facing.tenpai[j], grown(0.2, 2, j, 0.75, params), 1e-12) << j;
  params.riichi_fold_share = 0;
  const Threat unslowed = threat_from_estimate(table, hand_made_estimate(), false, params);
  EXPECT_NEAR(unslowed.opponents[1].tenpai[6], grown(0.2, 2, 6, 1.0, params), 1e-12);
  EXPECT_GT(unslowed.opponents[1].tenpai[6], facing.tenpai[6]);
}

// Before anyone declares: our riichi slows the three of them, and with them the hazard.
TEST(Threat, OurRiichiSlowsTheOthersRace) {
  const std::vector<std::string> stream = {
      start_game(0), start_kyoku("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p"), tsumo(0, "N"), dahai(0, "N", true),
      tsumo(1), dahai(1, "9s"), tsumo(2), dahai(2, "S"), tsumo(3), dahai(3, "W"), tsumo(0, "2s")};
  const Table table = seen_by_seat_0(stream);
  const mj0::Estimate estimate = alike_opponents(0.2, {{kTwoMan, {0.02, 160, 0}}});
  FullParams params;
  params.riichi_fold_share = 0.4;
  const Threat threat = threat_from_estimate(table, estimate, false, params);
  const Threat after = threat_after_our_riichi(threat, table, params);
  ASSERT_EQ(after.opponents.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    const OpponentThreat& o = after.opponents[i];
    EXPECT_NEAR(threat.opponents[i].tenpai[4], grown(0.2, 1, 4, 1.0, params), 1e-12);
    EXPECT_NEAR(o.tenpai[4], grown(0.2, 1, 4, 0.6, params), 1e-12);
    EXPECT_DOUBLE_EQ(o.tenpai[0], 0.2);
  }
  // The tile discarded now is as dangerous; the race after it is slower.
  EXPECT_DOUBLE_EQ(after.deal_in[kTwoMan], threat.deal_in[kTwoMan]);
  for (const int j : {1, 3, 6, 9}) EXPECT_LT(after.hazard[j], threat.hazard[j]) << j;
  // With no fold share, our riichi changes nothing.
  params.riichi_fold_share = 0;
  const Threat same = threat_after_our_riichi(threat_from_estimate(table, estimate, false, params), table, params);
  const Threat plain = threat_from_estimate(table, estimate, false, params);
  for (const int j : {1, 3, 6, 9}) EXPECT_DOUBLE_EQ(same.hazard[j], plain.hazard[j]) << j;
}

// The seats' reading in round figures: the population folds 0.3 and throws genbutsu half the
// time, a seat's share is drawn toward it by 4 discards, a fold share per genbutsu share of 1.
FullParams round_reading() {
  FullParams params;
  params.riichi_fold_share = 0.3;
  params.population_genbutsu_share = 0.5;
  params.seat_reading_prior = 4;
  params.fold_share_per_genbutsu_share = 1;
  return params;
}

// A seat's fold share read from its record: seat 2 threw one tile against the riichi, not a safe
// one; drawn toward the population by the prior, its genbutsu share is (0 + 4 * 0.5) / (1 + 4).
TEST(Threat, TheFoldShareIsReadFromTheSeat) {
  const Table table = after_dealer_riichi();
  ASSERT_EQ(table.record(2).discards_facing_riichi, 1);
  ASSERT_EQ(table.record(2).genbutsu_facing_riichi, 0);
  FullParams params = round_reading();
  EXPECT_NEAR(fold_share_of(table, 2, params), 0.3 + (0.4 - 0.5), 1e-12);
  EXPECT_NEAR(fold_share_of(table, 0, params), 0.3, 1e-12);  // we have thrown nothing against it yet
  params.fold_share_per_genbutsu_share = 0;
  EXPECT_NEAR(fold_share_of(table, 2, params), 0.3, 1e-12);
  params.fold_share_per_genbutsu_share = 10;
  EXPECT_EQ(fold_share_of(table, 2, params), 0.0);  // never below nothing
  // And the race follows it: seat 2's pace is 1 - 0.2 with the reading, as by hand.
  params.fold_share_per_genbutsu_share = 1;
  const Threat threat = threat_from_estimate(table, hand_made_estimate(), false, params);
  EXPECT_NEAR(threat.opponents[1].tenpai[6], grown(0.2, 2, 6, 0.8, params), 1e-12);
}

// Our riichi's ron chances read from the table: seat 1 is in riichi and left out; seats 2 and 3
// each threw one tile against it, not a safe one, so each reads a fold share of 0.3 + (0.4 - 0.5)
// = 0.2 (as above), a push share of 0.8 against the population's 0.7: the factor is (0.8 / 0.7)^power.
TEST(Threat, TheRiichiRonChancesFollowTheTablesPushShare) {
  const Table table = after_dealer_riichi();
  ASSERT_EQ(table.record(3).discards_facing_riichi, 1);
  ASSERT_EQ(table.record(3).genbutsu_facing_riichi, 0);
  FullParams params = round_reading();
  params.riichi_ron_chances_push_power = 0;
  EXPECT_EQ(riichi_ron_factor(table, params), 1.0);  // off
  params.riichi_ron_chances_push_power = 1;
  EXPECT_NEAR(riichi_ron_factor(table, params), 0.8 / 0.7, 1e-12);
  params.riichi_ron_chances_push_power = 2;
  EXPECT_NEAR(riichi_ron_factor(table, params), (0.8 / 0.7) * (0.8 / 0.7), 1e-12);
  // A seat read as the population moves nothing.
  params.fold_share_per_genbutsu_share = 0;
  EXPECT_NEAR(riichi_ron_factor(table, params), 1.0, 1e-12);

  // The params a decision plays with: both riichi figures moved, the rest as given.
  params.fold_share_per_genbutsu_share = 1;
  params.riichi_ron_chances_push_power = 1;
  const FullParams read = params_at_table(table, params);
  EXPECT_NEAR(read.riichi_ron_chances, params.riichi_ron_chances * 0.8 / 0.7, 1e-12);
  EXPECT_NEAR(read.riichi_ron_chances_facing_riichi, params.riichi_ron_chances_facing_riichi * 0.8 / 0.7, 1e-12);
  EXPECT_EQ(read.dama_ron_chances, params.dama_ron_chances);
  EXPECT_EQ(read.open_ron_chances_facing_riichi, params.open_ron_chances_facing_riichi);
  EXPECT_EQ(read.dama_ron_chances_facing_riichi, params.dama_ron_chances_facing_riichi);
}

// The band of equivalent points a decision plays with: before any other seat's riichi scaled by
// the params' factor, once one stands the band as it is; our own riichi is not another's.
TEST(Threat, TheBandBeforeARiichiHoldsUntilAnotherSeatDeclares) {
  FullParams params;
  params.equivalent_points = 80;
  params.equivalent_points_factor_before_riichi = 2;
  EXPECT_EQ(params_at_table(after_dealer_riichi(), params).equivalent_points, 80);
  const Table calm = seen_by_seat_0({start_game(0), start_kyoku("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p"), tsumo(0, "N")});
  EXPECT_EQ(params_at_table(calm, params).equivalent_points, 160);
  const Table ours = seen_by_seat_0({start_game(0), start_kyoku("2m 3m 4m 6m 7m 8m 3p 4p 5p 7s 8s 1s 1s"), tsumo(0, "N"),
                                     reach(0), dahai(0, "N", true), reach_accepted(0), tsumo(1), dahai(1, "9s")});
  ASSERT_TRUE(ours.player(0).riichi_declared);
  EXPECT_EQ(params_at_table(ours, params).equivalent_points, 160);
}

// A table of folders: after the dealer's riichi on 1m, seat 2 throws 1m and seat 3 throws 9s,
// both in the riichi's river (genbutsu). Each reads (1 + 4 * 0.5) / (1 + 4) = 0.6, a fold share
// of 0.3 + 0.1 = 0.4 and a push share of 0.6 against the population's 0.7.
TEST(Threat, ATableThatFoldsGivesTheRiichiFewerRons) {
  const Table table = after_dealer_riichi("1m", "9s");
  ASSERT_EQ(table.record(2).genbutsu_facing_riichi, 1);
  ASSERT_EQ(table.record(3).genbutsu_facing_riichi, 1);
  FullParams params = round_reading();
  params.riichi_ron_chances_push_power = 1;
  EXPECT_NEAR(riichi_ron_factor(table, params), 0.6 / 0.7, 1e-12);
  EXPECT_LT(params_at_table(table, params).riichi_ron_chances, params.riichi_ron_chances);
  // The population folding wholly leaves nothing to scale by.
  params.riichi_fold_share = 1;
  EXPECT_EQ(riichi_ron_factor(table, params), 1.0);
}

// The open-hand calibration q = pivot * (p / pivot)^exponent: with exponent 0.5 and pivot 0.04, a
// forecast of 1% becomes 0.04 * sqrt(0.25) = 2% and one of 16% becomes 0.04 * sqrt(4) = 8%;
// genbutsu stays safe, the pivot stays itself, exponent 1 leaves every forecast as it is. The
// scale by calls multiplies the result (1, 2, 3 and more calls; four calls read as three), up to 1.
TEST(Threat, TheOpenHandCalibrationFlattensTheForecast) {
  FullParams params;
  params.open_danger_exponent = 0.5;
  params.open_danger_pivot = 0.04;
  EXPECT_NEAR(open_hand_deal_in(0.01, 1, params), 0.02, 1e-12);
  EXPECT_NEAR(open_hand_deal_in(0.16, 1, params), 0.08, 1e-12);
  EXPECT_EQ(open_hand_deal_in(0.0, 1, params), 0.0);
  EXPECT_NEAR(open_hand_deal_in(0.04, 2, params), 0.04, 1e-12);
  params.open_danger_scale_by_calls = {0.5, 1.5, 3};
  EXPECT_NEAR(open_hand_deal_in(0.01, 1, params), 0.01, 1e-12);
  EXPECT_NEAR(open_hand_deal_in(0.01, 2, params), 0.03, 1e-12);
  EXPECT_NEAR(open_hand_deal_in(0.01, 3, params), 0.06, 1e-12);
  EXPECT_NEAR(open_hand_deal_in(0.01, 4, params), 0.06, 1e-12);
  EXPECT_EQ(open_hand_deal_in(0.0, 3, params), 0.0);
  params.open_danger_scale_by_calls = {1, 1, 1};
  params.open_danger_exponent = 1;
  for (const double p : {0.0001, 0.003, 0.2, 0.9}) EXPECT_NEAR(open_hand_deal_in(p, 2, params), p, 1e-12) << p;
  // A pivot of zero (what the fit prints where it finds no power) turns the power off.
  params.open_danger_exponent = 0.5;
  params.open_danger_pivot = 0;
  EXPECT_DOUBLE_EQ(open_hand_deal_in(0.01, 1, params), 0.01);
  params.open_danger_scale_by_calls = {1, 2, 1};
  EXPECT_DOUBLE_EQ(open_hand_deal_in(0.01, 2, params), 0.02);
  EXPECT_EQ(open_hand_deal_in(0.6, 2, params), 1.0);  // odds, not more
  // The order of one hand's tiles is kept.
  EXPECT_LT(open_hand_deal_in(0.001, 1), open_hand_deal_in(0.002, 1));
  EXPECT_LT(open_hand_deal_in(0.05, 3), open_hand_deal_in(0.2, 3));
}

// Seat 3 pons East; seat 2 has not called; seat 1 is the dealer, closed. Only seat 3's odds are
// calibrated, each kind's loss with its odds (the mean win kept).
// The hand up to seat 3's discard after its pon, then `more`.
Table after_a_pon(const std::vector<std::string>& more = {tsumo(0, "N")}) {
  Deal deal;
  deal.oya = 1;
  std::vector<std::string> stream = {
      start_game(0), start_kyoku("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", deal), tsumo(1), dahai(1, "9s"),
      tsumo(2), dahai(2, "E"), pon(3, 2, "E", "E E"), dahai(3, "W")};
  stream.insert(stream.end(), more.begin(), more.end());
  return seen_by_seat_0(stream);
}

TEST(Threat, OnlyAnOpenHandsOddsAreCalibrated) {
  const Table table = after_a_pon();
  ASSERT_FALSE(table.player(3).closed());
  const mj0::Estimate estimate = alike_opponents(0.3, {{kTwoMan, {0.01, 80, 0}}, {kFiveMan, {0.16, 1280, 0}}});
  FullParams params;
  params.open_danger_exponent = 0.5;
  params.open_danger_pivot = 0.04;
  const Threat threat = threat_from_estimate(table, estimate, false, params);
  ASSERT_EQ(threat.opponents.size(), 3u);
  for (const OpponentThreat& o : threat.opponents) {
    const bool open = o.seat == 3;
    EXPECT_NEAR(o.deal_in[kTwoMan], open ? 0.02 : 0.01, 1e-12) << o.seat;
    EXPECT_NEAR(o.loss[kTwoMan], open ? 160 : 80, 1e-9) << o.seat;
    EXPECT_NEAR(o.deal_in[kFiveMan], open ? 0.08 : 0.16, 1e-12) << o.seat;
    EXPECT_NEAR(o.loss[kFiveMan], open ? 640 : 1280, 1e-9) << o.seat;
    EXPECT_EQ(o.deal_in[kTwoMan + 1], 0.0) << o.seat;
  }
  // The pon is seat 3's one call: its row of the scale.
  params.open_danger_scale_by_calls = {1.5, 3, 3};
  const Threat scaled = threat_from_estimate(table, estimate, false, params);
  EXPECT_NEAR(scaled.opponents[2].deal_in[kTwoMan], 0.03, 1e-12);
  EXPECT_NEAR(scaled.opponents[2].loss[kTwoMan], 240, 1e-9);
  EXPECT_NEAR(scaled.opponents[1].deal_in[kTwoMan], 0.01, 1e-12);
  // A second call (seat 3 pons chun off seat 1): its row of the scale.
  const Table two_calls = after_a_pon(
      {tsumo(0, "N"), dahai(0, "N"), tsumo(1), dahai(1, "C"), pon(3, 1, "C", "C C"), dahai(3, "S"), tsumo(0, "P")});
  ASSERT_EQ(two_calls.player(3).open_melds(), 2);
  EXPECT_NEAR(threat_from_estimate(two_calls, estimate, false, params).opponents[2].deal_in[kTwoMan], 0.06, 1e-12);
  params.open_danger_scale_by_calls = {1, 1, 1};
  // The waits' count is MJ-0's, calibrated or not.
  params.open_danger_exponent = 1;
  const Threat plain = threat_from_estimate(table, estimate, false, params);
  EXPECT_DOUBLE_EQ(threat.opponents[2].live_waits, plain.opponents[2].live_waits);
}

}  // namespace
}  // namespace tenbin
