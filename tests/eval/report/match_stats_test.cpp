// The match statistics against values computed by hand: means and their 95% intervals over walls,
// and the per-seat figures of summary.json built on them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "eval/report/match_stats.hpp"
#include "eval/report/stats.hpp"
#include "tests/captured_log.hpp"

namespace tenbin::arena {
namespace {

using nlohmann::json;

// Inverse-variance pooling by hand: standard errors 1 and 2 weigh 1 and 1/4; means 1 and 4 pool
// to (1 + 1) / 1.25 = 1.6 with a standard error of 1 / sqrt(1.25). Nothing to pool, or an
// estimate without an interval, is refused.
TEST(Pooled, InverseVarianceWeights) {
  const Estimate p = pooled({Estimate{1, kZ95 * 1, 100}, Estimate{4, kZ95 * 2, 50}});
  EXPECT_DOUBLE_EQ(p.mean, 1.6);
  EXPECT_NEAR(p.ci95, kZ95 / std::sqrt(1.25), 1e-12);
  EXPECT_EQ(p.walls, 150);
  const Estimate one = pooled({Estimate{-0.3, 0.2, 10}});
  EXPECT_DOUBLE_EQ(one.mean, -0.3);
  EXPECT_NEAR(one.ci95, 0.2, 1e-12);
  EXPECT_THROW(pooled({}), std::invalid_argument);
  EXPECT_THROW(pooled({Estimate{1, 0.5, 10}, Estimate{2, 0, 10}}), std::invalid_argument);
}

TEST(WallSample, EachGameItsOwnWallIsThePerGameInterval) {
  WallSample sample;
  for (int game = 0; game < 4; ++game) sample.add(static_cast<std::uint64_t>(game), game + 1);
  const Estimate e = sample.estimate();
  // 1, 2, 3, 4: mean 2.5, sample variance 5/3, half-width 1.96 * sqrt(5/3 / 4).
  EXPECT_DOUBLE_EQ(e.mean, 2.5);
  EXPECT_NEAR(e.ci95, 1.96 * std::sqrt(5.0 / 3 / 4), 1e-12);
  EXPECT_EQ(e.walls, 4);
}

TEST(WallSample, ADuplicateMatchTakesItsIntervalOverWalls) {
  // Two walls of four rotations: ranks 1, 1, 2, 2 on the first, 3, 3, 4, 4 on the second.
  WallSample by_wall;
  WallSample by_game;
  const int ranks[8] = {1, 1, 2, 2, 3, 3, 4, 4};
  for (int game = 0; game < 8; ++game) {
    by_wall.add(static_cast<std::uint64_t>(game / 4), ranks[game]);
    by_game.add(static_cast<std::uint64_t>(game), ranks[game]);
  }
  // Over walls: wall means 1.5 and 3.5, their variance 2, half-width 1.96 * sqrt(2 / 2).
  EXPECT_DOUBLE_EQ(by_wall.estimate().mean, 2.5);
  EXPECT_NEAR(by_wall.estimate().ci95, 1.96, 1e-12);
  // Over games: variance 10/7 of eight values, half-width 1.96 * sqrt(10/7 / 8) = 0.828.
  EXPECT_DOUBLE_EQ(by_game.estimate().mean, 2.5);
  EXPECT_NEAR(by_game.estimate().ci95, 1.96 * std::sqrt(10.0 / 7 / 8), 1e-12);
  EXPECT_GT(by_wall.estimate().ci95, 2 * by_game.estimate().ci95);
}

TEST(WallSample, APerHandMeanWeighsEachGameByItsHands) {
  WallSample sample;
  sample.add(0, 1000, 8);   // +8000 over 8 hands
  sample.add(0, -200, 10);  // -2000 over 10 hands
  sample.add(1, 0, 9);
  sample.add(1, -1000, 9);  // -9000 over 9 hands
  // Mean -3000 / 36; residuals 6000 + 1500 and -9000 + 1500 = +-7500;
  // variance 2 / 1 * 2 * 7500^2 / 36^2, so the half-width is 1.96 * 7500 * 2 / 36.
  const Estimate e = sample.estimate();
  EXPECT_NEAR(e.mean, -3000.0 / 36, 1e-9);
  EXPECT_NEAR(e.ci95, 1.96 * 7500 * 2 / 36, 1e-9);
}

// Two sides on the same walls, their games of different lengths: A - B is the difference of the
// two per-hand means (each weighing its games by their hands), not the mean of per-game differences.
TEST(WallSample, APairedDifferenceIsTheDifferenceOfTheTwoMeans) {
  WallSample a;
  WallSample b;
  a.add(0, 1000, 8);   // +8000 over 8 hands
  b.add(0, 0, 12);
  a.add(0, -200, 10);  // -2000 over 10 hands
  b.add(0, 500, 6);    // +3000 over 6 hands
  a.add(1, 0, 9);
  b.add(1, -250, 8);   // -2000 over 8 hands
  a.add(1, -1000, 9);  // -9000 over 9 hands
  b.add(1, 100, 10);   // +1000 over 10 hands
  const Estimate e = difference(a, b);
  const double mean_a = -3000.0 / 36;
  const double mean_b = 2000.0 / 36;
  EXPECT_NEAR(e.mean, mean_a - mean_b, 1e-9);
  EXPECT_NE(e.mean, (1000.0 - 0 - 200 - 500 + 0 + 250 - 1000 - 100) / 4);  // per-game differences
  EXPECT_EQ(e.walls, 2);
  // Residuals (S_w - mean W_w) / W: A's are +-7500 / 36 (above); B's, 3000 - 18 * 2000/36 = 2000 and
  // -1000 - 18 * 2000/36 = -2000, over 36. A - B on each wall: +-5500 / 36.
  const double residual = 5500.0 / 36;
  EXPECT_NEAR(e.ci95, 1.96 * std::sqrt(2.0 / 1 * 2 * residual * residual), 1e-9);
}

// With one game a wall and the same weights on both sides, the paired difference's interval is
// that of the games' differences.
TEST(WallSample, WithEqualWeightsAPairedDifferenceIsThatOfTheGamesDifferences) {
  WallSample a;
  WallSample b;
  WallSample differences;
  const double values_a[5] = {3, -1, 4, 1, -5};
  const double values_b[5] = {2, 6, -2, 0, 1};
  for (int game = 0; game < 5; ++game) {
    a.add(static_cast<std::uint64_t>(game), values_a[game]);
    b.add(static_cast<std::uint64_t>(game), values_b[game]);
    differences.add(static_cast<std::uint64_t>(game), values_a[game] - values_b[game]);
  }
  EXPECT_NEAR(difference(a, b).mean, differences.estimate().mean, 1e-12);
  EXPECT_NEAR(difference(a, b).ci95, differences.estimate().ci95, 1e-12);
}

TEST(WallSample, OneWallHasNoInterval) {
  WallSample sample;
  sample.add(3, 1);
  sample.add(3, 4);
  EXPECT_DOUBLE_EQ(sample.estimate().mean, 2.5);
  EXPECT_DOUBLE_EQ(sample.estimate().ci95, 0);
  EXPECT_DOUBLE_EQ(WallSample().estimate().mean, 0);
}

TEST(WallSample, RankPointsAreTheOneScale) {
  EXPECT_DOUBLE_EQ(rank_points_of(0), 90);
  EXPECT_DOUBLE_EQ(rank_points_of(1), 45);
  EXPECT_DOUBLE_EQ(rank_points_of(2), 0);
  EXPECT_DOUBLE_EQ(rank_points_of(3), -135);
}

// A results.jsonl line of a game with the given names, places (0 = 1st) and final scores.
json result_line(int game, int wall, const std::array<std::string, 4>& names, const std::array<int, 4>& places,
                 const std::array<int, 4>& scores, int hands) {
  json seats = json::array();
  for (int seat = 0; seat < 4; ++seat) {
    seats.push_back({{"decisions", 0}, {"latency_ms", json::array()},
                     {"incidents", {{"timeouts", 0}, {"crashes", 0}, {"junk", 0}, {"illegal", 0}, {"restarts", 0}}}});
  }
  return {{"game", game}, {"wall_game", wall}, {"names", names}, {"ranks", places}, {"scores", scores},
          {"points", {0, 0, 0, 0}}, {"hands", hands}, {"seats", seats}};
}

std::vector<Event> log_starting_at(int score) {
  Event start;
  start.type = EventType::start_kyoku;
  start.has_scores = true;
  start.scores = {score, score, score, score};
  return {start};
}

TEST(Summary, RanksRankPointsAndPointsPerHandAreOverWalls) {
  // A duplicate match of two walls, "a" against three "b": on the first wall "a" places 1st,
  // 1st, 2nd, 2nd; on the second 3rd, 3rd, 4th, 4th. Each game has 10 hands from 25000.
  std::map<std::string, CommandSummary> summary;
  const int places_a[8] = {0, 0, 1, 1, 2, 2, 3, 3};
  const int scores_a[8] = {45000, 35000, 30000, 28000, 20000, 22000, 10000, 10000};
  for (int game = 0; game < 8; ++game) {
    std::array<std::string, 4> names{"b", "b", "b", "b"};
    std::array<int, 4> places{};
    std::array<int, 4> scores{};
    const int seat_a = game % 4;
    names[static_cast<std::size_t>(seat_a)] = "a";
    int other_place = 0;
    for (int seat = 0; seat < 4; ++seat) {
      if (seat == seat_a) {
        places[static_cast<std::size_t>(seat)] = places_a[game];
        scores[static_cast<std::size_t>(seat)] = scores_a[game];
        continue;
      }
      if (other_place == places_a[game]) ++other_place;
      places[static_cast<std::size_t>(seat)] = other_place++;
      scores[static_cast<std::size_t>(seat)] = (100000 - scores_a[game]) / 3;
    }
    const auto no_luck = add_game(summary, result_line(game, game / 4, names, places, scores, 10),
                                  log_starting_at(25000), static_cast<std::uint64_t>(game / 4));
    EXPECT_TRUE(no_luck.has_value()) << "a log without tiles has no luck to walk";
  }
  const json a = summary.at("a").to_json();
  EXPECT_EQ(a.at("walls").get<int>(), 2);
  EXPECT_DOUBLE_EQ(a.at("average_rank").get<double>(), 2.5);
  EXPECT_NEAR(a.at("average_rank_ci95").get<double>(), 1.96, 1e-12);  // not the per-game 0.828
  // Rank points: wall means (90 + 90 + 45 + 45) / 4 = 67.5 and (0 + 0 - 135 - 135) / 4 = -67.5.
  EXPECT_DOUBLE_EQ(a.at("rank_points").get<double>(), 0);
  EXPECT_NEAR(a.at("rank_points_ci95").get<double>(), 1.96 * std::sqrt(2 * 67.5 * 67.5 / 2), 1e-9);
  // Score change per hand: wall sums +38000 and -38000 over 40 hands each.
  EXPECT_DOUBLE_EQ(a.at("points_per_hand").get<double>(), 0);
  EXPECT_NEAR(a.at("points_per_hand_ci95").get<double>(), 1.96 * std::sqrt(2.0 * 2 * 38000.0 * 38000.0 / (80.0 * 80.0)), 1e-9);
  const std::string table = summary_table(summary);
  EXPECT_NE(table.find("2.50+-1.96"), std::string::npos) << table;
  // Points per hand and its interval: 1.96 * sqrt(2 * 2 * 38000^2 / 80^2) = 1862.
  EXPECT_NE(table.find("pt/hand"), std::string::npos) << table;
  EXPECT_NE(table.find("+0+-1862"), std::string::npos) << table;
  // These logs show no tiles: no luck, so no adjusted figure, and the summary says so.
  EXPECT_EQ(a.at("games").get<int>(), 8);
  EXPECT_EQ(a.at("adjusted_games").get<int>(), 0);
  EXPECT_NE(table.find("adjusted"), std::string::npos) << table;
  EXPECT_NE(table.find(" n/a "), std::string::npos) << table;
}

// The games left out of the adjusted figures are told once, with how many and the first's reason;
// a summary that left none out says nothing.
TEST(Summary, TheGamesWithoutLuckAreToldOnce) {
  CapturedLog log;
  LuckRefusals none;
  none.note(0, std::nullopt);
  none.warn("m/summary.json");
  EXPECT_EQ(log.text(), "");
  LuckRefusals some;
  some.note(2, std::nullopt);
  some.note(3, std::string("a tile is hidden"));
  some.note(5, std::string("another reason"));
  some.warn("m/summary.json");
  EXPECT_TRUE(log.contains("m/summary.json: 2 game(s) have no luck-adjusted figure")) << log.text();
  EXPECT_TRUE(log.contains("game 3: a tile is hidden")) << log.text();
  EXPECT_FALSE(log.contains("another reason")) << log.text();
  const std::string text = log.text();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
}

// One wall gives no interval over walls: the table says so rather than print a zero-width one.
TEST(Summary, OneWallShowsNoInterval) {
  std::map<std::string, CommandSummary> summary;
  for (int game = 0; game < 4; ++game) {
    std::array<std::string, 4> names{"b", "b", "b", "b"};
    names[static_cast<std::size_t>(game)] = "a";
    std::array<int, 4> places{};
    for (int seat = 0; seat < 4; ++seat) places[static_cast<std::size_t>(seat)] = (seat - game + 4) % 4;
    const std::array<int, 4> scores{40000, 30000, 20000, 10000};
    add_game(summary, result_line(game, 0, names, places, scores, 10), log_starting_at(25000), 0);
  }
  const std::string table = summary_table(summary);
  EXPECT_NE(table.find("1.00+-n/a"), std::string::npos) << table;
}

}  // namespace
}  // namespace tenbin::arena
