// `tenbin-arena report`'s figures: a short duplicate match played by the real arena, then the
// report's data checked against the match's own files (results.jsonl, summary.json, the logs).
// The page in a browser is tests/report_test.sh.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "eval/report/report.hpp"
#include "eval/report/report_page.hpp"
#include "tests/json_lines_file.hpp"
#include "tests/process.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using tenbin::read_json_lines;

const std::string kGreedy = std::string(TENBIN_BINARY) + " --log-level warn --strategy greedy";


// One duplicate tonpuu match (four rotations of one wall) for the whole file, seats named a..d.
class ReportTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("tenbin-report-test-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    const auto run = tenbin::subprocess::run(tenbin::subprocess::arena_binary(),
                                     {"--quiet", "--format", "tonpuu", "--games", "4", "--duplicate", "--seed", "9", "--out",
                                      (dir_ / "match").string(), "--seat", "a=" + kGreedy, "--seat", "b=" + kGreedy,
                                      "--seat", "c=" + kGreedy, "--seat", "d=" + kGreedy},
                                     {}, std::chrono::seconds(120));
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }
  static fs::path match() { return dir_ / "match"; }
  static fs::path dir_;
};
fs::path ReportTest::dir_;

json command_named(const json& data, const std::string& name) {
  for (const json& command : data.at("commands")) {
    if (command.at("name") == name) return command;
  }
  return nullptr;
}

TEST_F(ReportTest, SeatFiguresAreTheSummaryOfTheMatch) {
  const json data = tenbin::arena::report_data(match().string());
  std::ifstream summary_file(match() / "summary.json");
  const json summary = json::parse(summary_file);
  ASSERT_EQ(data.at("commands").size(), summary.size());
  for (const json& expected : summary) {
    const json command = command_named(data, expected.at("name"));
    ASSERT_FALSE(command.is_null()) << expected.at("name");
    EXPECT_DOUBLE_EQ(command.at("average_rank"), expected.at("average_rank"));
    EXPECT_EQ(command.at("rank_distribution"), expected.at("rank_distribution"));
    EXPECT_DOUBLE_EQ(command.at("rates").at("win").at("rate"), expected.at("win_rate"));
    EXPECT_DOUBLE_EQ(command.at("rates").at("deal_in").at("rate"), expected.at("deal_in_rate"));
    // Plain and luck-adjusted points per hand, side by side on the page.
    EXPECT_DOUBLE_EQ(command.at("points_per_hand"), expected.at("points_per_hand"));
    EXPECT_DOUBLE_EQ(command.at("adjusted_points_per_hand"), expected.at("adjusted_points_per_hand"));
    EXPECT_DOUBLE_EQ(command.at("adjusted_points_per_hand_ci95"), expected.at("adjusted_points_per_hand_ci95"));
    // The rates' interval is over walls: this match's four games are one wall, so there is none
    // (a binomial interval over the hands would claim one).
    for (const char* rate : {"win", "deal_in", "riichi", "call"}) {
      EXPECT_TRUE(command.at("rates").at(rate).at("ci95").is_null()) << rate;
      EXPECT_EQ(command.at("rates").at(rate).at("walls"), 1) << rate;
    }
    const std::vector<int> histogram = command.at("latency_histogram");
    EXPECT_EQ(histogram.size(), data.at("latency_bins_ms").size());
    EXPECT_EQ(std::accumulate(histogram.begin(), histogram.end(), 0), expected.at("decisions").get<int>());
  }
  EXPECT_TRUE(data.at("match").at("commitments").at("verified"));
  EXPECT_EQ(data.at("match").at("seed"), 9);
  EXPECT_EQ(data.at("match").at("wall"), "tenbin-wall-v2");
}

TEST_F(ReportTest, EachGameShowsTheScoresOfEveryHandThenTheFinalScores) {
  const json data = tenbin::arena::report_data(match().string());
  const auto results = read_json_lines(match() / "results.jsonl");
  ASSERT_EQ(data.at("games").size(), results.size());
  for (std::size_t i = 0; i < results.size(); ++i) {
    const json& game = data.at("games").at(i);
    const int hands = results[i].at("hands");
    ASSERT_EQ(game.at("hands").size(), static_cast<std::size_t>(hands + 1)) << "game " << i;
    EXPECT_EQ(game.at("hands").at(0), "E1");
    EXPECT_EQ(game.at("scores").at(0), json({25000, 25000, 25000, 25000}));
    EXPECT_EQ(game.at("scores").back(), results[i].at("scores"));
  }
}

