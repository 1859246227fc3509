// The sequential test: its ratio against a value computed by hand, and its error rates on
// simulated walls (seeded normal differences) under H0 and under H1.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "eval/report/sprt.hpp"

namespace tenbin::arena {
namespace {

TEST(Sprt, RatioAndBoundsAreAsComputedByHand) {
  Sprt test({.pt0 = 0, .pt1 = 10, .alpha = 0.05, .beta = 0.05});
  for (const double wall : {5.0, 15.0, -5.0, 25.0}) test.add(wall);
  // n 4, mean 10, variance (25 + 25 + 225 + 225) / 4 = 125: LLR = 4 * 10 * (10 - 5) / 125.
  EXPECT_NEAR(test.llr(), 1.6, 1e-12);
  EXPECT_NEAR(test.lower_bound(), std::log(0.05 / 0.95), 1e-12);
  EXPECT_NEAR(test.upper_bound(), std::log(0.95 / 0.05), 1e-12);
  EXPECT_EQ(test.verdict(), SprtVerdict::continue_testing);
}

TEST(Sprt, NoVerdictBeforeItsMinimumOfWalls) {
  Sprt test({.pt0 = 0, .pt1 = 1, .alpha = 0.05, .beta = 0.05});
  for (int wall = 0; wall + 1 < kSprtMinimumWalls; ++wall) test.add(wall % 2 ? 30 : 31);
  EXPECT_GT(test.llr(), test.upper_bound());
  EXPECT_EQ(test.verdict(), SprtVerdict::continue_testing);
  test.add(30);
  EXPECT_EQ(test.verdict(), SprtVerdict::accept_h1);
}

// Runs the test on walls drawn from N(mean, 1) until it decides.
SprtVerdict simulate(const SprtSettings& settings, double mean, std::mt19937_64& random) {
  std::normal_distribution<double> wall(mean, 1.0);
  Sprt test(settings);
  while (test.verdict() == SprtVerdict::continue_testing && test.walls() < 1000000) test.add(wall(random));
  return test.verdict();
}

TEST(Sprt, ErrorRatesHoldOnSimulatedWalls) {
  // Differences of 0.2 standard deviations of a wall: about 130 walls a test.
  const SprtSettings settings{.pt0 = 0, .pt1 = 0.2, .alpha = 0.05, .beta = 0.05};
  const int runs = 2000;
  std::mt19937_64 random(2026);
  int false_positives = 0;
  int false_negatives = 0;
  for (int run = 0; run < runs; ++run) {
    if (simulate(settings, settings.pt0, random) == SprtVerdict::accept_h1) ++false_positives;
    if (simulate(settings, settings.pt1, random) == SprtVerdict::accept_h0) ++false_negatives;
  }
  // Each observed rate is a binomial proportion over `runs`: allowed three standard errors
  // above the nominal rate (a true rate at alpha exceeds it by chance about once in 740).
  const auto limit = [runs](double rate) { return rate + 3 * std::sqrt(rate * (1 - rate) / runs); };
  EXPECT_LE(static_cast<double>(false_positives) / runs, limit(settings.alpha)) << false_positives;
  EXPECT_LE(static_cast<double>(false_negatives) / runs, limit(settings.beta)) << false_negatives;
}

}  // namespace
}  // namespace tenbin::arena
