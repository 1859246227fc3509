#include "bot/strategy/placement.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <utility>

#include "engine/score.hpp"
#include "engine/seats.hpp"

namespace tenbin {
namespace {

constexpr int kHandsInHanchan = 8;
// P(Z <= x) for a standard normal Z.
double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

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

double hands_left_after(const Table& table, MatchLength length, const FullParams& params) {
  const int index = (table.round_wind() == kinds::east ? 0 : table.round_wind() == kinds::south ? 4 : 8) +
                    table.kyoku() - 1;
  const int hands = length == MatchLength::east ? kHandsInHanchan / 2 : kHandsInHanchan;
  const int left = hands - 1 - index;
  return left > 0 ? left * (1 + params.repeat_share) : 0.0;
}

MatchEnding ending_of(const Table& table, MatchLength length) {
  const int last_round = length == MatchLength::east ? kinds::east : kinds::south;
  return ending_of_hand(table.round_wind(), table.kyoku(), table.dealer(), last_round, table.rules().target_points);
}

int deposits_of(const Table& table) {
  return table.honba() * table.rules().honba_ron + table.kyotaku() * table.rules().riichi_stick;
}

bool game_ends_after(const Table& table, const PerSeat<int>& scores, bool dealer_keeps, MatchLength length) {
  return match_ends(ending_of(table, length), scores, dealer_keeps);
}

Placement::Placement(const PerSeat<int>& scores, int seat, double hands_left, const RankPoints& points,
                     std::optional<MatchEnding> ending, int deposits, const FullParams& params)
    : scores_(scores), seat_(seat), spread_(params.score_swing_per_hand * std::sqrt(hands_left)), points_(points),
      ending_(ending), deposits_(deposits),
      // After a last hand that goes on (a dealer repeat, or the extension round while no seat has
      // the target): one hand, and its repeats.
      last_hand_spread_(params.score_swing_per_hand * std::sqrt(1 / (1 - params.repeat_share))),
      negligible_odds_(params.negligible_level_odds) {}

double Placement::value_of_size(const PerSeat<double>& direction, double mean,
                                const WinLevels& levels) const {
  return value_of_size(direction, sizes_of(mean, levels));
}

Placement::WinSizes Placement::sizes_of(double mean, const WinLevels& levels) const {
  WinSizes sizes;
  if (mean <= 0) return sizes;
  const std::array<double, kWinLevels> odds = level_odds(levels, mean - deposits_);
  for (int i = 0; i < kWinLevels; ++i) {
    sizes.size[i] = levels[i].points + deposits_;
    // Steps left out are spread over the rest.
    sizes.odds[i] = odds[i] < negligible_odds_ ? 0 : odds[i];
  }
  return sizes;
}

double Placement::value_of_size(const PerSeat<double>& direction, const WinSizes& sizes) const {
  double total = 0;
  double weight = 0;
  for (int i = 0; i < kWinLevels; ++i) {
    if (sizes.odds[i] <= 0) continue;
    PerSeat<int> deltas{};
    for (int s = 0; s < kSeats; ++s) deltas[s] = static_cast<int>(std::lround(direction[s] * sizes.size[i]));
    total += sizes.odds[i] * value(deltas);
    weight += sizes.odds[i];
  }
  return weight > 0 ? total / weight : value({});
}

bool Placement::ends_with(const PerSeat<int>& deltas, Deal deal) const {
  if (deal == Deal::final || !ending_) return true;
  PerSeat<int> after{};
  for (int s = 0; s < kSeats; ++s) after[s] = scores_[s] + deltas[s];
  const bool keeps = deal == Deal::by_dealer_score ? deltas[ending_->dealer] > 0 : deal == Deal::dealer_keeps;
  return match_ends(*ending_, after, keeps);
}

int Placement::rank_of(const PerSeat<int>& scores, int seat) {
  int rank = 0;
  for (int other = 0; other < kSeats; ++other) {
    if (other == seat) continue;
    if (scores[other] > scores[seat] || (scores[other] == scores[seat] && other < seat)) ++rank;
  }
  return rank;
}

double Placement::value(const PerSeat<int>& deltas, Deal deal) const {
  PerSeat<int> exact{};
  PerSeat<double> after{};
  for (int s = 0; s < kSeats; ++s) {
    exact[s] = scores_[s] + deltas[s];
    after[s] = exact[s];
  }
  if (spread_ > 0 && deal != Deal::final) return noisy_value(after, spread_);
  if (spread_ > 0 || ends_with(deltas, deal)) return points_[rank_of(exact, seat_)];
  return noisy_value(after, last_hand_spread_);
}

double Placement::noisy_value(const PerSeat<double>& after, double spread) const {
  // Each other seat finishes above us with P = Phi(gap / (spread * sqrt 2)) (both scores move);
  // the number above us is a sum of those three (taken as independent): our rank.
  PerSeat<double> rank_odds{1, 0, 0, 0};
  for (int other = 0; other < kSeats; ++other) {
    if (other == seat_) continue;
    const double above = normal_cdf((after[other] - after[seat_]) / (spread * std::sqrt(2.0)));
    for (int r = 3; r >= 0; --r) rank_odds[r] = rank_odds[r] * (1 - above) + (r > 0 ? rank_odds[r - 1] * above : 0);
  }
  double total = 0;
  for (int r = 0; r < 4; ++r) total += rank_odds[r] * points_[r];
  return total;
}

namespace {

// Our score changes by `ours`, the others sharing the opposite evenly.
PerSeat<int> spread_evenly(int seat, double ours) {
  PerSeat<int> deltas{};
  for (int s = 0; s < kSeats; ++s) deltas[s] = static_cast<int>(s == seat ? ours : -ours / 3);
  return deltas;
}

}  // namespace

OutcomePricing::OutcomePricing(const Table& table, const Threat& threat, const Placement& placement,
                               const FullParams& params)
    : table_(table), threat_(threat), placement_(placement), params_(params), elsewhere_(elsewhere_worth()) {}

double OutcomePricing::line_value(const Line& line, double now_prob, double now_loss, int kind) const {
  const int seat = table_.seat();
  const double going = 1 - now_prob;
  double value = 0;
  double accounted = 0;
  const auto add = [&](double prob, double worth) {
    value += prob * worth;
    accounted += prob;
  };
  if (now_prob > 0) {
    PerSeat<double> share{};
    for (const OpponentThreat& o : threat_.opponents) share[o.seat] = kind >= 0 ? o.loss[kind] : 0;
    add(now_prob, paid_to(now_loss / now_prob, share));
  }
  if (line.win_prob > 0) {
    add(going * line.win_prob, win_worth(seat, line.win_points / line.win_prob, params_.ron_share, -1));
  }
  // A declaration's deposit goes to the ron's winner, and stays on the table at the draw; when
  // another seat wins without us (elsewhere) it is left out.
  if (line.deal_in_prob > 0) {
    add(going * line.deal_in_prob, paid_to(line.deal_in_points / line.deal_in_prob + line.deposit, line.payee));
  }
  if (line.draw_prob > 0) add(going * line.draw_prob, at_draw(line));
  add(std::max(0.0, 1 - accounted), elsewhere_);
  return value;
}

// The draw payments, spread evenly over the others; the dealer keeps the deal when tenpai.
double OutcomePricing::at_draw(const Line& line) const {
  PerSeat<int> deltas = spread_evenly(table_.seat(), line.draw_payment);
  deltas[table_.seat()] -= static_cast<int>(line.deposit);
  const double keeps = dealer_tenpai_at_draw(line);
  return keeps * placement_.value(deltas, Placement::Deal::dealer_keeps) +
         (1 - keeps) * placement_.value(deltas, Placement::Deal::dealer_passes);
}

// A payment of a mean `lost` from us to one opponent, chosen by `share`.
double OutcomePricing::paid_to(double lost, const PerSeat<double>& share) const {
  const int seat = table_.seat();
  double total = 0;
  double weight = 0;
  for (int s = 0; s < kSeats; ++s) {
    if (s == seat || share[s] <= 0) continue;
    PerSeat<double> direction{};
    direction[seat] = -1;
    direction[s] = 1;
    total += share[s] * placement_.value_of_size(direction, lost, levels_of(s));
    weight += share[s];
  }
  return weight > 0 ? total / weight : placement_.value(spread_evenly(seat, -lost));
}

// The dealer's tenpai odds at the exhaustive draw: ours on this line, or the opponent's.
double OutcomePricing::dealer_tenpai_at_draw(const Line& line) const {
  const int dealer = table_.dealer();
  if (dealer == table_.seat()) return line.draw_tenpai;
  const int at_draw = std::clamp(table_.tiles_left() / 4, 1, kMaxGoRounds);
  for (const OpponentThreat& o : threat_.opponents) {
    if (o.seat == dealer) return o.tenpai[at_draw];
  }
  return 0;
}

// Expected rank points when `winner` wins a mean `points`: by ron (a `ron_share` of its wins)
// off one of the seats other than `excluded` (-1: none), each as likely, or by tsumo from all
// three.
double OutcomePricing::win_worth(int winner, double points, double ron_share, int excluded) const {
  const Placement::WinSizes sizes = placement_.sizes_of(points, levels_of(winner));
  double ron = 0;
  const int payers = excluded < 0 ? 3 : 2;
  for (int payer = 0; payer < kSeats; ++payer) {
    if (payer == winner || payer == excluded) continue;
    PerSeat<double> direction{};
    direction[winner] = 1;
    direction[payer] = -1;
    ron += placement_.value_of_size(direction, sizes) / payers;
  }
  // A tsumo's payment, shared by the three others as the rules split it.
  PerSeat<double> tsumo{};
  for (int s = 0; s < kSeats; ++s) tsumo[s] = s == winner ? 1 : -tsumo_share_paid(s, winner, table_.dealer());
  return ron_share * ron + (1 - ron_share) * placement_.value_of_size(tsumo, sizes);
}

// The steps a win of `winner` falls on: a dealer's or another's.
const WinLevels& OutcomePricing::levels_of(int winner) const {
  return winner == table_.dealer() ? params_.dealer_wins : params_.non_dealer_wins;
}

// Expected rank points when an opponent wins without us, by tsumo (we pay our share) or by ron
// off one of the other two; each opponent as likely as its share of the race's hazard.
double OutcomePricing::elsewhere_worth() const {
  const int seat = table_.seat();
  const std::vector<OpponentWin> wins = opponent_wins(threat_, table_, table_.tiles_left() / 4, params_);
  // Of all wins ron_share are rons; here the rons off us are left out (they are our deal-ins).
  const double all_rons = params_.ron_share;
  const double ron_share = all_rons * 2 / 3 / (all_rons * 2 / 3 + 1 - all_rons);
  double value = 0;
  double weight = 0;
  for (const OpponentWin& w : wins) {
    if (w.share <= 0) continue;
    value += w.share * win_worth(w.seat, w.points, ron_share, seat);
    weight += w.share;
  }
  return weight > 0 ? value / weight : placement_.value({});
}

}  // namespace tenbin
