// The danger table: buckets by hand, and the pairs of played games against an independent count
// of their discards, deal-ins and what each opponent showed.
#include "eval/study/danger_table.hpp"

#include <array>
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/eval/study/played_games.hpp"

namespace tenbin::arena {
namespace {

TEST(DangerTable, BucketsByForecast) {
  const std::vector<Forecast> forecasts = {{0.0, false},  {0.0009, false}, {0.001, true}, {0.02, false},
                                           {0.03, true},  {0.29, false},   {0.3, true},   {1.0, true}};
  const std::vector<DangerBucket> buckets = danger_buckets(forecasts);
  ASSERT_EQ(buckets.size(), kDangerBucketEdges.size());
  const std::array<int, 7> counts = {2, 1, 0, 1, 1, 1, 2};
  const std::array<int, 7> happened = {0, 1, 0, 0, 1, 0, 2};
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    EXPECT_EQ(buckets[i].count, counts[i]) << i;
    EXPECT_EQ(buckets[i].happened, happened[i]) << i;
    EXPECT_DOUBLE_EQ(buckets[i].low, kDangerBucketEdges[i]);
  }
  EXPECT_NEAR(buckets[4].forecast_sum, 0.03, 1e-12);
  EXPECT_NEAR(buckets[5].forecast_sum, 0.29, 1e-12);
  EXPECT_DOUBLE_EQ(buckets.back().high, 1.0);
}

// Forecasts spread evenly in log between 0.01% and 20%, each outcome drawn with the odds
// `truth` gives it (a fixed seed).
std::vector<Forecast> drawn_outcomes(double (*truth)(double), int n) {
  std::mt19937_64 random(20261127);
  std::uniform_real_distribution<double> uniform(0, 1);
  std::vector<Forecast> forecasts;
  for (int i = 0; i < n; ++i) {
    const double p = std::exp(std::log(1e-4) + uniform(random) * (std::log(0.2) - std::log(1e-4)));
    forecasts.push_back({p, uniform(random) < truth(p)});
  }
  forecasts.push_back({0.0, true});  // a zero forecast: no power moves it, so it is left out
  return forecasts;
}

// The fit finds the calibration the outcomes were drawn with, and none where the forecasts are
// right already.
TEST(DangerTable, TheOpenHandFitFindsThePowerOfTheOutcomes) {
  const auto sharp = [](double p) { return 0.04 * std::pow(p / 0.04, 0.7); };
  const PowerCalibration fit = fit_power_calibration(drawn_outcomes(sharp, 400000));
  EXPECT_EQ(fit.pairs, 400000);
  EXPECT_NEAR(fit.exponent, 0.7, 0.03);
  EXPECT_NEAR(fit.pivot, 0.04, 0.01);
  EXPECT_LT(fit.log_loss_after, fit.log_loss_before);
  const auto right = [](double p) { return p; };
  const PowerCalibration none = fit_power_calibration(drawn_outcomes(right, 400000));
  EXPECT_NEAR(none.exponent, 1.0, 0.03);
  EXPECT_NEAR(none.log_loss_after, none.log_loss_before, 1e-4);
}

// The table shows the odds full plays with: an open hand's through the calibration, the others'
// as MJ-0 gave them.
TEST(DangerTable, TheOpenCalibrationMovesOnlyOpenHands) {
  const std::vector<DiscardDanger> raw = {{0, OpponentShow::open, {0.01, false}},
                                          {0, OpponentShow::riichi, {0.01, false}},
                                          {0, OpponentShow::closed, {0.01, false}},
                                          {0, OpponentShow::open, {0.0, false}}};
  FullParams params;
  params.open_danger_exponent = 0.5;
  params.open_danger_pivot = 0.04;
  const std::vector<DiscardDanger> played = with_open_calibration(raw, params);
  EXPECT_NEAR(played[0].forecast.probability, 0.02, 1e-12);
  EXPECT_DOUBLE_EQ(played[1].forecast.probability, 0.01);
  EXPECT_DOUBLE_EQ(played[2].forecast.probability, 0.01);
  EXPECT_EQ(played[3].forecast.probability, 0.0);
}

// An open hand's pairs are shown again by its calls, three and more in one row.
TEST(DangerTable, ShowsOpenHandsByTheirCalls) {
  const std::vector<DiscardDanger> dangers = {{0, OpponentShow::open, {0.01, false}, 1},
                                              {0, OpponentShow::open, {0.02, true}, 2},
                                              {0, OpponentShow::open, {0.03, false}, 3},
                                              {0, OpponentShow::open, {0.05, true}, 4},
                                              {0, OpponentShow::riichi, {0.04, true}, 0}};
  const std::string table = format_danger_table("t", dangers);
  EXPECT_NE(table.find("  open             4         2   0.0275    0.5000"), std::string::npos) << table;
  EXPECT_NE(table.find("   1 call          1         0   0.0100    0.0000"), std::string::npos) << table;
  EXPECT_NE(table.find("   2 calls         1         1   0.0200    1.0000"), std::string::npos) << table;
  EXPECT_NE(table.find("   3+ calls        2         1   0.0400    0.5000"), std::string::npos) << table;
  EXPECT_NE(table.find("by calls (open_danger_scale_by_calls): 0.00 50.00 12.50"), std::string::npos) << table;
}

TEST(DangerTable, PairsOfPlayedGamesMatchTheLog) {
  DangerTableSettings settings;
  settings.samples = 100;
  mj0::Sampler sampler;
  long counter = 0;
  long expected_discards = 0;
  long expected_rons = 0;
  std::array<long, kOpponentShows> expected_shows{};
  std::map<int, long> expected_calls;  // an opponent's open melds -> pairs
  std::vector<DiscardDanger> dangers;
  for (const std::vector<Event>& log : greedy_and_tsumogiri_games({1, 2})) {
    const auto more = discard_dangers(log, settings, sampler, counter);
    dangers.insert(dangers.end(), more.begin(), more.end());
    // The independent count: every discard has three opponents; riichi once its declaration
    // discard is made, open after a chi, pon or daiminkan, each of which is one more call.
    std::array<bool, 4> riichi_discarded{}, declared{}, open{};
    std::array<int, 4> calls{};
    for (const Event& event : log) {
      if (event.type == EventType::start_kyoku) {
        riichi_discarded = declared = open = {};
        calls = {};
      }
      if (event.type == EventType::reach) declared[event.actor] = true;
      if (event.type == EventType::chi || event.type == EventType::pon || event.type == EventType::daiminkan) {
        open[event.actor] = true;
        ++calls[event.actor];
      }
      if (event.type == EventType::hora && event.target != event.actor) ++expected_rons;
      if (event.type != EventType::dahai) continue;
      ++expected_discards;
      for (int seat = 0; seat < 4; ++seat) {
        if (seat == event.actor) continue;
        const OpponentShow show = riichi_discarded[seat] ? OpponentShow::riichi
                                  : open[seat]           ? OpponentShow::open
                                                         : OpponentShow::closed;
        ++expected_shows[static_cast<int>(show)];
        ++expected_calls[calls[seat]];
      }
      if (declared[event.actor]) riichi_discarded[event.actor] = true;
    }
  }
  EXPECT_EQ(counter, expected_discards);
  ASSERT_EQ(static_cast<long>(dangers.size()), 3 * expected_discards);
  std::array<long, kOpponentShows> shows{};
  std::map<int, long> calls;
  long rons = 0;
  for (const DiscardDanger& d : dangers) {
    ++shows[static_cast<int>(d.show)];
    ++calls[d.calls];
    EXPECT_EQ(d.calls > 0, d.show == OpponentShow::open);
    rons += d.forecast.happened ? 1 : 0;
    EXPECT_GE(d.forecast.probability, 0.0);
    EXPECT_LE(d.forecast.probability, 1.0);
  }
  EXPECT_EQ(shows, expected_shows);
  EXPECT_EQ(calls, expected_calls);
  EXPECT_GT(calls.size(), 1u);
  EXPECT_EQ(rons, expected_rons);
  EXPECT_GT(rons, 0);
  EXPECT_GT(shows[static_cast<int>(OpponentShow::riichi)], 0);

  // One discard in three: the same counter, a third of the pairs.
  long every_counter = 0;
  settings.every = 3;
  const auto sparse = discard_dangers(greedy_and_tsumogiri_games({1}).front(), settings, sampler, every_counter);
  EXPECT_EQ(static_cast<long>(sparse.size()), 3 * ((every_counter + 2) / 3));
}

// `--param` reaches MJ-0: with every open hand an all-triplets hunter, the forecasts against
// open hands move, and those of discards with no open hand at the table do not.
TEST(DangerTable, TheModesAreTheParamsModes) {
  DangerTableSettings as_built;
  as_built.samples = 200;
  DangerTableSettings all_triplets = as_built;
  all_triplets.params.modes.triplets_two_calls = 1;
  all_triplets.params.modes.triplets_one_call = 1;
  mj0::Sampler sampler;
  int open_moved = 0;
  int open_pairs = 0;
  for (const std::vector<Event>& log : greedy_and_tsumogiri_games({1, 2})) {
    long counter_built = 0;
    long counter_triplets = 0;
    const auto built = discard_dangers(log, as_built, sampler, counter_built);
    const auto triplets = discard_dangers(log, all_triplets, sampler, counter_triplets);
    ASSERT_EQ(built.size(), triplets.size());
    // Three pairs a discard, one per opponent; the opponents are sampled jointly, so a discard
    // reads the same only when none of its opponents has called.
    for (std::size_t first = 0; first < built.size(); first += 3) {
      const bool any_open = built[first].calls + built[first + 1].calls + built[first + 2].calls > 0;
      for (std::size_t i = first; i < first + 3; ++i) {
        if (!any_open) {
          EXPECT_EQ(built[i].forecast.probability, triplets[i].forecast.probability) << i;
        }
        if (built[i].show != OpponentShow::open) continue;
        ++open_pairs;
        if (built[i].forecast.probability != triplets[i].forecast.probability) ++open_moved;
      }
    }
  }
  ASSERT_GT(open_pairs, 0);
  EXPECT_GT(open_moved, open_pairs / 10) << open_moved << " of " << open_pairs;
}

}  // namespace
}  // namespace tenbin::arena
