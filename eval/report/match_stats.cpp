#include "eval/report/match_stats.hpp"

#include <cmath>

namespace tenbin::arena {

double rank_points_of(int place) { return kMatchRankPoints.at(static_cast<std::size_t>(place)); }

void WallSample::add(std::uint64_t wall, double value, double weight) {
  Wall& w = walls_[wall];
  w.sum += weight * value;
  w.weight += weight;
  sum_ += weight * value;
  weight_ += weight;
}

Estimate WallSample::estimate() const {
  Estimate e;
  e.walls = walls();
  if (weight_ <= 0) return e;
  e.mean = sum_ / weight_;
  const int n = e.walls;
  if (n < 2) return e;
  double squares = 0;
  for (const auto& [wall, w] : walls_) {
    const double residual = w.sum - e.mean * w.weight;
    squares += residual * residual;
  }
  const double variance = static_cast<double>(n) / (n - 1) * squares / (weight_ * weight_);
  e.ci95 = kZ95 * std::sqrt(variance);
  return e;
}

}  // namespace tenbin::arena
