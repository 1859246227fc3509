// `tenbin review` on games four greedy seats played in the arena: greedy beside itself agrees
// everywhere, whatever dialect the log was written in; the full strategy's figures, the value
// lost and the summary add up; the page and the JSON lines carry them; a bad log or an unknown
// player is an error naming what was wrong.
#include "bot/commands/review.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bot/commands/review_html.hpp"
#include "bot/strategy/full_params.hpp"
#include "tests/process.hpp"

namespace tenbin {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// One tonpuu game of four greedy seats (played once for the whole file).
class ReviewTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("tenbin-review-test-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    const std::string greedy = subprocess::tenbin_binary().string() + " --log-level warn --strategy greedy";
    std::vector<std::string> args;
    for (const char* name : {"a", "b", "c", "d"}) args.insert(args.end(), {"--seat", std::string(name) + "=" + greedy});
    args.insert(args.end(), {"--games", "1", "--seed", "23", "--format", "tonpuu", "--quiet", "--out", (dir_ / "match").string()});
    const subprocess::Result run = subprocess::run(subprocess::arena_binary(), args);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    log_ = dir_ / "match" / "logs" / "0000.mjson";
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static std::vector<json> log_json() {
    std::ifstream in(log_);
    std::vector<json> events;
    for (std::string line; std::getline(in, line);) {
      if (!line.empty()) events.push_back(json::parse(line));
    }
    return events;
  }

  static std::vector<MjaiLogLine> events_of(const std::vector<json>& events) {
    std::vector<MjaiLogLine> lines;
    for (const json& e : events) lines.push_back({static_cast<int>(lines.size()) + 1, parse_event(e).event});
    return lines;
  }

  static fs::path write(const std::string& name, const std::string& text) {
    const fs::path path = dir_ / name;
    std::ofstream(path) << text;
    return path;
  }

  static inline fs::path dir_;
  static inline fs::path log_;
};

TEST_F(ReviewTest, GreedyBesideItselfAgreesEverywhereAndEveryHandIsListed) {
  const std::vector<json> events = log_json();
  int hands_played = 0;
  for (const json& e : events) hands_played += e.at("type") == "start_kyoku" ? 1 : 0;
  for (int seat = 0; seat < 4; ++seat) {
    const Review review = review_game(events_of(events), seat, make_policy("greedy"));
    EXPECT_GT(review.decisions.size(), 10u);
    EXPECT_EQ(review.agreements, static_cast<int>(review.decisions.size())) << "seat " << seat;
    EXPECT_TRUE(review.biggest_disagreements().empty());
    EXPECT_EQ(static_cast<int>(review.hands.size()), hands_played);  // every hand has a discard of ours
    EXPECT_EQ(review.hands.front().hand, "E1");
    EXPECT_EQ(review.player, std::string(1, static_cast<char>('a' + seat)));
  }
}

// The other hosts' logs: the original server's (no scores at start_kyoku, the results' own
// fields), Mortal's (seed, kyoku_first, aka_flag, each move's meta) and RiichiEnv's reasons.
std::vector<json> in_dialect(std::vector<json> events, const std::string& dialect) {
  for (json& e : events) {
    const std::string type = e.at("type");
    if (dialect == "original") {
      if (type == "start_kyoku") e.erase("scores");
      if (type == "hora") e.update({{"hora_tehais", json::array({"1m"})}, {"yakus", json::array({json::array({"reach", 1})})},
                                    {"fu", 30}, {"fan", 1}, {"hora_points", 1000}, {"uradora_markers", json::array()}});
      if (type == "ryukyoku") e.update({{"reason", "fanpai"}, {"tenpais", {false, false, false, false}}});
    } else if (dialect == "mortal") {
      if (type == "start_game") e.update({{"seed", {1, 2}}, {"kyoku_first", 4}, {"aka_flag", true}});
      if (e.contains("actor") && type != "tsumo") e["meta"] = {{"q_values", {0.5, 0.25}}, {"mask_bits", 3}, {"shanten", 1}};
    } else if (dialect == "riichienv") {
      if (type == "ryukyoku") e["reason"] = "exhaustive_draw";
    }
  }
  return events;
}

TEST_F(ReviewTest, ReadsTheOriginalServersMortalsAndRiichiEnvsLogs) {
  const std::size_t decisions = review_game(events_of(log_json()), 1, make_policy("greedy")).decisions.size();
  for (const std::string dialect : {"original", "mortal", "riichienv"}) {
    std::string text;
    for (const json& e : in_dialect(log_json(), dialect)) text += e.dump() + "\n";
    const fs::path path = write(dialect + ".mjson", text);
    const subprocess::Result run = subprocess::run(
        subprocess::tenbin_binary(), {"--log-level", "warn", "review", "--seat", "1", "--strategy", "greedy", "--format", "json", path.string()});
    ASSERT_EQ(run.exit_code, 0) << dialect << ": " << run.err;
    const json summary = json::parse(run.out.substr(0, run.out.find('\n')));
    EXPECT_EQ(summary.at("decisions").get<std::size_t>(), decisions) << dialect;
    EXPECT_EQ(summary.at("agreements").get<std::size_t>(), decisions) << dialect;
  }
}

TEST_F(ReviewTest, FullsFiguresValueLostAndSummaryAddUp) {
  StrategySettings settings;
  settings.budget_ms = 20;
  const Review review = review_game(events_of(log_json()), 0, make_policy("full", settings));
  ASSERT_FALSE(review.decisions.empty());
  int priced = 0;
  double by_hand = 0;
  for (const HandReview& h : review.hands) by_hand += h.value_lost;
  EXPECT_NEAR(by_hand, review.value_lost, 1e-6);
  for (const ReviewedDecision& d : review.decisions) {
    EXPECT_TRUE(d.position.at("hand").is_array());
    EXPECT_EQ(d.position.at("seats").size(), 4u);
    if (d.candidates.empty()) continue;
    ++priced;
    for (const char* field : {"win_prob", "exp_score", "deal_in_prob", "expected_loss", "value"}) {
      EXPECT_TRUE(d.candidates.front().contains(field)) << field;
    }
    if (d.agree && d.value_lost) {
      EXPECT_EQ(*d.value_lost, 0.0);
    }
  }
  EXPECT_GT(priced, 5);
  const std::vector<const ReviewedDecision*> biggest = review.biggest_disagreements();
  ASSERT_FALSE(biggest.empty());  // full and greedy part somewhere in a whole game
  for (std::size_t i = 1; i < biggest.size(); ++i) {
    EXPECT_GE(biggest[i - 1]->value_lost.value_or(-1e18), biggest[i]->value_lost.value_or(-1e18));
  }

  std::ostringstream lines;
  write_review_json(review, lines);
  std::istringstream in(lines.str());
  std::string first;
  std::getline(in, first);
  const json summary = json::parse(first);
  EXPECT_EQ(summary.at("decisions").get<std::size_t>(), review.decisions.size());
  EXPECT_EQ(summary.at("biggest_disagreements").front().get<int>(), biggest.front()->line);
  int rows = 0;
  for (std::string line; std::getline(in, line);) rows += json::parse(line).contains("candidates") ? 1 : 0;
  EXPECT_EQ(rows, static_cast<int>(review.decisions.size()));
}

TEST_F(ReviewTest, ThePageListsEveryHandAndTheBiggestDisagreementFirst) {
  // Tsumogiri beside greedy parts at nearly every discard.
  const Review review = review_game(events_of(log_json()), 2, make_policy("tsumogiri"));
  ASSERT_FALSE(review.biggest_disagreements().empty());
  std::ostringstream page;
  write_review_html(review, page);
  const std::string html = page.str();
  for (const HandReview& h : review.hands) EXPECT_NE(html.find("href=\"#hand-" + h.hand + "\""), std::string::npos) << h.hand;
  const std::string first_row = "<tr class=\"disagreement\"><td>" + review.biggest_disagreements().front()->hand +
                                "</td><td><a href=\"#d-" + std::to_string(review.biggest_disagreements().front()->line);
  EXPECT_NE(html.find(first_row), std::string::npos);
  EXPECT_NE(html.find("id=\"d-" + std::to_string(review.decisions.back().line) + "\""), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);  // nothing fetched
}

TEST_F(ReviewTest, PlayerNameChoosesTheSeat) {
  const subprocess::Result run = subprocess::run(
      subprocess::tenbin_binary(), {"--log-level", "warn", "review", "--player", "c", "--strategy", "greedy", "--format", "json", log_.string()});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(json::parse(run.out.substr(0, run.out.find('\n'))).at("seat"), 2);

  const subprocess::Result unknown = subprocess::run(
      subprocess::tenbin_binary(), {"review", "--player", "nobody", "--strategy", "greedy", log_.string()});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("nobody"), std::string::npos) << unknown.err;
  EXPECT_TRUE(unknown.out.empty());

