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
// The hands still to come when the last hand goes on (a dealer repeat, or the extension round
// while no seat has the target): one, and its repeats.
constexpr double kHandsAfterLastHand = 1 / (1 - kRepeatShare);
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

MatchEnding ending_of(const Table& table) {
  const int round = table.round_wind();
  MatchEnding ending;
  ending.can_end = round > kinds::south || (round == kinds::south && table.kyoku() == 4);
  ending.round_over = round == kinds::west && table.kyoku() == 4;
  ending.dealer = table.dealer();
  ending.target = table.rules().target_points;
  return ending;
}

bool game_ends_after(const Table& table, const std::array<int, 4>& scores, bool dealer_keeps) {
  return match_ends(ending_of(table), scores, dealer_keeps);
}

Placement::Placement(const std::array<int, 4>& scores, int seat, double hands_left, const RankPoints& points,
                     std::optional<MatchEnding> ending)
    : scores_(scores), seat_(seat), spread_(kScoreSwingPerHand * std::sqrt(hands_left)), points_(points),
      ending_(ending) {}

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
  // meet, and whether the match ends changes only where a score crosses the target or zero;
  // between those sizes both are fixed, and the log-normal gives each interval's odds.
  std::array<double, 11> cuts{};
  std::size_t count = 0;
  const auto cut_at = [&](double size) {
    if (size > 0) cuts[count++] = size;
  };
  for (int other = 0; other < 4; ++other) {
    const double slope = direction[other] - direction[seat_];
    if (other != seat_ && slope != 0) cut_at((scores_[seat_] - scores_[other]) / slope);
  }
  if (ending_) {
    for (int s = 0; s < 4; ++s) {
      if (direction[s] == 0) continue;
      cut_at((ending_->target - scores_[s]) / direction[s]);
      cut_at(-scores_[s] / direction[s]);
    }
  }
  std::sort(cuts.begin(), cuts.begin() + static_cast<std::ptrdiff_t>(count));
  // Sizes in the normal's z: size = exp(mu + sd z), clipped where the odds are negligible.
  constexpr double kTail = 6;
  const auto z_of = [&](double size) { return std::clamp((std::log(size) - mu) / sd, -kTail, kTail); };
  double total = 0;
  double from = -kTail;
  for (std::size_t i = 0; i <= count; ++i) {
    const double to = i < count ? z_of(cuts[i]) : kTail;
    const double odds = normal_cdf(to) - normal_cdf(from);
    if (odds > 0) total += odds * interval_value(deltas_at, mu, sd, from, to);
    from = to;
  }
  return total;
}

template <typename DeltasAt>
double Placement::interval_value(const DeltasAt& deltas_at, double mu, double sd, double from, double to) const {
  const std::array<int, 4> middle = deltas_at(std::exp(mu + sd * (from + to) / 2));
  if (ends_with(middle, Deal::by_dealer_score)) return value(middle, Deal::final);
  // The match goes on: the noisy value changes with the size, so it is averaged over nodes
  // evenly spaced in z, each weighted by the normal's density there.
  constexpr int kNodes = 8;
  double total = 0;
  double weight = 0;
  for (int k = 0; k < kNodes; ++k) {
    const double z = from + (k + 0.5) * (to - from) / kNodes;
    const double density = std::exp(-z * z / 2);
    total += density * value(deltas_at(std::exp(mu + sd * z)));
    weight += density;
  }
  return total / weight;
}

bool Placement::ends_with(const std::array<int, 4>& deltas, Deal deal) const {
  if (deal == Deal::final || !ending_) return true;
  std::array<int, 4> after{};
  for (int s = 0; s < 4; ++s) after[s] = scores_[s] + deltas[s];
  const bool keeps = deal == Deal::by_dealer_score ? deltas[ending_->dealer] > 0 : deal == Deal::dealer_keeps;
  return match_ends(*ending_, after, keeps);
}

int Placement::rank_of(const std::array<int, 4>& scores, int seat) {
  int rank = 0;
  for (int other = 0; other < 4; ++other) {
    if (other == seat) continue;
    if (scores[other] > scores[seat] || (scores[other] == scores[seat] && other < seat)) ++rank;
  }
  return rank;
}

double Placement::value(const std::array<int, 4>& deltas, Deal deal) const {
  std::array<int, 4> exact{};
  std::array<double, 4> after{};
  for (int s = 0; s < 4; ++s) {
    exact[s] = scores_[s] + deltas[s];
    after[s] = exact[s];
  }
  if (spread_ > 0 && deal != Deal::final) return noisy_value(after, spread_);
  if (spread_ > 0 || ends_with(deltas, deal)) return points_[rank_of(exact, seat_)];
  return noisy_value(after, kScoreSwingPerHand * std::sqrt(kHandsAfterLastHand));
}

double Placement::noisy_value(const std::array<double, 4>& after, double spread) const {
  // Each other seat finishes above us with P = Phi(gap / (spread * sqrt 2)) (both scores move);
  // the number above us is a sum of those three (taken as independent): our rank.
  std::array<double, 4> rank_odds{1, 0, 0, 0};
  for (int other = 0; other < 4; ++other) {
    if (other == seat_) continue;
    const double above = normal_cdf((after[other] - after[seat_]) / (spread * std::sqrt(2.0)));
    for (int r = 3; r >= 0; --r) rank_odds[r] = rank_odds[r] * (1 - above) + (r > 0 ? rank_odds[r - 1] * above : 0);
  }
  double total = 0;
  for (int r = 0; r < 4; ++r) total += rank_odds[r] * points_[r];
  return total;
}

}  // namespace tenbin
