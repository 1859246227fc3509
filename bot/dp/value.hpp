// A DP value: a probability or an expected score, or NaN where its (state, time) cannot occur
// (docs/dp.md, "Why values stay probabilities").
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

namespace tenbin::dp {

inline constexpr double kImpossible = std::numeric_limits<double>::quiet_NaN();
inline bool is_impossible(double value) { return std::isnan(value); }
inline double or_zero(double value) { return is_impossible(value) ? 0.0 : value; }

// Whether `value` is better than `base` by more than the rounding of the sums behind them (the
// sweep sums a state's draws in different orders, and the policy compares what it summed).
inline bool beats(double value, double base) { return value - base > 1e-12 * std::max(1.0, std::abs(base)); }

}  // namespace tenbin::dp
