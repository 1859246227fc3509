// `tenbin-arena fit-luck` and `tenbin-arena luck` on a real match of four greedy seats: the fit
// fills every row of the dealing table, round-trips through its file, predicts the hands' score
// changes better than no estimate at all, leaves the least variance in the score changes less
// their luck (no smaller or larger multiple of its weights does better), and `luck` prints a line
// per game.
#include "eval/report/fit_luck.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "eval/report/luck.hpp"
#include "eval/study/game_log.hpp"
#include "tests/process.hpp"
#include "tests/scratch_dir.hpp"

namespace tenbin::arena {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kGreedy = std::string(TENBIN_BINARY) + " --log-level warn --strategy greedy";

class FitLuck : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new ScratchDir("fit-luck");
    const subprocess::Result run = subprocess::run(
        subprocess::arena_binary(),
        {"--quiet", "--games", "6", "--seed", "31", "--out", match().string(), "--seat", "a=" + kGreedy, "--seat", "b=" + kGreedy,
         "--seat", "c=" + kGreedy, "--seat", "d=" + kGreedy},
        {}, std::chrono::seconds(120));
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }
  static void TearDownTestSuite() {
    delete scratch_;
    scratch_ = nullptr;
  }
  static fs::path match() { return scratch_->path() / "match"; }
  static std::string match_path() { return match().string(); }
  static ScratchDir* scratch_;
};
ScratchDir* FitLuck::scratch_ = nullptr;

// Each hand's seats valued right after the deal and the first indicator, against the score
// change the hand brought them: the squared error summed over every seat and hand.
class DealtHandError : public HandVisitor {
 public:
  explicit DealtHandError(const LuckModel& model) : model_(model) {}
  void chance(const HandPosition&, ChanceEvent event, int, Tile, const HandPosition& after) override {
    if (event != ChanceEvent::indicator || after.indicators != 1) return;
    const PerSeat<HandSummary> hands = summarize_all(after, cache_);
    PerSeat<double> own{};
    double all = 0;
    for (int s = 0; s < 4; ++s) {
      own[s] = static_cast<double>(value_of(seat_figures(after, s, hands), model_)) / 100;
      all += own[s];
    }
    for (int s = 0; s < 4; ++s) value_[s] = own[s] - (all - own[s]) / 3;
  }
  void hand_end(const PerSeat<int>& change) override {
    for (int s = 0; s < 4; ++s) error_ += (change[s] - value_[s]) * (change[s] - value_[s]);
  }
  double error() const { return error_; }

 private:
  const LuckModel& model_;
  GroupNeedsCache cache_;
  PerSeat<double> value_{};
  double error_ = 0;
};

double dealt_hand_error(const LuckModel& model, const std::string& match) {
  DealtHandError error(model);
  for (const std::string& log : expand_log_inputs({match}, std::cerr)) walk_hands(read_game_log(log), error);
  return error.error();
}

// The squared score change less its luck, summed over every seat and hand of the match.
double adjusted_squares(const LuckModel& model, const std::string& match) {
  GroupNeedsCache cache;
  double squares = 0;
  for (const std::string& log : expand_log_inputs({match}, std::cerr)) {
    for (const HandLuck& hand : game_luck(read_game_log(log), model, cache).hands) {
      for (int s = 0; s < 4; ++s) squares += (hand.score_change[s] - hand.luck[s]) * (hand.score_change[s] - hand.luck[s]);
    }
  }
  return squares;
}

// The model with its feature weights and its dealing table each multiplied.
LuckModel scaled(LuckModel model, double weights, double dealing) {
  for (std::int64_t& weight : model.weights) weight = std::llround(static_cast<double>(weight) * weights);
  for (auto& row : model.dealing) {
    for (std::int64_t& value : row) value = std::llround(static_cast<double>(value) * dealing);
  }
  return model;
}

TEST_F(FitLuck, FillsTheDealingTableAndRoundTrips) {
  std::ostringstream progress;
  const LuckModel model = fit_luck_model({match().string()}, progress);
  EXPECT_NE(progress.str().find("fitted on 6 games"), std::string::npos) << progress.str();
  for (int dealt = 1; dealt < 13; ++dealt) {
    bool any = false;
    for (const std::int64_t value : model.dealing[dealt]) any = any || value != 0;
    EXPECT_TRUE(any) << "no value for " << dealt << " tiles dealt";
  }
  const LuckModel again = LuckModel::from_json(json::parse(model.to_json().dump()));
  EXPECT_EQ(again.weights, model.weights);
  EXPECT_EQ(again.dealing, model.dealing);
  EXPECT_EQ(again.id(), model.id());
  EXPECT_EQ(model.to_json().at("fitted_on").at("matches").at(0).at("seed"), 31);
}

TEST_F(FitLuck, PredictsTheHandsBetterThanNoEstimate) {
  std::ostringstream progress;
  const LuckModel model = fit_luck_model({match().string()}, progress);
  EXPECT_LT(dealt_hand_error(model, match_path()), dealt_hand_error(LuckModel{}, match_path()));
}

TEST_F(FitLuck, LeavesTheLeastVarianceInTheScoreChangesLessTheirLuck) {
  std::ostringstream progress;
  const LuckModel model = fit_luck_model({match().string()}, progress);
  const double fitted = adjusted_squares(model, match_path());
  EXPECT_LT(fitted, adjusted_squares(LuckModel{}, match_path()));  // the plain score changes
  for (const double factor : {0.9, 1.1}) {
    EXPECT_LT(fitted, adjusted_squares(scaled(model, factor, factor), match_path())) << factor;
    EXPECT_LT(fitted, adjusted_squares(scaled(model, factor, 1), match_path())) << "weights times " << factor;
    EXPECT_LT(fitted, adjusted_squares(scaled(model, 1, factor), match_path())) << "dealing table times " << factor;
  }
}

TEST_F(FitLuck, CommandsWriteTheModelAndPrintEachGamesLuck) {
  const fs::path model = scratch_->path() / "model.json";
  const subprocess::Result fit = subprocess::run(subprocess::arena_binary(), {"fit-luck", match().string(), "--out", model.string()});
  ASSERT_EQ(fit.exit_code, 0) << fit.err;
  ASSERT_TRUE(fs::exists(model));
  const subprocess::Result luck = subprocess::run(subprocess::arena_binary(), {"luck", "--model", model.string(), match().string()});
  ASSERT_EQ(luck.exit_code, 0) << luck.err;
  std::istringstream lines(luck.out);
  int games = 0;
  for (std::string line; std::getline(lines, line); ++games) {
    const json game = json::parse(line);
    EXPECT_EQ(game.at("luck").size(), 4U);
    EXPECT_FALSE(game.at("hands").empty());
  }
  EXPECT_EQ(games, 6);
  const subprocess::Result bad = subprocess::run(subprocess::arena_binary(), {"luck", "--model", (match() / "nothing.json").string(), match().string()});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("nothing.json"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace tenbin::arena
