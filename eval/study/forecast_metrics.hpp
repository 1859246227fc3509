// Scores of probability forecasts against what happened (the opponent-model calibration).
//
// - Log loss: the mean of -ln p for the events that happened and -ln(1 - p) for those that did
//   not, in nats; every forecast is first clipped to [kClip, 1 - kClip] so a single certain miss
//   costs a finite amount (the same clip for every model compared).
// - Brier score: the mean of (p - outcome)^2 (Brier 1950, "Verification of forecasts expressed in
//   terms of probability").
// - Reliability table: the forecasts sorted by probability and cut into ten groups of (nearly)
//   equal size, each with its mean forecast and the rate at which the event happened; a
//   calibrated model has the two close in every group. Equal-count groups rather than fixed
//   widths because deal-in forecasts crowd near 0.
#pragma once

#include <span>
#include <string>
#include <vector>

namespace tenbin::arena {

inline constexpr double kClip = 1e-4;

struct Forecast {
  double probability = 0;
  bool happened = false;
};

double log_loss(std::span<const Forecast> forecasts);
double brier_score(std::span<const Forecast> forecasts);

struct ReliabilityBin {
  int count = 0;
  int happened = 0;
  double low = 0;             // the smallest and largest forecast in the group
  double high = 0;
  double mean_forecast = 0;
  double rate() const { return count > 0 ? static_cast<double>(happened) / count : 0.0; }
};

// `groups` groups (fewer when there are fewer forecasts); group i holds forecasts
// [i * n / groups, (i + 1) * n / groups) of the sorted list. Ties keep their input order.
std::vector<ReliabilityBin> reliability_table(std::span<const Forecast> forecasts, int groups = 10);

}  // namespace tenbin::arena
