#include "bot/strategy/placement.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <utility>

namespace tenbin {
namespace {

constexpr int kHandsInHanchan = 8;
// Dealer repeats and draws add hands: about one in four hands is repeated.
constexpr double kRepeatShare = 0.25;
// P(Z <= x) for a standard normal Z.
double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// The x with P(Z <= x) = p, by bisection (used once, for the fixed nodes).
double normal_quantile(double p) {
  double low = -10;
  double high = 10;
  for (int i = 0; i < 100; ++i) {
    const double mid = (low + high) / 2;
    (normal_cdf(mid) < p ? low : high) = mid;
  }
  return (low + high) / 2;
}

// The standard normal cut into kSizeNodes slices of equal probability, each stood for by its own
// mean, E[Z | a < Z < b] = (phi(a) - phi(b)) / (Phi(b) - Phi(a)).
const std::array<double, Placement::kSizeNodes>& size_nodes() {
  static const std::array<double, Placement::kSizeNodes> nodes = [] {
    const auto density = [](double x) { return std::isinf(x) ? 0.0 : std::exp(-x * x / 2) / std::sqrt(2 * std::acos(-1.0)); };
    constexpr double kSlice = 1.0 / Placement::kSizeNodes;
    std::array<double, Placement::kSizeNodes> z{};
    double from = -std::numeric_limits<double>::infinity();
    for (int i = 0; i < Placement::kSizeNodes; ++i) {
      const double to = i + 1 < Placement::kSizeNodes ? normal_quantile((i + 1) * kSlice) : std::numeric_limits<double>::infinity();
      z[i] = (density(from) - density(to)) / kSlice;
      from = to;
    }
    return z;
  }();
  return nodes;
}

}  // namespace

double hands_left_after(const Table& table) {
  const int index = (table.round_wind() == kinds::east ? 0 : table.round_wind() == kinds::south ? 4 : 8) +
                    table.kyoku() - 1;
  const int left = kHandsInHanchan - 1 - index;
  return left > 0 ? left * (1 + kRepeatShare) : 0.0;
}

bool game_ends_after(const Table& table, const std::array<int, 4>& scores, bool dealer_keeps) {
  if (std::any_of(scores.begin(), scores.end(), [](int s) { return s < 0; })) return true;
  const int round = table.round_wind();
  const bool late = round > kinds::south || (round == kinds::south && table.kyoku() == 4);
  if (!late) return false;
  const int target = table.rules().target_points;
  const int dealer = table.dealer();
  if (dealer_keeps) return Placement::rank_of(scores, dealer) == 0 && scores[dealer] >= target;
  if (std::any_of(scores.begin(), scores.end(), [&](int s) { return s >= target; })) return true;
  return round == kinds::west && table.kyoku() == 4;
}

Placement::Placement(const std::array<int, 4>& scores, int seat, double hands_left, const RankPoints& points)
    : scores_(scores), seat_(seat), spread_(kScoreSwingPerHand * std::sqrt(hands_left)), points_(points) {}

double Placement::value_of_size(const std::array<double, 4>& direction, double mean) const {
  if (mean <= 0) return value({});
  // ln(size) ~ N(mu, sd^2) with E[size] = mean.
  const double sd = kWinSizeLogSd;
  const double mu = std::log(mean) - sd * sd / 2;
  const auto deltas_at = [&](double size) {
    std::array<int, 4> deltas{};
    for (int s = 0; s < 4; ++s) deltas[s] = static_cast<int>(std::lround(direction[s] * size));
    return deltas;
  };
  if (spread_ > 0) {
    double total = 0;
    for (const double z : size_nodes()) total += value(deltas_at(std::exp(mu + sd * z)));
    return total / kSizeNodes;
  }
  // Exact ranks: each other seat's place against ours flips at most once, where their scores
  // meet; between those sizes the rank is fixed, and the log-normal gives each interval's odds.
  std::array<double, 3> cuts{};
  std::size_t count = 0;
  for (int other = 0; other < 4; ++other) {
    const double slope = direction[other] - direction[seat_];
    if (other == seat_ || slope == 0) continue;
    const double meet = (scores_[seat_] - scores_[other]) / slope;
    if (meet > 0) cuts[count++] = meet;
  }
  for (std::size_t i = 1; i < count; ++i) {  // at most three: insertion
    for (std::size_t j = i; j > 0 && cuts[j] < cuts[j - 1]; --j) std::swap(cuts[j], cuts[j - 1]);
  }
  const auto below = [&](double size) { return normal_cdf((std::log(size) - mu) / sd); };
  double total = 0;
  double from = 0;
  for (std::size_t i = 0; i <= count; ++i) {
    const double to = i < count ? cuts[i] : std::numeric_limits<double>::infinity();
    const double odds = (std::isinf(to) ? 1 : below(to)) - (from > 0 ? below(from) : 0);
    const double inside = std::isinf(to) ? std::max(2 * from, 1.0) : from > 0 ? (from + to) / 2 : to / 2;
    if (odds > 0) total += odds * value(deltas_at(inside), true);
    from = to;
  }
  return total;
}

int Placement::rank_of(const std::array<int, 4>& scores, int seat) {
  int rank = 0;
  for (int other = 0; other < 4; ++other) {
    if (other == seat) continue;
    if (scores[other] > scores[seat] || (scores[other] == scores[seat] && other < seat)) ++rank;
  }
  return rank;
}

double Placement::value(const std::array<int, 4>& deltas, bool final) const {
  std::array<double, 4> after{};
  for (int s = 0; s < 4; ++s) after[s] = scores_[s] + deltas[s];
  if (final || spread_ <= 0) {
    std::array<int, 4> exact{};
    for (int s = 0; s < 4; ++s) exact[s] = static_cast<int>(after[s]);
    return points_[rank_of(exact, seat_)];
  }
  // Each other seat finishes above us with P = Phi(gap / (spread * sqrt 2)) (both scores move);
  // the number above us is a sum of those three (taken as independent): our rank.
  std::array<double, 4> rank_odds{1, 0, 0, 0};
  for (int other = 0; other < 4; ++other) {
    if (other == seat_) continue;
    const double above = normal_cdf((after[other] - after[seat_]) / (spread_ * std::sqrt(2.0)));
    for (int r = 3; r >= 0; --r) rank_odds[r] = rank_odds[r] * (1 - above) + (r > 0 ? rank_odds[r - 1] * above : 0);
  }
  double total = 0;
  for (int r = 0; r < 4; ++r) total += rank_odds[r] * points_[r];
  return total;
}

}  // namespace tenbin