  const subprocess::Result no_seat = subprocess::run(subprocess::tenbin_binary(), {"review", log_.string()});
  EXPECT_EQ(no_seat.exit_code, 2);
  EXPECT_NE(no_seat.err.find("--seat"), std::string::npos) << no_seat.err;
}

// --param before `review` sets the tunables the strategy reviews with, and the summary says which
// (full's); a strategy without tunables has none.
TEST_F(ReviewTest, TheSummaryGivesTheTunablesReviewedWith) {
  const auto summary_of = [&](std::vector<std::string> args) {
    args.insert(args.end(), {"review", "--seat", "0", "--format", "json", log_.string()});
    args.insert(args.begin(), {"--log-level", "warn", "--budget-ms", "20"});
    const subprocess::Result run = subprocess::run(subprocess::tenbin_binary(), args);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    return json::parse(run.out.substr(0, run.out.find('\n')));
  };
  const json plain = summary_of({});
  const json set = summary_of({"--param", "riichi_safety_first=true", "--param", "equivalent_points=40"});
  EXPECT_EQ(plain.at("params").at("riichi_safety_first"), false);
  EXPECT_EQ(plain.at("params").at("equivalent_points"), kDefaultFullParams.equivalent_points);
  EXPECT_EQ(set.at("params").at("riichi_safety_first"), true);
  EXPECT_EQ(set.at("params").at("equivalent_points"), 40.0);
  EXPECT_TRUE(summary_of({"--strategy", "greedy"}).at("params").is_null());
  // The tunables as given, not as the first decision's table read them: the band before a riichi
  // is read as 160 there, and the summary keeps the band and its factor apart.
  const json factor = summary_of({"--param", "equivalent_points_factor_before_riichi=2"});
  EXPECT_EQ(factor.at("params").at("equivalent_points"), kDefaultFullParams.equivalent_points);
  EXPECT_EQ(factor.at("params").at("equivalent_points_factor_before_riichi"), 2.0);
}

TEST_F(ReviewTest, AnUnreadableLogNamesItsLineAndFails) {
  std::ifstream in(log_);
  std::string text;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) text += (n == 3 ? std::string("{\"type\":\"dahai\",\"actor\":9}") : line) + "\n";
  const fs::path bad = write("bad.mjson", text);
  const subprocess::Result run = subprocess::run(subprocess::tenbin_binary(), {"review", "--seat", "0", bad.string()});
  EXPECT_EQ(run.exit_code, 3);
  EXPECT_NE(run.err.find(bad.string() + ":3:"), std::string::npos) << run.err;
  EXPECT_TRUE(run.out.empty());

  const subprocess::Result missing = subprocess::run(subprocess::tenbin_binary(), {"review", "--seat", "0", (dir_ / "none").string()});
  EXPECT_EQ(missing.exit_code, 3);
}

}  // namespace
}  // namespace tenbin
