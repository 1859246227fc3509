#include "eval/report/match_stats.hpp"

#include <cmath>
#include <stdexcept>

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

std::map<std::uint64_t, double> WallSample::wall_means() const {
  std::map<std::uint64_t, double> means;
  for (const auto& [wall, w] : walls_) {
    if (w.weight > 0) means[wall] = w.sum / w.weight;
  }
  return means;
}

Estimate difference(const WallSample& a, const WallSample& b) {
  const Estimate mean_a = a.estimate();
  const Estimate mean_b = b.estimate();
  Estimate e;
  e.mean = mean_a.mean - mean_b.mean;
  if (a.weight_ <= 0 || b.weight_ <= 0) return e;
  std::map<std::uint64_t, double> residuals;
  for (const auto& [wall, w] : a.walls_) residuals[wall] += (w.sum - mean_a.mean * w.weight) / a.weight_;
  for (const auto& [wall, w] : b.walls_) residuals[wall] -= (w.sum - mean_b.mean * w.weight) / b.weight_;
  const int n = static_cast<int>(residuals.size());
  e.walls = n;
  if (n < 2) return e;
  double squares = 0;
  for (const auto& [wall, residual] : residuals) squares += residual * residual;
  e.ci95 = kZ95 * std::sqrt(static_cast<double>(n) / (n - 1) * squares);
  return e;
}

Estimate pooled(const std::vector<Estimate>& estimates) {
  if (estimates.empty()) throw std::invalid_argument("no estimate to pool");
  double weights = 0;
  double weighted = 0;
  Estimate e;
  for (const Estimate& x : estimates) {
    if (!(x.ci95 > 0)) throw std::invalid_argument("an estimate without an interval cannot be pooled");
    const double se = x.ci95 / kZ95;
    weights += 1 / (se * se);
    weighted += x.mean / (se * se);
    e.walls += x.walls;
  }
  e.mean = weighted / weights;
  e.ci95 = kZ95 / std::sqrt(weights);
  return e;
}

}  // namespace tenbin::arena
