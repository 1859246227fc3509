// The figures of the luck adjustment's value estimate that look across the table
// (eval/report/luck_value.hpp), on a small position: a tenpai seat racing two tenpai opponents,
// the dealer one tile short against a riichi and holding a wait of one of them, and a tenpai seat
// whose only wait another seat holds every copy of.
#include "eval/report/luck_value.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tenbin::arena {
namespace {

constexpr int kDealer = 0;
constexpr int kRacer = 1;   // 234m 456p 678p 34s 88s: tenpai on 2s and 5s
constexpr int kTanki = 2;   // 111m 999m 123p 789s E: tenpai on East
constexpr int kRiichi = 3;  // 111s 999s 999p SS WW in riichi: tenpai on South and West

void deal(HandPosition& position, int seat, const std::vector<std::string>& tiles) {
  for (const std::string& tile : tiles) position.deal(seat, parse_tile(tile));
}

HandPosition table() {
  HandPosition position;
  // 567m 234p 67s 45m 22s N: one-shanten, holding the racer's 2s.
  deal(position, kDealer, {"5m", "6m", "7m", "2p", "3p", "4p", "6s", "7s", "4m", "5m", "2s", "2s", "N"});
  deal(position, kRacer, {"2m", "3m", "4m", "4p", "5p", "6p", "6p", "7p", "8p", "3s", "4s", "8s", "8s"});
  deal(position, kTanki, {"1m", "1m", "1m", "9m", "9m", "9m", "1p", "2p", "3p", "7s", "8s", "9s", "E"});
  deal(position, kRiichi, {"1s", "1s", "1s", "9s", "9s", "9s", "9p", "9p", "9p", "S", "S", "W", "W"});
  position.reveal_indicator(parse_tile("P"));  // dora: the green dragon, held by no one
  position.declare_riichi(kRiichi);
  return position;
}

int feature(const LuckFeatures& features, LuckFeature which) { return features[static_cast<int>(which)]; }
int hundreds(int points) { return (points + 50) / 100; }

TEST(LuckValue, ATenpaiSeatCountsTheOpponentsItRaces) {
  GroupNeedsCache cache;
  const HandPosition position = table();
  const PerSeat<HandSummary> hands = summarize_all(position, cache);
  ASSERT_EQ(hands[kRacer].shanten, 0);
  ASSERT_EQ(hands[kTanki].shanten, 0);
  ASSERT_EQ(hands[kRiichi].shanten, 0);
  ASSERT_GT(hands[kTanki].ready_points, 0);
  ASSERT_GT(hands[kRiichi].ready_points, 0);
  const LuckFeatures racer = seat_features(position, kRacer, hands);
  EXPECT_EQ(feature(racer, LuckFeature::opponents_tenpai_when_ready), 2);
  EXPECT_EQ(feature(racer, LuckFeature::opponents_ready_points_when_ready),
            hundreds(hands[kTanki].ready_points) + hundreds(hands[kRiichi].ready_points));
  EXPECT_EQ(feature(racer, LuckFeature::opponents_ready_points_when_dealer), 0);  // not the dealer
  EXPECT_EQ(feature(racer, LuckFeature::waits_held_points), 0);  // holds no East, South or West
  EXPECT_EQ(feature(racer, LuckFeature::one_shanten_facing_riichi), 0);
  EXPECT_EQ(feature(racer, LuckFeature::tenpai_without_win), 0);
}

TEST(LuckValue, TheDealerOneShortOfARiichiCountsWhatItFacesAndHolds) {
  GroupNeedsCache cache;
  const HandPosition position = table();
  const PerSeat<HandSummary> hands = summarize_all(position, cache);
  ASSERT_EQ(hands[kDealer].shanten, 1);
  const LuckFeatures dealer = seat_features(position, kDealer, hands);
  EXPECT_EQ(feature(dealer, LuckFeature::one_shanten_facing_riichi), 1);
  EXPECT_EQ(feature(dealer, LuckFeature::opponents_ready_points_when_dealer),
            hundreds(hands[kRacer].ready_points) + hundreds(hands[kTanki].ready_points) + hundreds(hands[kRiichi].ready_points));
  // The racer's ron on 2s: riichi (a closed hand is priced as if declared), pinfu and tanyao,
  // 3 han 30 fu, 3900, and the riichi stick on the table, 1000; two 2s held count once.
  EXPECT_EQ(feature(dealer, LuckFeature::waits_held_points), 49);
  // Not ready: the figures of a ready seat stay zero.
  EXPECT_EQ(feature(dealer, LuckFeature::waits_held_points_when_ready), 0);
  EXPECT_EQ(feature(dealer, LuckFeature::opponents_tenpai_when_ready), 0);
  EXPECT_EQ(feature(dealer, LuckFeature::opponents_ready_points_when_ready), 0);
}

TEST(LuckValue, ATenpaiHandWithEveryWaitSeenHasNoWin) {
  GroupNeedsCache cache;
  HandPosition position;
  deal(position, kTanki, {"1m", "1m", "1m", "9m", "9m", "9m", "1p", "2p", "3p", "7s", "8s", "9s", "E"});
  deal(position, kRiichi, {"E", "E", "E", "9s", "9p", "9p", "9p", "S", "S", "W", "W", "N", "N"});
  position.reveal_indicator(parse_tile("P"));
  const PerSeat<HandSummary> hands = summarize_all(position, cache);
  ASSERT_EQ(hands[kTanki].shanten, 0);
  EXPECT_EQ(hands[kTanki].ready_points, 0);
  const LuckFeatures tanki = seat_features(position, kTanki, hands);
  EXPECT_EQ(feature(tanki, LuckFeature::tenpai), 1);
  EXPECT_EQ(feature(tanki, LuckFeature::tenpai_without_win), 1);
  // The other seat holds the three East the tanki waits on: it can still deal in with one.
  const int east_ron = hands[kTanki].ron_points[static_cast<std::size_t>(parse_kind("E"))];
  EXPECT_GT(east_ron, 0);
  EXPECT_EQ(feature(seat_features(position, kRiichi, hands), LuckFeature::waits_held_points), hundreds(east_ron));
}

// A tenpai seat with one of its waits in its own river cannot ron: it is furiten, and the others
// holding its waits hold no deal-in.
TEST(LuckValue, AFuritenSeatCannotBeDealtInto) {
  GroupNeedsCache cache;
  HandPosition position;
  deal(position, kDealer, {"5m", "6m", "7m", "2p", "3p", "4p", "6s", "7s", "4m", "5m", "2s", "2s", "N"});
  // 234m 456p 678p 34s 8s 2s, then 8s drawn and 2s let go: tenpai on 2s and 5s, 2s in its river.
  deal(position, kRacer, {"2m", "3m", "4m", "4p", "5p", "6p", "6p", "7p", "8p", "3s", "4s", "8s", "2s"});
  position.reveal_indicator(parse_tile("P"));
  position.draw(kRacer, parse_tile("8s"));
  position.discard(kRacer, parse_tile("2s"));
  const PerSeat<HandSummary> hands = summarize_all(position, cache);
  ASSERT_EQ(hands[kRacer].shanten, 0);
  ASSERT_TRUE(position.furiten(kRacer, hands[kRacer].waits));
  EXPECT_EQ(feature(seat_features(position, kRacer, hands), LuckFeature::tenpai_furiten), 1);
  // The dealer holds two 2s (a wait of the racer's): no deal-in while the racer is furiten.
  EXPECT_EQ(feature(seat_features(position, kDealer, hands), LuckFeature::waits_held_points), 0);
  EXPECT_EQ(feature(seat_features(position, kDealer, hands), LuckFeature::tenpai_furiten), 0);
}

// A tenpai hand on South and West (shanpon) that let go `declared` as it reached tenpai, in
// riichi or not; the dealer's 13 tiles beside it.
HandPosition riichi_table(const std::string& declared, const std::vector<std::string>& dealer, bool riichi = true) {
  HandPosition position;
  deal(position, kDealer, dealer);
  deal(position, kRiichi, {"1s", "1s", "1s", "9s", "9s", "9s", "9p", "9p", "9p", "S", "S", "W", declared});
  position.reveal_indicator(parse_tile("P"));
  position.draw(kRiichi, parse_tile("W"));
  position.discard(kRiichi, parse_tile(declared));
  if (riichi) position.declare_riichi(kRiichi);
  return position;
}

int west_ron(const PerSeat<HandSummary>& hands) {
  return hands[kRiichi].ron_points[static_cast<std::size_t>(parse_kind("W"))];
}

// The dealer draws a West: it would discard North or West alike (each keeps its one-shanten), so
// half of the tenpai seat's ron on West is at stake, dama or in riichi; apart when the dealer
// holds North, safe against a riichi that let North go. A dama hand that let North go is not
// defended against (nobody knows it waits).
TEST(LuckValue, TheDrawersCandidatesPriceTheRonsAtStake) {
  const std::vector<std::string> dealer = {"5m", "6m", "7m", "2p", "3p", "4p", "6s", "7s", "4m", "5m", "2s", "2s", "N"};
  struct Case {
    bool riichi;
    bool north_let_go;
    bool safe_held;
  };
  for (const Case c : {Case{false, true, false}, Case{true, false, false}, Case{true, true, true}}) {
    GroupNeedsCache cache;
    HandPosition position = riichi_table(c.north_let_go ? "N" : "1p", dealer, c.riichi);
    position.draw(kDealer, parse_tile("W"));
    const PerSeat<HandSummary> hands = summarize_all(position, cache);
    ASSERT_EQ(hands[kDealer].candidates, (std::uint64_t{1} << parse_kind("N")) | (std::uint64_t{1} << parse_kind("W")));
    ASSERT_GT(west_ron(hands), 0);
    const int at_stake = hundreds(west_ron(hands)) / 2;
    const LuckFeatures waiting = seat_features(position, kRiichi, hands);
    const LuckFeatures drawer = seat_features(position, kDealer, hands);
    EXPECT_EQ(feature(waiting, LuckFeature::ron_candidates_points), c.safe_held ? 0 : at_stake) << c.riichi;
    EXPECT_EQ(feature(waiting, LuckFeature::ron_candidates_points_safe_held), c.safe_held ? at_stake : 0) << c.riichi;
    EXPECT_EQ(feature(drawer, LuckFeature::deal_in_candidates_points), c.safe_held ? 0 : at_stake) << c.riichi;
    EXPECT_EQ(feature(drawer, LuckFeature::deal_in_candidates_points_safe_held), c.safe_held ? at_stake : 0) << c.riichi;
  }
}

// A discard that is sure: the dealer, tenpai on 3m and 6m, draws a West it has no use for. In
// riichi it must let the drawn tile go; dama, West is its one discard that keeps tenpai. Either
// way the whole ron on West is at stake, in the figures of that kind of drawer alone.
TEST(LuckValue, ASureDiscardPutsTheWholeRonAtStake) {
  const std::vector<std::string> dealer = {"5m", "6m", "7m", "2p", "3p", "4p", "6s", "7s", "8s", "4m", "5m", "2s", "2s"};
  for (const bool dealer_riichi : {true, false}) {
    GroupNeedsCache cache;
    HandPosition position = riichi_table("1p", dealer);
    if (dealer_riichi) position.declare_riichi(kDealer);
    position.draw(kDealer, parse_tile("W"));
    const PerSeat<HandSummary> hands = summarize_all(position, cache);
    ASSERT_EQ(hands[kDealer].candidates, std::uint64_t{1} << parse_kind("W"));
    const int at_stake = hundreds(west_ron(hands));
    ASSERT_GT(at_stake, 0);
    const LuckFeatures waiting = seat_features(position, kRiichi, hands);
    const LuckFeatures drawer = seat_features(position, kDealer, hands);
    const LuckFeature ron = dealer_riichi ? LuckFeature::ron_candidates_points_riichi_drawer
                                          : LuckFeature::ron_candidates_points_one_candidate;
    const LuckFeature deal_in = dealer_riichi ? LuckFeature::deal_in_candidates_points_riichi_drawer
                                              : LuckFeature::deal_in_candidates_points_one_candidate;
    for (const LuckFeature which : {LuckFeature::ron_candidates_points, LuckFeature::ron_candidates_points_safe_held,
                                    LuckFeature::ron_candidates_points_riichi_drawer,
                                    LuckFeature::ron_candidates_points_one_candidate}) {
      EXPECT_EQ(feature(waiting, which), which == ron ? at_stake : 0) << dealer_riichi << " " << feature_name(which);
    }
    for (const LuckFeature which : {LuckFeature::deal_in_candidates_points, LuckFeature::deal_in_candidates_points_safe_held,
                                    LuckFeature::deal_in_candidates_points_riichi_drawer,
                                    LuckFeature::deal_in_candidates_points_one_candidate}) {
      EXPECT_EQ(feature(drawer, which), which == deal_in ? at_stake : 0) << dealer_riichi << " " << feature_name(which);
    }
  }
}

// In riichi a wait let go by anyone since the declaration is furiten too; before it, only its own.
TEST(LuckValue, ARiichiIsFuritenOnATileLetGoSinceItsDeclaration) {
  const std::vector<std::string> dealer = {"5m", "6m", "7m", "2p", "3p", "4p", "6s", "7s", "4m", "5m", "2s", "S", "N"};
  const std::uint64_t south = std::uint64_t{1} << parse_kind("S");
  for (const bool riichi : {true, false}) {
    GroupNeedsCache cache;
    HandPosition position = riichi_table("1p", dealer, riichi);
    EXPECT_FALSE(position.furiten(kRiichi, south)) << riichi;
    position.draw(kDealer, parse_tile("8s"));
    position.discard(kDealer, parse_tile("S"));
    EXPECT_EQ(position.furiten(kRiichi, south), riichi);
    EXPECT_EQ(summarize_all(position, cache)[kRiichi].can_ron, !riichi);
  }
}

// A single West with no neighbour is a wait the dealer is about to let go, unless it holds a tile
// safe against the riichi (North, which the riichi let go).
TEST(LuckValue, AnIsolatedWaitHeldIsADealInToCome) {
  for (const bool north_safe : {false, true}) {
    GroupNeedsCache cache;
    const std::vector<std::string> dealer = north_safe
        ? std::vector<std::string>{"5m", "6m", "7m", "2p", "3p", "4p", "6s", "7s", "4m", "5m", "2s", "N", "W"}
        : std::vector<std::string>{"5m", "6m", "7m", "2p", "3p", "4p", "6s", "7s", "4m", "5m", "2s", "2s", "W"};
    const HandPosition position = riichi_table("N", dealer);
    const PerSeat<HandSummary> hands = summarize_all(position, cache);
    const int west = north_safe ? 0 : hundreds(west_ron(hands));
    EXPECT_EQ(feature(seat_features(position, kDealer, hands), LuckFeature::isolated_waits_held_points), west);
    EXPECT_EQ(feature(seat_features(position, kRiichi, hands), LuckFeature::waits_isolated_in_others_points), west);
    EXPECT_EQ(feature(seat_features(position, kDealer, hands), LuckFeature::waits_held_points), hundreds(west_ron(hands)));
  }
}

// Every feature has a name of its own, and a model names each one.
TEST(LuckValue, EveryFeatureIsNamedInTheModelFile) {
  const nlohmann::json json = LuckModel{}.to_json();
  for (int i = 0; i < kLuckFeatures; ++i) {
    EXPECT_TRUE(json.at("weights").contains(feature_name(static_cast<LuckFeature>(i)))) << i;
  }
  EXPECT_EQ(json.at("weights").size(), static_cast<std::size_t>(kLuckFeatures));
}

}  // namespace
}  // namespace tenbin::arena
