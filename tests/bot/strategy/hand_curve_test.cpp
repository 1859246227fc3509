// The hand's side of a candidate: each discard's curve knows the shanten it leaves and whether
// its wins are a declared riichi's (the push line calibrates its win odds by them), from the DP
// and from the ukeire stand-in alike.
#include "bot/strategy/hand_curve.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/meld.hpp"
#include "engine/mjai.hpp"
#include "engine/shanten.hpp"
#include "engine/table.hpp"
#include "engine/tile.hpp"
#include "tests/mjai_lines.hpp"

namespace tenbin {
namespace {

// A concealed position, East round and seat, indicator 1m, flat unseen counts.
dp::Position position_of(const std::string& hand, int draws) {
  dp::Position position;
  std::istringstream in(hand);
  std::string name;
  while (in >> name) ++position.hand[parse_tile(name).kind()];
  position.dora_markers = {parse_tile("1m")};
  position.draws_left = draws;
  dp::set_flat_unseen(position);
  return position;
}

// The DP's curve for discarding West from `position`, riichi as `mode` says.
HandCurve west_discard(const dp::Position& position, dp::RiichiMode mode) {
  dp::Solver solver;
  std::size_t states = 0;
  dp::Options options;
  options.riichi = mode;
  return discard_curves(&solver, position, options, false, FullParams{}, states)[parse_tile("W").kind()];
}

// `closed_hand` as it is, or `open_hand` beside a pon of white dragons; flat unseen counts.
dp::Position closed_or_open(bool open, const std::string& open_hand, const std::string& closed_hand, int draws) {
  dp::Position position = position_of(open ? open_hand : closed_hand, draws);
  if (open) {
    const std::vector<Tile> consumed(2, parse_tile("P"));
    position.melds = {Meld::make(MeldType::pon, parse_tile("P"), consumed, 1)};
    dp::set_flat_unseen(position);
  }
  return position;
}

// `position` and `options` as the DP that counts every later call at the params' offer rates.
std::pair<dp::Position, dp::Options> counting_every_call(dp::Position position, dp::Options options) {
  set_offer_rates(position, FullParams{});
  options.closed_hand_calls = dp::ClosedHandCalls::all;
  return {position, options};
}

// `mixed` is (1 - weight) x `without` + weight x `with`, odds by odds.
void expect_mixed(const HandCurve& mixed, const HandCurve& without, const HandCurve& with, double weight) {
  ASSERT_EQ(mixed.win.size(), without.win.size());
  for (std::size_t r = 0; r < mixed.win.size(); ++r) {
    EXPECT_NEAR(mixed.win[r], (1 - weight) * without.win[r] + weight * with.win[r], 1e-12);
    EXPECT_NEAR(mixed.score[r], (1 - weight) * without.score[r] + weight * with.score[r], 1e-9);
    EXPECT_NEAR(mixed.tenpai[r], (1 - weight) * without.tenpai[r] + weight * with.tenpai[r], 1e-12);
  }
}

// Later calls in a closed hand's discards (mix_in_later_calls): at weight w each discard's curve
// is (1 - w) x the DP's without calls + w x the DP's with every call at the params' offer rates,
// solved here apart; at weight 0 nothing changes. 5m6m 3p4p 7s8s with pairs of white and green
// dragons: pons of the dragons give the opened hand its yaku.
TEST(HandCurve, LaterCallsMixTheDpsWithAndWithoutCallsAtTheirWeight) {
  const dp::Position position = position_of("5m 6m 3p 4p 7s 8s P P F F 1m 9m E S", 10);
  dp::Solver solver;
  std::size_t states = 0;
  const dp::Options options;
  const auto without = discard_curves(&solver, position, options, false, FullParams{}, states);
  const auto [calling, opening] = counting_every_call(position, options);
  const auto with = discard_curves(&solver, calling, opening, false, FullParams{}, states);

  for (const double weight : {0.0, 0.25, 1.0}) {
    auto mixed = without;
    mix_in_later_calls(mixed, &solver, position, options, false, FullParams{}, weight, states);
    for (const std::string discard : {"1m", "9m", "E", "S", "P"}) {
      const int kind = parse_tile(discard).kind();
      SCOPED_TRACE(discard);
      expect_mixed(mixed[kind], without[kind], with[kind], weight);
    }
  }
  // The calls are worth something here: throwing the East wins more often with them.
  const int east = parse_tile("E").kind();
  EXPECT_GT(with[east].win.back(), without[east].win.back());
}

// The same mix for a 3n+1 hand (a claim's pass): its curve at weight w is (1 - w) x the DP's
// without calls + w x the DP's with them, solved apart; the calls are worth something here.
TEST(HandCurve, LaterCallsMixAHandsCurveAtTheirWeight) {
  const dp::Position position = position_of("5m 6m 3p 4p 7s 8s P P F F 1m 9m E", 10);
  dp::Solver solver;
  std::size_t states = 0;
  const dp::Options options;
  const HandCurve without = hand_curve(&solver, position, options, false, FullParams{}, states);
  const auto [calling, opening] = counting_every_call(position, options);
  const HandCurve with = hand_curve(&solver, calling, opening, false, FullParams{}, states);
  ASSERT_FALSE(without.win.empty());
  EXPECT_GT(with.win.back(), without.win.back() + 0.01);

  for (const double weight : {0.0, 0.25, 1.0}) {
    HandCurve mixed = without;
    mix_in_later_calls(mixed, &solver, position, options, false, FullParams{}, weight, states);
    expect_mixed(mixed, without, with, weight);
  }
}

// Params whose ron chances all differ, so that a test tells which one a hand took.
FullParams distinct_ron_chances(double riichi, double riichi_facing, double dama, double open_facing, double dama_facing) {
  FullParams params;
  params.riichi_ron_chances = riichi;
  params.riichi_ron_chances_facing_riichi = riichi_facing;
  params.dama_ron_chances = dama;
  params.open_ron_chances_facing_riichi = open_facing;
  params.dama_ron_chances_facing_riichi = dama_facing;
  return params;
}

// 2m3m4m 6m7m8m 3p4p 8s9s 1s1s 7p 2s: one-shanten after 7p or 2s, two-shanten after any other
// tile; neither hand has declared.
TEST(HandCurve, EachDiscardKnowsTheShantenItLeaves) {
  const dp::Position position = position_of("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p 2s", 8);
  dp::Solver solver;
  FullParams params;
  for (dp::Solver* with : {&solver, static_cast<dp::Solver*>(nullptr)}) {
    std::size_t states = 0;
    const auto curves = discard_curves(with, position, dp::Options{}, false, params, states);
    for (const char* name : {"7p", "2s", "2m", "1s", "9s"}) {
      const HandCurve& curve = curves[parse_tile(name).kind()];
      const bool keeps_one_shanten = std::string(name) == "7p" || std::string(name) == "2s";
      EXPECT_EQ(curve.shanten, keeps_one_shanten ? 1 : 2) << name << (with ? " (DP)" : " (stand-in)");
      EXPECT_FALSE(curve.declared) << name;
    }
  }
}

// Curves valued with riichi forced, or for a hand already in riichi, are a declared riichi's; a
// tenpai hand's curve has shanten 0, and a 3n+1 hand's its own shanten.
TEST(HandCurve, KnowsADeclaredRiichi) {
  dp::Position position = position_of("2m 3m 4m 6m 7m 8m 3p 4p 5p 8s 9s 1s 1s W", 6);
  EXPECT_TRUE(west_discard(position, dp::RiichiMode::always).declared);
  EXPECT_EQ(west_discard(position, dp::RiichiMode::always).shanten, 0);
  EXPECT_FALSE(west_discard(position, dp::RiichiMode::never).declared);
  position.in_riichi = true;
  EXPECT_TRUE(west_discard(position, dp::RiichiMode::never).declared);

  dp::Solver solver;
  FullParams params;
  std::size_t states = 0;
  const dp::Position draw_state = position_of("2m 3m 4m 6m 7m 8m 3p 4p 8s 9s 1s 1s 7p", 8);
  const HandCurve curve = hand_curve(&solver, draw_state, dp::Options{}, false, params, states);
  EXPECT_EQ(curve.shanten, shanten(draw_state.hand));
  EXPECT_EQ(curve.shanten, 1);
  EXPECT_FALSE(curve.declared);
}

// A declaration pays the deposit its DP score is net of, and its curve counts the wins alone:
// riichi on the 7s penchan with one draw left wins rarely (the DP's own score over its odds,
// -1000 / P spread over each win, is below zero), and each win is at least riichi tsumo's
// 500/1000 (30 fu). Dama and a riichi already declared pay none.
TEST(HandCurve, ADeclarationPaysTheDepositItsScoreIsNetOf) {
  dp::Position position = position_of("2m 3m 4m 6m 7m 8m 3p 4p 5p 8s 9s 1s 1s W", 1);
  const HandCurve declaring = west_discard(position, dp::RiichiMode::always);
  EXPECT_DOUBLE_EQ(declaring.deposit, 1000);
  ASSERT_EQ(declaring.win.size(), 1U);
  ASSERT_GT(declaring.win[0], 0);
  EXPECT_GE(declaring.score[0] / declaring.win[0], 2000);
  EXPECT_LT((declaring.score[0] - declaring.deposit * (1 - declaring.win[0])) / declaring.win[0], 0);
  EXPECT_DOUBLE_EQ(west_discard(position, dp::RiichiMode::never).deposit, 0);
  position.in_riichi = true;
  EXPECT_DOUBLE_EQ(west_discard(position, dp::RiichiMode::always).deposit, 0);
}

// A curve knows whether its hand is closed (a closed tenpai hand left dama calibrates apart from
// an open one): closed without melds or with an ankan, open with a pon; for every discard, from
// the DP and the stand-in, and for a draw state.
TEST(HandCurve, KnowsWhetherTheHandIsClosed) {
  const auto meld_of = [](MeldType type, const char* name) {
    const Tile tile = parse_tile(name);
    const std::vector<Tile> consumed(type == MeldType::ankan ? 4 : 2, tile);
    return Meld::make(type, tile, consumed, type == MeldType::ankan ? -1 : 1);
  };
  dp::Solver solver;
  FullParams params;
  for (const bool with_pon : {false, true}) {
    dp::Position position = position_of("2m 3m 4m 6m 7m 8m 3p 4p 5p 1s 1s", 8);
    position.melds = {with_pon ? meld_of(MeldType::pon, "C") : meld_of(MeldType::ankan, "N")};
    dp::set_flat_unseen(position);
    for (dp::Solver* with : {&solver, static_cast<dp::Solver*>(nullptr)}) {
      std::size_t states = 0;
      const auto curves = discard_curves(with, position, dp::Options{}, false, params, states);
      for (const char* name : {"2m", "1s", "5p"}) EXPECT_EQ(curves[parse_tile(name).kind()].closed, !with_pon) << name;
    }
    dp::Position draw_state = position;
    --draw_state.hand[parse_tile("5p").kind()];
    std::size_t states = 0;
    EXPECT_EQ(hand_curve(&solver, draw_state, dp::Options{}, false, params, states).closed, !with_pon);
  }
  const dp::Position bare = position_of("2m 3m 4m 6m 7m 8m 3p 4p 5p 8s 9s 1s 1s W", 6);
  EXPECT_TRUE(west_discard(bare, dp::RiichiMode::never).closed);
}

// The ron chances follow the hand's kind and whether another seat's riichi stands: a closed hand
// counts a riichi's, an open one an open hand's, and a dama one (priced apart, at a riichi chance)
// a dama hand's, each with its own figure facing a riichi. Every curve carries them, from the DP
// and the stand-in, for each discard and for a draw state.
TEST(HandCurve, CountsTheRonChancesOfItsKindAndTheRiichiStanding) {
  const FullParams params = distinct_ron_chances(0.5, 1.5, 2.5, 3.5, 4.5);
  EXPECT_DOUBLE_EQ(ron_chances(RonHand::riichi, false, params), 0.5);
  EXPECT_DOUBLE_EQ(ron_chances(RonHand::riichi, true, params), 1.5);
  EXPECT_DOUBLE_EQ(ron_chances(RonHand::open, false, params), 2.5);
  EXPECT_DOUBLE_EQ(ron_chances(RonHand::open, true, params), 3.5);
  EXPECT_DOUBLE_EQ(ron_chances(RonHand::dama, false, params), 2.5);
  EXPECT_DOUBLE_EQ(ron_chances(RonHand::dama, true, params), 4.5);

  dp::Solver solver;
  for (const bool open : {false, true}) {
    const dp::Position position =
        closed_or_open(open, "2m 3m 4m 6m 7m 8m 3p 4p 5p 1s 1s", "2m 3m 4m 6m 7m 8m 3p 4p 5p 8s 9s 1s 1s W", 8);
    dp::Position draw_state = position;
    --draw_state.hand[parse_tile("5p").kind()];
    for (const bool facing : {false, true}) {
      const double expected = ron_chances(open ? RonHand::open : RonHand::riichi, facing, params);
      for (dp::Solver* with : {&solver, static_cast<dp::Solver*>(nullptr)}) {
        std::size_t states = 0;
        const auto curves = discard_curves(with, position, dp::Options{}, facing, params, states);
        for (const char* name : {"2m", "1s", "5p"}) {
          EXPECT_DOUBLE_EQ(curves[parse_tile(name).kind()].ron_chances, expected) << name << (open ? " open" : " closed");
        }
        EXPECT_DOUBLE_EQ(hand_curve(with, draw_state, dp::Options{}, facing, params, states).ron_chances, expected);
      }
    }
  }
}

// With `rons_in_dp` the curves are the DP's with its wins priced at the hand's shares of rons,
// c / (1 + c) of the ron chances of its kind and the riichi standing (a closed hand's dama share
// and riichi share, an open hand's open share), and without it the DP's as before; for each
// discard and for a draw state.
TEST(HandCurve, RonsInTheDpTakeTheSharesOfTheHandsRonChances) {
  const FullParams params = distinct_ron_chances(0.5, 1.5, 3, 4, 5);
  FullParams priced = params;
  priced.rons_in_dp = true;
  const auto share = [](double c) { return c / (1 + c); };
  dp::Solver solver;
  for (const bool open : {false, true}) {
    const dp::Position position =
        closed_or_open(open, "2m 3m 4m 6m 7m 8m 6s 6s 4s 5s W", "2m 3m 4m 6m 7m 8m 3p 4p 5p 6s 6s 4s 5s W", 6);
    dp::Position draw_state = position;
    --draw_state.hand[parse_tile("2m").kind()];
    for (const bool facing : {false, true}) {
      SCOPED_TRACE(std::string(open ? "open" : "closed") + (facing ? ", facing a riichi" : ""));
      dp::Options shares;
      shares.ron_share.without_riichi = share(open ? (facing ? 4 : 3) : (facing ? 5 : 3));
      shares.ron_share.riichi = share(facing ? 1.5 : 0.5);
      std::size_t states = 0;
      const auto curves = discard_curves(&solver, position, dp::Options{}, facing, priced, states);
      const auto as_before = discard_curves(&solver, position, dp::Options{}, facing, params, states);
      const dp::Result by_hand = dp::evaluate(position, shares);
      for (const dp::Candidate& c : by_hand.candidates) {
        if (!c.evaluated) continue;
        const auto score = static_cast<std::size_t>(dp::Objective::score);
        EXPECT_EQ(curves[c.discard].score, c.by_draws[score]) << c.discard;
        EXPECT_EQ(curves[c.discard].win, c.by_draws[static_cast<std::size_t>(dp::Objective::win)]) << c.discard;
      }
      // West leaves the closed hand tanyao pinfu on 3s-6s, whose rons lack the tsumo's han; the
      // open hand's yakuhai and dora are 2 han 30 fu either way (the dealer's 2,900 by ron, 3,000
      // by tsumo; the pon of P is 4 fu).
      const int west = parse_tile("W").kind();
      if (open) {
        EXPECT_NEAR(curves[west].score.back(), as_before[west].score.back(), 0.05 * as_before[west].score.back());
      } else {
        EXPECT_LT(curves[west].score.back(), as_before[west].score.back() - 50);
      }
      const HandCurve drawn = hand_curve(&solver, draw_state, dp::Options{}, facing, priced, states);
      const dp::Candidate root = dp::evaluate(draw_state, shares).candidates.front();
      EXPECT_EQ(drawn.score, root.by_draws[static_cast<std::size_t>(dp::Objective::score)]);
    }
  }
}

// With `one_policy_odds` a candidate's win odds are those of the DP's score objective's own
// choices, and without it the win objective's; its points are the score objective's either way.
TEST(HandCurve, OnePolicyOddsAreTheScorePolicysOwn) {
  FullParams one_policy;
  one_policy.one_policy_odds = true;
  dp::Solver solver;
  const dp::Position position = position_of("1m 3m 3m 5mr 1p 3p 7p 1s 2s 4s 5sr 7s 8s N", 12);
  dp::Options asked;
  asked.score_policy_win = true;
  const dp::Result by_hand = dp::evaluate(position, asked);
  std::size_t states = 0;
  const auto curves = discard_curves(&solver, position, dp::Options{}, false, one_policy, states);
  const auto as_before = discard_curves(&solver, position, dp::Options{}, false, FullParams{}, states);
  const auto win = static_cast<std::size_t>(dp::Objective::win);
  const auto score = static_cast<std::size_t>(dp::Objective::score);
  int slower = 0;
  for (const dp::Candidate& c : by_hand.candidates) {
    if (!c.evaluated) continue;
    EXPECT_EQ(curves[c.discard].win, c.score_policy_win) << c.discard;
    EXPECT_EQ(as_before[c.discard].win, c.by_draws[win]) << c.discard;
    EXPECT_EQ(curves[c.discard].score, c.by_draws[score]) << c.discard;
    if (c.score_policy_win.back() < c.by_draws[win].back() - 1e-3) ++slower;
  }
  EXPECT_GT(slower, 0) << "no discard whose score policy is slower than the fastest: the test cannot tell the two apart";
  dp::Position draw_state = position;
  --draw_state.hand[parse_tile("N").kind()];
  const HandCurve drawn = hand_curve(&solver, draw_state, dp::Options{}, false, one_policy, states);
  EXPECT_EQ(drawn.win, dp::evaluate(draw_state, asked).candidates.front().score_policy_win);
}

// A tenpai hand's rons against its tsumo wins, from the scoring table by hand; seat 0 is not the
// dealer (North), East round, the dora 1s (none held).
// - 234m 456m 234p 66p 45s, waiting on 3s and 6s: tanyao pinfu, a ron on either wait. Dama, a ron
//   is 2 han 30 fu, 2,000, a tsumo 3 han 20 fu, 700 + 700 + 1,300 = 2,700; declared, 3 han 30 fu,
//   3,900, against 4 han 20 fu, 1,300 + 1,300 + 2,600 = 5,200.
// - 123m 789m 123p EE 45s: no yaku but riichi (the pair of the round wind, no pinfu). Dama, no
//   wait has a ron: share 0, points 1. Declared, riichi 1 han 40 fu (20 + 10 closed ron + 2
//   pair), 1,300, against riichi tsumo 2 han 30 fu (20 + 2 + 2), 500 + 500 + 1,000 = 2,000.
// - 222m 567m 234p 66p 78s, waiting on 6s and 9s (no pinfu: the triplet): a dama ron on 6s has
//   tanyao, on 9s nothing, so half the waits have a ron. Dama, the 6s ron is 1 han 40 fu (20 + 10
//   + 4 for the triplet), 1,300, its tsumo 2 han 30 fu, 500 + 500 + 1,000 = 2,000. Declared, 6s:
//   2 han 40 fu, 2,600, against 3 han 30 fu, 1,000 + 1,000 + 2,000 = 4,000; 9s: 1 han 40 fu,
//   1,300, against 2 han 30 fu, 2,000; together 3,900 against 6,000.
TEST(HandCurve, ATenpaiHandsRonsArePricedAgainstItsTsumoWinsOverTheWaits) {
  using namespace lines;
  Deal deal;
  deal.oya = 1;
  const auto table_for = [&](const std::string& hand) {
    Table table(0);
    for (const std::string& line : {start_game(0), start_kyoku(hand, deal)}) {
      table.apply(parse_event(nlohmann::json::parse(line)).event);
    }
    return table;
  };
  const auto counts = [](const std::string& hand) {
    TileCounts tiles{};
    std::istringstream in(hand);
    std::string name;
    while (in >> name) ++tiles[parse_tile(name).kind()];
    return tiles;
  };
  std::array<double, kNumKinds> wall{};
  wall.fill(3);
  const std::string pinfu = "2m 3m 4m 4m 5m 6m 2p 3p 4p 6p 6p 4s 5s";
  const TenpaiRons tanyao_pinfu = tenpai_rons(table_for(pinfu), counts(pinfu), 0, wall);
  EXPECT_DOUBLE_EQ(tanyao_pinfu.dama_share, 1);
  EXPECT_DOUBLE_EQ(tanyao_pinfu.dama_points_share, 2000.0 / 2700);
  EXPECT_DOUBLE_EQ(tanyao_pinfu.riichi_points_share, 3900.0 / 5200);
  const std::string no_yaku = "1m 2m 3m 7m 8m 9m 1p 2p 3p E E 4s 5s";
  const TenpaiRons riichi_only = tenpai_rons(table_for(no_yaku), counts(no_yaku), 0, wall);
  EXPECT_DOUBLE_EQ(riichi_only.dama_share, 0);
  EXPECT_DOUBLE_EQ(riichi_only.dama_points_share, 1);
  EXPECT_DOUBLE_EQ(riichi_only.riichi_points_share, 1300.0 / 2000);
  const std::string half = "2m 2m 2m 5m 6m 7m 2p 3p 4p 6p 6p 7s 8s";
  const TenpaiRons one_wait = tenpai_rons(table_for(half), counts(half), 0, wall);
  EXPECT_DOUBLE_EQ(one_wait.dama_share, 0.5);
  EXPECT_DOUBLE_EQ(one_wait.dama_points_share, 1300.0 / 2000);
  EXPECT_DOUBLE_EQ(one_wait.riichi_points_share, 3900.0 / 6000);
}

}  // namespace
}  // namespace tenbin