// Each wall's row for a seat command holds that command's rank in each rotation, wherever it sat.
TEST_F(ReportTest, DuplicateRotationsFollowEachCommandAroundTheTable) {
  const json data = tenbin::arena::report_data(match().string());
  const auto results = read_json_lines(match() / "results.jsonl");
  ASSERT_EQ(data.at("duplicate").size(), 1U);
  const json& wall = data.at("duplicate").at(0);
  EXPECT_EQ(wall.at("games"), json({0, 1, 2, 3}));
  for (const json& row : wall.at("rows")) {
    const std::string name = row.at("name");
    ASSERT_EQ(row.at("cells").size(), 4U) << name;
    for (int game = 0; game < 4; ++game) {
      const json& names = results[game].at("names");
      const auto seat = std::find(names.begin(), names.end(), name) - names.begin();
      const json& cell = row.at("cells").at(game);
      EXPECT_EQ(cell.at("seat"), seat) << name << " game " << game;
      EXPECT_EQ(cell.at("rank"), results[game].at("ranks").at(seat)) << name << " game " << game;
      EXPECT_EQ(cell.at("score"), results[game].at("scores").at(seat)) << name << " game " << game;
    }
  }
}

// Fixed seating: no rotations to show, the seats' figures still there.
TEST(ReportFixedSeating, HasNoRotationsTable) {
  const fs::path out = fs::temp_directory_path() / ("tenbin-report-fixed-" + std::to_string(::getpid()));
  fs::remove_all(out);
  const auto run = tenbin::subprocess::run(tenbin::subprocess::arena_binary(),
                                           {"--quiet", "--format", "tonpuu", "--games", "2", "--seed", "4", "--out", out.string(),
                                            "--seat", "a=" + kGreedy, "--seat", "b=" + kGreedy, "--seat", "c=" + kGreedy,
                                            "--seat", "d=" + kGreedy},
                                           {}, std::chrono::seconds(120));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const json data = tenbin::arena::report_data(out.string());
  fs::remove_all(out);
  EXPECT_FALSE(data.at("match").at("duplicate"));
  EXPECT_TRUE(data.at("duplicate").empty());
  EXPECT_EQ(data.at("games").size(), 2U);
  EXPECT_EQ(data.at("commands").size(), 4U);
  // Each game its own wall: the rates have an interval over the two.
  for (const json& command : data.at("commands")) {
    const json& win = command.at("rates").at("win");
    EXPECT_EQ(win.at("walls"), 2);
    ASSERT_TRUE(win.at("ci95").is_number());
    EXPECT_GE(win.at("ci95").get<double>(), 0);
  }
}

TEST_F(ReportTest, AMissingLogIsNamedAndNothingIsWritten) {
  const fs::path copy = dir_ / "copy";
  fs::remove_all(copy);
  fs::copy(match(), copy, fs::copy_options::recursive);
  fs::remove(copy / "logs" / "0002.mjson");
  std::ostringstream out;
  std::ostringstream errors;
  const std::string library = dir_ / "chart.js";
  std::ofstream(library) << "/* Chart */";
  EXPECT_EQ(tenbin::arena::write_report(copy.string(), library, out, errors), 3);
  EXPECT_NE(errors.str().find("0002.mjson"), std::string::npos) << errors.str();
  EXPECT_FALSE(fs::exists(copy / "report.html"));
}

TEST(ReportPage, ShowsPlainAndAdjustedPointsPerHand) {
  const std::string page = tenbin::arena::report_page("/* Chart */", json::object());
  EXPECT_NE(page.find("'points/hand',"), std::string::npos);
  EXPECT_NE(page.find("'adjusted points/hand'"), std::string::npos);
  EXPECT_NE(page.find("c.adjusted_points_per_hand_ci95"), std::string::npos);
}

// A seat name cannot end the data's <script> element early (and so inject markup).
TEST(ReportPage, DataCannotCloseItsScriptElement) {
  const std::string page = tenbin::arena::report_page("/* Chart */", json{{"name", "</script><b>x</b>"}});
  EXPECT_EQ(page.find("</script><b>"), std::string::npos);
  EXPECT_NE(page.find(R"(<\/script><b>x<\/b>)"), std::string::npos);
}

}  // namespace
