// The opponents' side of a decision (bot/strategy/threat): the race built from an MJ-0 estimate
// written by hand, checked against the formulas of docs/full.md worked out here; the share of the
// others' wins; and the flat rule's genbutsu.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/strategy/threat.hpp"
#include "tests/mjai_lines.hpp"

namespace tenbin {
namespace {

using namespace lines;

// Seat 1 (the dealer) declares riichi on 1m after opening with 9s; we are seat 0, holding our draw.
Table after_dealer_riichi() {
  Deal deal;
  deal.oya = 1;
  deal.kyoku = 2;
  const std::vector<std::string> stream = {
      start_game(0), start_kyoku("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", deal), tsumo(1), dahai(1, "9s"),
      tsumo(2), dahai(2, "S"), tsumo(3), dahai(3, "W"), tsumo(0, "N"), dahai(0, "N", true), tsumo(1), reach(1),
      dahai(1, "1m"), reach_accepted(1), tsumo(2), dahai(2, "S"), tsumo(3), dahai(3, "W"), tsumo(0, "2s")};
  Table table(0);
  for (const std::string& line : stream) table.apply(parse_event(nlohmann::json::parse(line)).event);
  return table;
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

TEST(Threat, TheRaceFollowsTheRiichisLiveWaits) {
  const Table table = after_dealer_riichi();
  const Threat threat = threat_from_estimate(table, hand_made_estimate(), false);
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
  // A pushed wall tile: 2 of the wall's 34 expected copies deal in, with odds 0.1.
  EXPECT_NEAR(threat.push_deal_in[1], 1 - (1 - 2.0 / live * 0.1), 1e-9);

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

}  // namespace
}  // namespace tenbin
