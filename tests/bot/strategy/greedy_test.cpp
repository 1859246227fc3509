// The greedy baseline: its discard order, riichi, wins, yakuhai pons, and the fold order against
// a riichi (genbutsu, then suji, then honours).
#include "bot/strategy/greedy.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/table.hpp"
#include "tests/mjai_lines.hpp"

namespace tenbin {
namespace {

Table after(const std::vector<std::string>& stream) {
  Table table(0);
  for (const std::string& line : stream) table.apply(parse_event(nlohmann::json::parse(line)).event);
  return table;
}

Action greedy(const Table& table) {
  GreedyPolicy policy;
  const std::vector<Action> legal = table.legal_actions();
  EXPECT_FALSE(legal.empty());
  return policy.choose(table, legal);
}

// Seat 1 discards `before`, then declares riichi with `declaration`; seat 2 and 3 discard
// safe-looking tiles nobody holds; then we draw `draw`.
std::vector<std::string> against_riichi(const std::string& hand, const std::string& before,
                                        const std::string& declaration, const std::string& draw) {
  using namespace lines;
  return {start_game(0),   start_kyoku(hand), tsumo(0, "F"), dahai(0, "F", true), tsumo(1),
          dahai(1, before), tsumo(2),         dahai(2, "F"), tsumo(3),           dahai(3, "F"),
          tsumo(0, "C"),   dahai(0, "C", true), tsumo(1),    reach(1),           dahai(1, declaration),
          reach_accepted(1), tsumo(2),        dahai(2, "C"), tsumo(3),           dahai(3, "C"),
          tsumo(0, draw)};
}

// An isolated guest wind goes before the seat wind (all else equal: same shanten and ukeire).
TEST(Greedy, DiscardsTheLeastUsefulTile) {
  using namespace lines;
  const Table table = after({start_game(0), start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 2p E S"), tsumo(0, "W")});
  const Action action = greedy(table);
  ASSERT_EQ(action.type, EventType::dahai);
  EXPECT_TRUE(action.pai.to_string() == "S" || action.pai.to_string() == "W") << action.pai.to_string();
}

// Tenpai after the discard: riichi; then, on the echo, the discard that keeps the wait.
TEST(Greedy, DeclaresRiichiWhenTenpai) {
  using namespace lines;
  std::vector<std::string> stream = {start_game(0), start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 2p 5s N"), tsumo(0, "6s")};
  EXPECT_EQ(greedy(after(stream)).type, EventType::reach);
  stream.push_back(reach(0));
  const Action discard = greedy(after(stream));
  ASSERT_EQ(discard.type, EventType::dahai);
  EXPECT_EQ(discard.pai.to_string(), "N");
}

TEST(Greedy, WinsWheneverAllowed) {
  using namespace lines;
  const Table table = after({start_game(0), start_kyoku("1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 2p 5s 6s"), tsumo(0, "4s")});
  EXPECT_EQ(greedy(table).type, EventType::hora);
}

// Pon only a yakuhai, and only when it keeps the hand as close to tenpai.
TEST(Greedy, PonsYakuhaiOnly) {
  using namespace lines;
  const std::string hand = "1m 2m 3m 4p 5p 6p 7s 8s P P 5m 5m N";
  const Table dragon = after({start_game(0), start_kyoku(hand), tsumo(0, "S"), dahai(0, "S", true), tsumo(1), dahai(1, "P")});
  const Action call = greedy(dragon);
  EXPECT_EQ(call.type, EventType::pon);
  const Table simple = after({start_game(0), start_kyoku(hand), tsumo(0, "S"), dahai(0, "S", true), tsumo(1), dahai(1, "5m")});
  EXPECT_EQ(greedy(simple).type, EventType::none);
}

TEST(Greedy, FoldsWithGenbutsuFirst) {
  const Table table = after(against_riichi("1m 4m 7m 2p 5p 8p 1s 6s 9s E S W N", "5p", "9m", "P"));
  const Action action = greedy(table);
  ASSERT_EQ(action.type, EventType::dahai);
  EXPECT_EQ(action.pai.to_string(), "5p");
  EXPECT_EQ(fold_danger(table, parse_tile("5p")), 0);
}

TEST(Greedy, FoldsWithSujiBeforeHonours) {
  // 4s discarded: 1s and 7s are suji; the honours are only seen once each.
  const Table table = after(against_riichi("1m 4m 7m 2p 5p 8p 1s 6s 9s E S W N", "4s", "9m", "P"));
  const Action action = greedy(table);
  ASSERT_EQ(action.type, EventType::dahai);
  EXPECT_EQ(action.pai.to_string(), "1s");
  EXPECT_LT(fold_danger(table, parse_tile("1s")), fold_danger(table, parse_tile("S")));
  EXPECT_LT(fold_danger(table, parse_tile("S")), fold_danger(table, parse_tile("5p")));
}

TEST(Greedy, FoldsWithHonoursBeforeOtherTiles) {
  // Neither genbutsu nor suji in hand: a guest-wind honour (not the dealer's East).
  const Table table = after(against_riichi("1m 4m 7m 2p 3p 8p 1s 6s 9s E S W N", "5m", "9p", "P"));
  const Action action = greedy(table);
  ASSERT_EQ(action.type, EventType::dahai);
  EXPECT_TRUE(is_honor(action.pai.kind())) << action.pai.to_string();
  EXPECT_NE(action.pai.to_string(), "E");
}

}  // namespace
}  // namespace tenbin
