// Luck-adjusted figures on real matches: two small duplicate matches of greedy and tsumogiri
// against three greedy seats on the same walls. summary.json reports adjusted points per hand;
// `compare --adjusted` pairs them on the same walls, each side's score change less its luck as
// eval/report/luck computes it from the log, every game weighted by its hands as in summary.json
// (the games last different numbers of hands); `sprt --adjusted` tests in points per hand.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "eval/report/compare.hpp"
#include "eval/report/luck.hpp"
#include "eval/report/paired_matches.hpp"
#include "eval/report/sprt.hpp"
#include "eval/study/game_log.hpp"
#include "tests/process.hpp"
#include "tests/scratch_dir.hpp"

namespace tenbin::arena {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kGreedy = std::string(TENBIN_BINARY) + " --log-level warn --strategy greedy";

// 8 duplicate hanchan (two walls) of `name` (playing `strategy`) against three greedy seats; the
// arena's standard output (the table at the end of the match).
std::string play_match(const fs::path& out, const std::string& name, const std::string& strategy) {
  const std::string seat = std::string(TENBIN_BINARY) + " --log-level warn --strategy " + strategy;
  const std::vector<std::string> args = {"--seat", name + "=" + seat, "--seat", "greedy=" + kGreedy, "--seat", "greedy=" + kGreedy,
                                         "--seat", "greedy=" + kGreedy, "--games", "8", "--seed", "26", "--duplicate",
                                         "--quiet", "--out", out.string()};
  const subprocess::Result run = subprocess::run(subprocess::arena_binary(), args, {}, std::chrono::seconds(120));
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  return run.out;
}

// Per game of `name`: its score change, plain and less its luck, and the hands the game lasted.
struct GameFigures {
  double change = 0;
  double adjusted = 0;
  int hands = 0;
};

std::map<int, GameFigures> per_game(const fs::path& dir, const std::string& name) {
  std::map<int, GameFigures> games;
  std::ifstream results(dir / "results.jsonl");
  for (std::string line; std::getline(results, line);) {
    const json result = json::parse(line);
    const int game = result.at("game").get<int>();
    int seat = 0;
    while (result.at("names").at(seat).get<std::string>() != name) ++seat;
    char file[32];
    std::snprintf(file, sizeof file, "%04d.mjson", game);
    const std::vector<Event> log = read_game_log((dir / "logs" / file).string());
    const GameLuck luck = game_luck(log);
    const double change = result.at("scores").at(seat).get<double>() - 25000;
    games[game] = {change, change - luck.total[seat], static_cast<int>(luck.hands.size())};
  }
  return games;
}

// The summary.json entry of `name`.
json summary_of(const fs::path& dir, const std::string& name) {
  std::ifstream in(dir / "summary.json");
  for (const json& command : json::parse(in)) {
    if (command.at("name") == name) return command;
  }
  ADD_FAILURE() << "no " << name << " in " << dir / "summary.json";
  return json::object();
}

TEST(AdjustedResults, SummaryCompareAndSprtUseTheLuckOfEveryGame) {
  ScratchDir scratch("adjusted-compare");
  play_match(scratch / "a", "eff", "greedy");
  const std::string table = play_match(scratch / "b", "giri", "tsumogiri");
  if (HasFailure()) return;

  // (In match a every seat plays greedy: the four rotations of a wall are the same game, so its
  // figures are zero; match b's tsumogiri seat has some.)
  const json giri = summary_of(scratch / "b", "giri");
  EXPECT_TRUE(giri.contains("adjusted_points_per_hand"));
  EXPECT_EQ(giri.at("adjusted_games"), giri.at("games"));  // every log shows every tile
  EXPECT_GT(giri.at("adjusted_points_per_hand_ci95").get<double>(), 0);
  EXPECT_NE(giri.at("adjusted_points_per_hand").get<double>(), giri.at("points_per_hand").get<double>());
  const json eff = summary_of(scratch / "a", "eff");

  // The table the arena prints at the end of the match shows both, each with its interval.
  const auto shown = [](const json& command, const std::string& field) {
    return fmt::format("{:+.0f}+-{:.0f}", command.at(field).get<double>(), command.at(field + "_ci95").get<double>());
  };
  EXPECT_NE(table.find("adjusted"), std::string::npos) << table;
  const std::size_t row = table.find("\ngiri ");
  ASSERT_NE(row, std::string::npos) << table;
  const std::string line = table.substr(row + 1, table.find('\n', row + 1) - row - 1);
  const std::size_t plain_at = line.find(" " + shown(giri, "points_per_hand") + " ");
  const std::size_t adjusted_at = line.find(" " + shown(giri, "adjusted_points_per_hand") + " ");
  EXPECT_NE(plain_at, std::string::npos) << line << "\nexpected " << shown(giri, "points_per_hand");
  EXPECT_NE(adjusted_at, std::string::npos) << line << "\nexpected " << shown(giri, "adjusted_points_per_hand");
  EXPECT_LT(plain_at, adjusted_at) << line;

  const auto a = per_game(scratch / "a", "eff");
  const auto b = per_game(scratch / "b", "giri");
  ASSERT_EQ(a.size(), 8u);
  std::set<int> lengths;
  for (const auto& [game, figures] : b) lengths.insert(figures.hands);
  ASSERT_GT(lengths.size(), 1u) << "the games must last different numbers of hands for the weighting to show";

  // The comparison's means are the two summaries' difference: each side weighs its games by
  // their hands (an equal weight per game would give another mean).
  const Comparison c = compare(read_paired_matches((scratch / "a").string(), "eff", (scratch / "b").string(), "giri",
                                                   PairedFigures::points_per_hand));
  EXPECT_NEAR(c.points_per_hand.mean, eff.at("points_per_hand").get<double>() - giri.at("points_per_hand").get<double>(), 1e-9);
  EXPECT_NEAR(c.adjusted_points_per_hand.mean,
              eff.at("adjusted_points_per_hand").get<double>() - giri.at("adjusted_points_per_hand").get<double>(), 1e-9);
  double per_game_mean = 0;
  for (const auto& [game, figures] : a) {
    per_game_mean += (figures.change / figures.hands - b.at(game).change / b.at(game).hands) / 8;
  }
  EXPECT_GT(std::abs(c.points_per_hand.mean - per_game_mean), 1e-6) << "the games' lengths make no difference here";
  EXPECT_NE(c.points_per_hand.mean, c.adjusted_points_per_hand.mean);
  EXPECT_EQ(c.adjusted_points_per_hand.walls, 2);

  std::ostringstream out, errors;
  EXPECT_EQ(compare_command((scratch / "a").string(), "eff", (scratch / "b").string(), "giri", true, out, errors), 0) << errors.str();
  EXPECT_NE(out.str().find("luck-adjusted"), std::string::npos) << out.str();

  std::ostringstream sprt_out, sprt_errors;
  SprtSettings settings;
  settings.adjusted = true;
  settings.pt0 = 0;
  settings.pt1 = 100;
  EXPECT_EQ(sprt_command((scratch / "a").string(), "eff", (scratch / "b").string(), "giri", settings, sprt_out, sprt_errors), 0)
      << sprt_errors.str();
  EXPECT_NE(sprt_out.str().find("luck-adjusted points per hand"), std::string::npos) << sprt_out.str();
  // The first wall's line: B - A, each side's adjusted change over its hands on the wall's four games.
  double adjusted_a = 0, hands_a = 0, adjusted_b = 0, hands_b = 0;
  for (int game = 0; game < 4; ++game) {
    adjusted_a += a.at(game).adjusted;
    hands_a += a.at(game).hands;
    adjusted_b += b.at(game).adjusted;
    hands_b += b.at(game).hands;
  }
  const double first_wall = adjusted_b / hands_b - adjusted_a / hands_a;
  std::ostringstream expected;
  expected << "walls     1  mean " << std::showpos << std::fixed;
  expected.precision(2);
  expected.width(7);
  expected << first_wall;
  EXPECT_NE(sprt_out.str().find(expected.str()), std::string::npos) << sprt_out.str() << "\nexpected " << expected.str();
}

}  // namespace
}  // namespace tenbin::arena
