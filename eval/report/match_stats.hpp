// The statistics of a match, in one place: every mean the arena, the report and the comparisons
// print, with the half-width of its 95% interval. In a duplicate match the four rotations of a
// wall share its luck, so a wall's games are one observation (a cluster-robust interval over
// walls); otherwise each game is its own wall.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/strategy/placement.hpp"

namespace tenbin::arena {

// The normal quantile of a two-sided 95% interval.
inline constexpr double kZ95 = 1.96;

// Rank points of a place (0 = 1st .. 3 = 4th) on the scale every figure uses (Tenhou's).
inline constexpr RankPoints kMatchRankPoints = kTenhouRankPoints;
double rank_points_of(int place);

// A mean and the half-width of its 95% interval.
struct Estimate {
  double mean = 0;
  double ci95 = 0;
  int walls = 0;  // observations the interval is taken over
};

// Values gathered by wall, each with a weight (1 for a per-game figure; the hands played for a
// per-hand one). The mean is sum(weight * value) / sum(weight); its variance is the
// cluster-robust (ratio) estimate over walls: with r_w = S_w - mean * W_w for each wall's
// weighted sum S_w and weight W_w, Var = n / (n - 1) * sum(r_w^2) / W^2 (n walls, W the total
// weight). With every wall of the same weight this is the sample variance of the wall means over n.
class WallSample {
 public:
  void add(std::uint64_t wall, double value, double weight = 1);
  Estimate estimate() const;
  int walls() const { return static_cast<int>(walls_.size()); }
  double total_weight() const { return weight_; }
  // Each wall's own mean, sum(weight * value) / sum(weight) over its values, by wall.
  std::map<std::uint64_t, double> wall_means() const;
  // A - B, each the mean of its own sample taken on the same walls (a paired comparison, each
  // side's values weighted as in its own figure). The interval is over walls: each wall's
  // residual is the difference of the two sides' linearised ones, (S_w - mean W_w) / W, so that
  // with the same weights on both sides it is the interval of the walls' paired differences.
  friend Estimate difference(const WallSample& a, const WallSample& b);

 private:
  struct Wall {
    double sum = 0;     // sum(weight * value)
    double weight = 0;  // sum(weight)
  };
  std::map<std::uint64_t, Wall> walls_;
  double sum_ = 0;
  double weight_ = 0;
};
Estimate difference(const WallSample& a, const WallSample& b);

// Estimates of one quantity from independent samples (pairs on other walls, say) joined with
// inverse-variance weights, each variance (ci95 / kZ95)^2: the weighted mean, its interval
// kZ95 / sqrt(sum of the weights), and the walls of them all. Throws std::invalid_argument when
// there is none or one has no interval (ci95 <= 0).
Estimate pooled(const std::vector<Estimate>& estimates);

}  // namespace tenbin::arena
