#include "eval/study/forecast_metrics.hpp"

#include <algorithm>
#include <cmath>

namespace tenbin::arena {

double log_loss(std::span<const Forecast> forecasts) {
  if (forecasts.empty()) return 0.0;
  double total = 0.0;
  for (const Forecast& f : forecasts) {
    const double p = std::clamp(f.probability, kClip, 1.0 - kClip);
    total -= std::log(f.happened ? p : 1.0 - p);
  }
  return total / static_cast<double>(forecasts.size());
}

double brier_score(std::span<const Forecast> forecasts) {
  if (forecasts.empty()) return 0.0;
  double total = 0.0;
  for (const Forecast& f : forecasts) {
    const double miss = f.probability - (f.happened ? 1.0 : 0.0);
    total += miss * miss;
  }
  return total / static_cast<double>(forecasts.size());
}

std::vector<ReliabilityBin> reliability_table(std::span<const Forecast> forecasts, int groups) {
  std::vector<Forecast> sorted(forecasts.begin(), forecasts.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const Forecast& a, const Forecast& b) { return a.probability < b.probability; });
  const std::size_t n = sorted.size();
  const std::size_t parts = std::min<std::size_t>(static_cast<std::size_t>(std::max(groups, 1)), n);
  std::vector<ReliabilityBin> bins;
  for (std::size_t i = 0; i < parts; ++i) {
    const std::size_t begin = i * n / parts;
    const std::size_t end = (i + 1) * n / parts;
    ReliabilityBin bin;
    bin.low = sorted[begin].probability;
    bin.high = sorted[end - 1].probability;
    double sum = 0.0;
    for (std::size_t j = begin; j < end; ++j) {
      sum += sorted[j].probability;
      bin.happened += sorted[j].happened ? 1 : 0;
    }
    bin.count = static_cast<int>(end - begin);
    bin.mean_forecast = sum / bin.count;
    bins.push_back(bin);
  }
  return bins;
}

}  // namespace tenbin::arena
