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

// Steps less likely than this are left out of a pricing (their odds are spread over the rest).
constexpr double kNegligibleOdds = 1e-4;

// The measured shares tilted by theta (per thousand points): the steps' odds, and their mean
// and variance in thousands of points. The largest exponent is taken out, so no exp overflows.
struct Tilted {
  std::array<double, kWinLevels> odds{};
  double mean = 0;
  double variance = 0;
};
Tilted tilt(const WinLevels& levels, double theta) {
  double top = -std::numeric_limits<double>::infinity();
  for (const WinLevel& level : levels) {
    if (level.share > 0) top = std::max(top, theta * level.points / 1000);
  }
  Tilted t;
  double total = 0;
  for (int i = 0; i < kWinLevels; ++i) {
    const double x = levels[i].points / 1000.0;
    t.odds[i] = levels[i].share > 0 ? levels[i].share * std::exp(theta * x - top) : 0;
    total += t.odds[i];
  }
  for (int i = 0; i < kWinLevels; ++i) {
    const double x = levels[i].points / 1000.0;
    t.odds[i] /= total;
    t.mean += t.odds[i] * x;
    t.variance += t.odds[i] * x * x;
  }
  t.variance -= t.mean * t.mean;
  return t;
}

}  // namespace

std::array<double, kWinLevels> level_odds(const WinLevels& levels, double mean) {
  const double target = mean / 1000;
  // Means beyond the ends: the end step.
  int lowest = -1;
  int highest = -1;
  for (int i = 0; i < kWinLevels; ++i) {
    if (levels[i].share <= 0) continue;
    if (lowest < 0) lowest = i;
    highest = i;
  }
  std::array<double, kWinLevels> end{};
  if (target <= levels[lowest].points / 1000.0) {
    end[lowest] = 1;
    return end;
  }
  if (target >= levels[highest].points / 1000.0) {
    end[highest] = 1;
    return end;
  }
  // The mean of the tilted shares rises with theta (its derivative is their variance): Newton's
  // steps, kept inside a bracket that bisection narrows when a step would leave it.
  double low = -50;
  double high = 50;
  double theta = 0;
  Tilted t = tilt(levels, theta);
  for (int step = 0; step < 60 && std::abs(t.mean - target) > 1e-6; ++step) {
    (t.mean < target ? low : high) = theta;
    const double newton = t.variance > 1e-12 ? theta - (t.mean - target) / t.variance : (low + high) / 2;
    theta = newton > low && newton < high ? newton : (low + high) / 2;
    t = tilt(levels, theta);
  }
  return t.odds;
}

double hands_left_after(const Table& table, MatchLength length) {
  const int index = (table.round_wind() == kinds::east ? 0 : table.round_wind() == kinds::south ? 4 : 8) +
                    table.kyoku() - 1;
  const int hands = length == MatchLength::east ? kHandsInHanchan / 2 : kHandsInHanchan;
  const int left = hands - 1 - index;
  return left > 0 ? left * (1 + kRepeatShare) : 0.0;
}

MatchEnding ending_of(const Table& table, MatchLength length) {
  const int last_round = length == MatchLength::east ? kinds::east : kinds::south;
  return ending_of_hand(table.round_wind(), table.kyoku(), table.dealer(), last_round, table.rules().target_points);
}

int deposits_of(const Table& table) {
  return table.honba() * table.rules().honba_ron + table.kyotaku() * table.rules().riichi_stick;
}

bool game_ends_after(const Table& table, const std::array<int, 4>& scores, bool dealer_keeps, MatchLength length) {
  return match_ends(ending_of(table, length), scores, dealer_keeps);
}

Placement::Placement(const std::array<int, 4>& scores, int seat, double hands_left, const RankPoints& points,
                     std::optional<MatchEnding> ending, int deposits)
    : scores_(scores), seat_(seat), spread_(kScoreSwingPerHand * std::sqrt(hands_left)), points_(points),
      ending_(ending), deposits_(deposits) {}

double Placement::value_of_size(const std::array<double, 4>& direction, double mean,
                                const WinLevels& levels) const {
  return value_of_size(direction, sizes_of(mean, levels));
}

Placement::WinSizes Placement::sizes_of(double mean, const WinLevels& levels) const {
  WinSizes sizes;
  if (mean <= 0) return sizes;
  const std::array<double, kWinLevels> odds = level_odds(levels, mean - deposits_);
  for (int i = 0; i < kWinLevels; ++i) {
    sizes.size[i] = levels[i].points + deposits_;
    sizes.odds[i] = odds[i] < kNegligibleOdds ? 0 : odds[i];
  }
  return sizes;
}

double Placement::value_of_size(const std::array<double, 4>& direction, const WinSizes& sizes) const {
  double total = 0;
  double weight = 0;
  for (int i = 0; i < kWinLevels; ++i) {
    if (sizes.odds[i] <= 0) continue;
    std::array<int, 4> deltas{};
    for (int s = 0; s < 4; ++s) deltas[s] = static_cast<int>(std::lround(direction[s] * sizes.size[i]));
    total += sizes.odds[i] * value(deltas);
    weight += sizes.odds[i];
  }
  return weight > 0 ? total / weight : value({});
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
