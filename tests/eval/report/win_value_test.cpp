// The win values the luck adjustment's estimate reads (eval/report/win_value.hpp), priced by hand
// on small positions: a closed tsumo with its sticks and red five, a closed hand's ron priced as
// riichi, an open hand without yaku, the hazard of the waits coming out, the features they fill,
// and the melds a position keeps (a pon grown into a kakan).
#include "eval/report/win_value.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "eval/report/luck_value.hpp"

namespace tenbin::arena {
namespace {

constexpr int kSeat = 1;  // a non-dealer: the dealer is seat 0, the round East

void deal(HandPosition& position, int seat, const std::vector<std::string>& tiles) {
  for (const std::string& tile : tiles) position.deal(seat, parse_tile(tile));
}

// 234m 456p 678p 34s 88s: tenpai on 2s and 5s (ryanmen), all simples, no dora (East indicates South).
HandPosition pinfu_tenpai(const std::string& five_of_pinzu = "5p") {
  HandPosition position;
  deal(position, kSeat, {"2m", "3m", "4m", "4p", five_of_pinzu, "6p", "6p", "7p", "8p", "3s", "4s", "8s", "8s"});
  position.reveal_indicator(parse_tile("E"));
  return position;
}

TEST(WinValue, AClosedTsumoIsPricedWithItsSticks) {
  HandPosition position = pinfu_tenpai();
  position.draw(kSeat, parse_tile("5s"));
  // Tanyao, pinfu, menzen tsumo: 3 han 20 fu, 700 / 1300 from a non-dealer.
  EXPECT_EQ(tsumo_points(position, kSeat), 2700);
  position.honba = 1;
  position.riichi_sticks = 1;
  EXPECT_EQ(tsumo_points(position, kSeat), 2700 + 300 + 1000);
  EXPECT_EQ(tsumo_points(position, 2), 0) << "a seat that did not just draw has no tsumo";
}

TEST(WinValue, ARedFiveAddsItsHan) {
  HandPosition position = pinfu_tenpai("5pr");
  position.draw(kSeat, parse_tile("5s"));
  // 4 han 20 fu: 1300 / 2600.
  EXPECT_EQ(tsumo_points(position, kSeat), 5200);
}

TEST(WinValue, AClosedRonIsPricedAsRiichi) {
  const HandPosition position = pinfu_tenpai();
  // Riichi, tanyao, pinfu: 3 han 30 fu ron from a non-dealer.
  EXPECT_EQ(ron_points(position, kSeat, position.concealed[kSeat], parse_kind("5s")), 3900);
  EXPECT_EQ(ron_points(position, kSeat, position.concealed[kSeat], parse_kind("2s")), 3900);
}

TEST(WinValue, AnOpenHandWithoutYakuIsWorthNothing) {
  HandPosition position;
  deal(position, kSeat, {"2m", "3m", "4p", "5p", "6p", "6p", "7p", "8p", "3s", "4s", "8s", "8s", "N"});
  position.reveal_indicator(parse_tile("E"));
  Event chi;
  chi.type = EventType::chi;
  chi.actor = kSeat;
  chi.target = 0;
  chi.pai = parse_tile("1m");
  chi.consumed.push(parse_tile("2m"));
  chi.consumed.push(parse_tile("3m"));
  position.call(chi);
  position.discard(kSeat, parse_tile("N"));
  // 123m called: no tanyao, no pinfu, no riichi.
  EXPECT_EQ(ron_points(position, kSeat, position.concealed[kSeat], parse_kind("5s")), 0);
  const std::uint64_t waits = (std::uint64_t{1} << parse_kind("2s")) | (std::uint64_t{1} << parse_kind("5s"));
  const ReadyProspects prospects = ready_prospects(position, kSeat, position.concealed[kSeat], waits);
  EXPECT_EQ(prospects.mean_points, 0);
  EXPECT_EQ(prospects.live, 8);
}

TEST(WinValue, TheWaitsComeOutByAHazard) {
  EXPECT_EQ(wait_chance_percent(0, 100, 10), 0);
  EXPECT_EQ(wait_chance_percent(4, 100, 0), 0);
  EXPECT_EQ(wait_chance_percent(4, 100, 10), 34);  // 1 - 0.96^10 = 0.335
  EXPECT_EQ(wait_chance_percent(100, 100, 1), 100);
}

TEST(WinValue, AReadyHandsProspectsCountTheUnseenCopiesRedFivesIncluded) {
  const HandPosition position = pinfu_tenpai();
  const std::uint64_t waits = (std::uint64_t{1} << parse_kind("2s")) | (std::uint64_t{1} << parse_kind("5s"));
  const ReadyProspects prospects = ready_prospects(position, kSeat, position.concealed[kSeat], waits);
  EXPECT_EQ(prospects.live, 8);  // four 2s, three 5s and the red one
  EXPECT_EQ(prospects.mean_points, 3900);
  // 122 unseen (13 dealt, one indicator), 35 tries: 1 - (114/122)^35 = 0.907.
  EXPECT_EQ(prospects.win_chance, 91);
  EXPECT_EQ(prospects.ron[static_cast<std::size_t>(parse_kind("5s"))], 3900);
  EXPECT_EQ(prospects.ron[static_cast<std::size_t>(parse_kind("3s"))], 0);
}

TEST(WinValue, TheFeaturesCarryTheWinValues) {
  GroupNeedsCache cache;
  HandPosition position = pinfu_tenpai();
  PerSeat<HandSummary> hands{};
  hands[kSeat] = summarize(position, kSeat, cache);
  LuckFeatures features = seat_features(position, kSeat, hands);
  EXPECT_EQ(features[static_cast<int>(LuckFeature::win_chance)], 91);
  EXPECT_EQ(features[static_cast<int>(LuckFeature::ready_points)], 35);  // 3900 * 91% in hundreds
  EXPECT_EQ(features[static_cast<int>(LuckFeature::win_points)], 0);

  position.draw(kSeat, parse_tile("5s"));
  hands[kSeat] = summarize(position, kSeat, cache);
  features = seat_features(position, kSeat, hands);
  EXPECT_EQ(features[static_cast<int>(LuckFeature::complete)], 1);
  EXPECT_EQ(features[static_cast<int>(LuckFeature::win_points)], 27);
  EXPECT_EQ(features[static_cast<int>(LuckFeature::ready_points)], 0);
}

TEST(WinValue, ATenpaiHandAfterItsDrawIsPricedAfterItsDiscard) {
  GroupNeedsCache cache;
  HandPosition position = pinfu_tenpai();
  position.draw(kSeat, parse_tile("N"));  // the efficiency discard is the North just drawn
  PerSeat<HandSummary> hands{};
  hands[kSeat] = summarize(position, kSeat, cache);
  EXPECT_EQ(hands[kSeat].discard, parse_kind("N"));
  // 121 unseen, 34 tries (69 live draws left): 1 - (113/121)^34 = 0.902.
  EXPECT_EQ(hands[kSeat].win_chance, 90);
  EXPECT_EQ(hands[kSeat].ready_points, 3900 * 90 / 100);
}

TEST(HandPositionMelds, APonGrownIntoAKakanIsOneKan) {
  HandPosition position;
  deal(position, 2, {"5m", "5m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "E", "E"});
  Event pon;
  pon.type = EventType::pon;
  pon.actor = 2;
  pon.target = 1;
  pon.pai = parse_tile("5m");
  pon.consumed.push(parse_tile("5m"));
  pon.consumed.push(parse_tile("5m"));
  position.call(pon);
  position.discard(2, parse_tile("E"));
  position.draw(2, parse_tile("5mr"));
  Event kakan;
  kakan.type = EventType::kakan;
  kakan.actor = 2;
  kakan.pai = parse_tile("5mr");
  for (int i = 0; i < 3; ++i) kakan.consumed.push(parse_tile("5m"));
  position.call(kakan);
  ASSERT_EQ(position.calls[2], 1);
  EXPECT_EQ(position.melds[2][0].type, MeldType::kakan);
  EXPECT_EQ(position.melds[2][0].target, 1);
  EXPECT_EQ(position.melds[2][0].red_fives(), 1);
}

}  // namespace
}  // namespace tenbin::arena
