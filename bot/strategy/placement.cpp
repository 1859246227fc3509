#include "bot/strategy/placement.hpp"

#include <algorithm>
#include <cmath>

namespace tenbin {
namespace {

constexpr int kHandsInHanchan = 8;
// Dealer repeats and draws add hands: about one in four hands is repeated.
constexpr double kRepeatShare = 0.25;
// P(Z <= x) for a standard normal Z.
double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

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
