// Luck in rank points (eval/report/rank_luck.hpp): the placement model's slopes at a hand's start
// (own points help, the others' hurt, a settled last hand moves nothing), the luck of every chance
// event of a played hand averaging to zero over its outcomes in rank points too, and a game's
// rank-point luck summing its hands' luck priced by their slopes.
#include "eval/report/rank_luck.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "engine/game.hpp"

namespace tenbin::arena {
namespace {

Event start_of(int bakaze, int kyoku, const PerSeat<int>& scores) {
  Event start;
  start.type = EventType::start_kyoku;
  start.bakaze = bakaze;
  start.kyoku = kyoku;
  start.oya = kyoku - 1;
  start.dora_marker = parse_tile("9m");
  start.has_scores = true;
  start.scores = scores;
  for (auto& hand : start.tehais) hand.fill(Tile::hidden());
  // Seat 0's tiles, as the table of seat 0 sees them: 123m 456p 789s EEE S.
  const char* tiles[13] = {"1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "S"};
  for (int i = 0; i < 13; ++i) start.tehais[0][static_cast<std::size_t>(i)] = parse_tile(tiles[i]);
  return start;
}

RankPointSlopes slopes_at(const Event& start, MatchLength length = MatchLength::hanchan) {
  Table table(0);
  table.apply(start);
  return rank_point_slopes(table, length);
}

TEST(RankLuck, OwnPointsHelpAndTheOthersHurt) {
  const RankPointSlopes slopes = slopes_at(start_of(kinds::east, 1, {25000, 25000, 25000, 25000}));
  for (int seat = 0; seat < 4; ++seat) {
    EXPECT_GT(slopes[seat][seat], 0) << seat;
    for (int other = 0; other < 4; ++other) {
      if (other == seat) continue;
      EXPECT_LT(slopes[seat][other], 0) << seat << " by " << other;
    }
  }
}

TEST(RankLuck, ASettledLastHandMovesNothingAndACloseOneMovesMuch) {
  // South 4: seat 1 leads by 50,000, seats 2 and 3 are 100 points apart.
  const RankPointSlopes slopes = slopes_at(start_of(kinds::south, 4, {10000, 60000, 15100, 15000}));
  EXPECT_NEAR(slopes[1][1], 0, 1e-9);
  EXPECT_GT(slopes[2][2], 10 * std::fabs(slopes[1][1]) + 1e-3);
  EXPECT_GT(slopes[3][3], 1e-3);
}

// An East-only game of seats that take the engine's safe action.
std::vector<Event> play(std::uint64_t seed) {
  GameConfig config;
  config.seed = seed;
  config.tonpuu = true;
  Game referee(config);
  while (!referee.finished()) {
    std::array<std::optional<Action>, 4> replies;
    for (int seat = 0; seat < 4; ++seat) {
      if (!referee.pending().legal[seat].empty()) replies[seat] = referee.table(seat).safe_action();
    }
    referee.answer(replies);
  }
  return referee.log();
}

// At every chance event of the first hand, the luck in rank points of every unseen tile, weighted
// by its copies, sums to zero for every seat (up to rounding: the slopes are not whole numbers).
class RankZeroSum : public HandVisitor {
 public:
  explicit RankZeroSum(const RankPointSlopes& slopes) : slopes_(slopes) {}
  void chance(const HandPosition& before, ChanceEvent event, int seat, Tile, const HandPosition&) override {
    if (done_) return;
    PerSeat<double> sum{};
    double scale = 0;
    for (int identity = 0; identity < kTileIdentities; ++identity) {
      if (before.unseen[identity] == 0) continue;
      const EventLuck luck = event_luck(before, event, seat, tile_of_identity(identity), LuckModel::compiled(), cache_);
      for (int s = 0; s < 4; ++s) {
        for (int moved = 0; moved < 4; ++moved) {
          const double term = before.unseen[identity] * slopes_[s][moved] * luck.points(moved);
          sum[s] += term;
          scale += std::fabs(term);
        }
      }
    }
    for (int s = 0; s < 4; ++s) ASSERT_NEAR(sum[s], 0, 1e-9 * (scale + 1)) << "seat " << s;
    ++events_;
  }
  void hand_end(const PerSeat<int>&) override { done_ = true; }
  int events_ = 0;

 private:
  const RankPointSlopes& slopes_;
  GroupNeedsCache cache_;
  bool done_ = false;
};

TEST(RankLuck, EveryChanceEventAveragesToZeroInRankPoints) {
  const std::vector<Event> log = play(2626);
  const auto start = std::find_if(log.begin(), log.end(), [](const Event& e) { return e.type == EventType::start_kyoku; });
  ASSERT_NE(start, log.end());
  const RankPointSlopes slopes = slopes_at(*start, MatchLength::east);
  RankZeroSum check(slopes);
  walk_hands(log, check);
  EXPECT_GT(check.events_, 60);  // the deal, the first indicator and the draws
}

TEST(RankLuck, AGamesLuckIsItsHandsLuckPricedAtTheirStarts) {
  const std::vector<Event> log = play(2627);
  const GameLuck luck = game_luck(log);
  ASSERT_GT(luck.hands.size(), 1u);
  PerSeat<double> expected{};
  std::size_t hand = 0;
  for (const Event& event : log) {
    if (event.type != EventType::start_kyoku) continue;
    const RankPointSlopes slopes = slopes_at(event, MatchLength::east);
    for (int s = 0; s < 4; ++s) {
      for (int moved = 0; moved < 4; ++moved) expected[s] += slopes[s][moved] * luck.hands[hand].luck[moved];
    }
    ++hand;
  }
  const PerSeat<double> total = rank_point_luck(log, luck, MatchLength::east);
  double any = 0;
  for (int s = 0; s < 4; ++s) {
    EXPECT_NEAR(total[s], expected[s], 1e-9) << s;
    any += std::fabs(total[s]);
  }
  EXPECT_GT(any, 0);

  GameLuck short_of_a_hand = luck;
  short_of_a_hand.hands.pop_back();
  EXPECT_THROW(rank_point_luck(log, short_of_a_hand, MatchLength::east), std::invalid_argument);
}

}  // namespace
}  // namespace tenbin::arena
