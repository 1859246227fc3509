#include "bot/strategy/line.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "engine/seats.hpp"

namespace tenbin {
namespace {

// The noten payments at the exhaustive draw: 3000 points from the noten hands to the tenpai
// ones (Tenhou's rules, docs/rules.md).
constexpr double kNotenPool = 3000;

// The curve's value with r draws (0 with none), a point the DP cannot reach counting as the last
// one it can.
double at(const std::vector<double>& curve, int r) {
  double value = 0;
  for (int i = 0; i < r && i < static_cast<int>(curve.size()); ++i) {
    if (!std::isnan(curve[i])) value = curve[i];
  }
  return value;
}

// Our chances per draw within r of our draws: the draw itself and the ron chances. Before our
// r-th draw the others play r go-rounds less what they do not play before the first
// (`others_first`); their discards are that many chances.
double chances_within(const HandCurve& curve, int r, double others_first) {
  return 1 + curve.ron_chances - curve.ron_chances * (1 - others_first) / r;
}

// P(win within r of our draws) with ron chances added: the DP's no-win odds over its r draws
// raised to the chances per draw.
double win_within(const HandCurve& curve, int r, double others_first) {
  if (r <= 0) return 0;
  const double own = std::clamp(at(curve.win, r), 0.0, 1.0);
  return 1 - std::pow(1 - own, chances_within(curve, r, others_first));
}

// The expected points of those wins: the DP's mean win (a declaration's deposit is the line's,
// Line::deposit, not spread over the wins), the rons' share of the wins at ron_points_share of it.
double points_within(const HandCurve& curve, int r, double others_first) {
  const double own = at(curve.win, r);
  if (own <= 0) return 0;
  const double points = at(curve.score, r) / own * win_within(curve, r, others_first);
  if (curve.ron_points_share == 1) return points;
  const double chances = chances_within(curve, r, others_first);
  return points * (1 + (chances - 1) * curve.ron_points_share) / chances;
}

// The others' part of go-round g in either line, `share` of it played (the first go-round may
// be partly behind us): while the hand is still on (`going`), we pay our share of their tsumo
// wins, then their hazard ends the hand; returns what is still on.
double others_go_round(Line& line, double going, const Threat& threat, int g, double share, const FullParams& params) {
  line.tsumo_points += going * threat.tsumo_loss[g] * share * params.opponent_tsumo_weight;
  return going * std::pow(1 - threat.hazard[g], share);
}

// The share of go-round j that the others play before our j-th draw.
double round_share(int j, const OthersTurns& turns) { return j == 1 ? turns.first : 1; }

// The others' turns after our last draw, to the exhaustive draw: their tsumo wins paid and their
// hazard; returns the odds that the hand reaches the draw.
double others_last_turns(Line& line, double going, const Threat& threat, int draws, const OthersTurns& turns,
                         const FullParams& params) {
  return others_go_round(line, going, threat, std::min(draws + 1, kMaxGoRounds), turns.last, params);
}


// Each opponent's share of the points a discard of `kind` pays: the opponents' losses for it, or
// the wall tile's shares when it pays none.
PerSeat<double> payee_of(const Threat& threat, int kind) {
  if (threat.loss[kind] <= 0) return threat.payee_share;
  PerSeat<double> share{};
  for (const OpponentThreat& o : threat.opponents) share[o.seat] = o.loss[kind] / threat.loss[kind];
  return share;
}

// The tile a fold throws at one of its turns: its deal-in odds, its expected loss, and each
// seat's share of what it pays.
struct FoldThrow {
  double deal_in = 0;
  double loss = 0;
  PerSeat<double> payee{};
};

// A tile from the wall at go-round g (the fold holds nothing).
FoldThrow wall_throw(const Threat& threat, int g) { return {threat.push_deal_in[g], threat.push_loss[g], threat.payee_share}; }

// The fold's turns: the others' go-rounds to the exhaustive draw and, at each of our turns j up to
// the params' fold horizon, the tile `throw_at(j, g)` gives (g the go-round). The line's payee is
// in points (the caller makes it shares); its draw payment is the caller's.
template <typename ThrowAt>
Line fold_turns(const Threat& threat, int draws, const FullParams& params, const OthersTurns& turns, ThrowAt&& throw_at) {
  Line line;
  double going = 1;
  for (int j = 1; j <= draws; ++j) {
    const int g = std::min(j, kMaxGoRounds);
    going = others_go_round(line, going, threat, g, round_share(j, turns), params);
    if (j > params.fold_horizon) continue;
    const FoldThrow thrown = throw_at(j, g);
    line.deal_in_prob += going * thrown.deal_in;
    line.deal_in_points += going * thrown.loss;
    for (int s = 0; s < kSeats; ++s) line.payee[s] += going * thrown.loss * thrown.payee[s];
    going *= 1 - thrown.deal_in;
  }
  line.draw_prob = others_last_turns(line, going, threat, draws, turns, params);
  return line;
}

// The fold without the rivers: the j-th safest tile held at the j-th turn, its danger today's grown
// as a wall tile's (the deal-in odds sorted apart from the losses).
Line fold_in_todays_order(const TileCounts& hand, const Threat& threat, int draws, const FullParams& params,
                          const OthersTurns& turns) {
  // The kinds held, one entry per copy, safest (smallest expected loss) first.
  std::vector<int> held;
  for (int k = 0; k < kNumKinds; ++k) {
    for (int c = 0; c < hand[k]; ++c) held.push_back(k);
  }
  std::stable_sort(held.begin(), held.end(), [&](int a, int b) { return threat.loss[a] < threat.loss[b]; });
  std::vector<double> held_deal_in;
  for (int k = 0; k < kNumKinds; ++k) {
    for (int c = 0; c < hand[k]; ++c) held_deal_in.push_back(threat.deal_in[k]);
  }
  std::sort(held_deal_in.begin(), held_deal_in.end());

  const double loss_now = std::max(1e-9, threat.push_loss[1]);
  const double deal_in_now = std::max(1e-9, threat.push_deal_in[1]);
  return fold_turns(threat, draws, params, turns, [&](int j, int g) {
    if (held.empty()) return wall_throw(threat, g);
    // The j-th safest tile held, grown like the wall tile's danger, or the drawn tile if safer.
    const std::size_t i = std::min<std::size_t>(j - 1, held.size() - 1);
    return FoldThrow{std::min(held_deal_in[i] * threat.push_deal_in[g] / deal_in_now, threat.push_deal_in[g]),
                     std::min(threat.loss[held[i]] * threat.push_loss[g] / loss_now, threat.push_loss[g]),
                     payee_of(threat, held[i])};
  });
}

// A tile the fold keeps for later, its danger now split between the opponents in riichi (whose
// genbutsu grow with the rivers and with our own discards) and the others (whose danger grows
// with their pace).
struct HeldTile {
  int kind = 0;
  double declared_deal_in = 0;
  double declared_loss = 0;
  double undeclared_deal_in = 0;
  double undeclared_loss = 0;
  PerSeat<double> loss_by_seat{};
  PerSeat<bool> declared{};
};

HeldTile held_tile(const Threat& threat, int kind) {
  HeldTile tile;
  tile.kind = kind;
  double declared_safe = 1;
  for (const OpponentThreat& o : threat.opponents) {
    tile.loss_by_seat[o.seat] = o.loss[kind];
    tile.declared[o.seat] = o.declared;
    if (!o.declared) continue;
    declared_safe *= 1 - o.deal_in[kind];
    tile.declared_loss += o.loss[kind];
  }
  tile.declared_deal_in = 1 - declared_safe;
  tile.undeclared_loss = std::max(0.0, threat.loss[kind] - tile.declared_loss);
  tile.undeclared_deal_in = std::clamp(1 - (1 - threat.deal_in[kind]) / std::max(1e-9, declared_safe), 0.0, 1.0);
  return tile;
}

// The go-round from which each kind is safe against every riichi (thrown past it by another
// seat); kNever: not within the fold.
constexpr int kNever = kMaxGoRounds + 1;
using SafeFrom = std::array<int, kNumKinds>;

// The fold's river timings: kRiverSamples draws of when each kind turns safe, each kind after a
// geometric wait at the params' river rate a go-round, the kinds independent. Latin hypercube
// sampling: each kind's draws are the strata of its law in an order of its own (a fixed
// shuffle), so that each kind's timings follow the law to 1/kRiverSamples, and every candidate is
// priced on the same draws (the bot stays deterministic).
constexpr int kRiverSamples = 64;
using RiverOrder = std::array<std::array<std::uint8_t, kRiverSamples>, kNumKinds>;

// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014).
std::uint64_t split_mix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Each kind's order of the strata: a Fisher-Yates shuffle from a fixed seed.
const RiverOrder& river_order() {
  static const RiverOrder order = [] {
    RiverOrder o{};
    std::uint64_t state = 0x7269766572ULL;
    for (auto& strata : o) {
      for (int i = 0; i < kRiverSamples; ++i) strata[i] = static_cast<std::uint8_t>(i);
      for (int i = kRiverSamples - 1; i > 0; --i) {
        const auto j = static_cast<int>(split_mix(state) % static_cast<std::uint64_t>(i + 1));
        std::swap(strata[i], strata[j]);
      }
    }
    return o;
  }();
  return order;
}

// The go-round from which `kind` is safe in `sample`: the first j at which the odds of being
// safe by then, 1 - (1 - rate)^j, reach the sample's stratum.
int safe_from(double rate, int sample, int kind) {
  if (rate <= 0) return kNever;
  if (rate >= 1) return 1;
  const double u = (river_order()[kind][sample] + 0.5) / kRiverSamples;
  const double j = std::ceil(std::log(1 - u) / std::log(1 - rate) - 1e-12);
  return static_cast<int>(std::clamp(j, 1.0, static_cast<double>(kNever)));
}

// The tiles a fold holds: at most a hand's 14, kept without allocating (the fold is priced many
// times a decision).
struct HeldTiles {
  std::array<HeldTile, 14> tiles{};
  std::size_t size = 0;
  bool empty() const { return size == 0; }
  void erase(std::size_t i) {
    for (std::size_t j = i + 1; j < size; ++j) tiles[j - 1] = tiles[j];
    --size;
  }
};

// One fold, its kinds turning safe as `safe` says: at each turn the held tile least costly then.
// Against the opponents that have not declared a held tile's danger grows as a tile from the wall
// does (capped at the wall tile's); against a riichi it is gone once its kind is safe: thrown past
// it by another seat, or a copy ours to throw past it.
Line fold_once(HeldTiles held, const Threat& threat, int draws, const FullParams& params, const OthersTurns& turns,
               const SafeFrom& safe) {
  std::array<bool, kNumKinds> thrown{};
  return fold_turns(threat, draws, params, turns, [&](int, int g) {
    if (held.empty()) return wall_throw(threat, g);
    const double loss_growth = threat.undeclared_loss[g] / std::max(1e-9, threat.undeclared_loss[1]);
    const double deal_in_growth = threat.undeclared_deal_in[g] / std::max(1e-9, threat.undeclared_deal_in[1]);
    const auto declared_share = [&](const HeldTile& tile) { return thrown[tile.kind] || safe[tile.kind] <= g ? 0.0 : 1.0; };
    const auto loss_of = [&](const HeldTile& tile) {
      return tile.undeclared_loss * loss_growth + tile.declared_loss * declared_share(tile);
    };
    std::size_t best = 0;
    double best_loss = loss_of(held.tiles[0]);
    for (std::size_t i = 1; i < held.size; ++i) {
      const double loss = loss_of(held.tiles[i]);
      if (loss < best_loss) {
        best = i;
        best_loss = loss;
      }
    }
    const HeldTile tile = held.tiles[best];
    const double share = declared_share(tile);
    // The last tile held stands for the drawn tiles after it.
    if (held.size > 1) {
      held.erase(best);
      thrown[tile.kind] = true;
    }
    FoldThrow throw_now;
    throw_now.loss = std::min(best_loss, threat.push_loss[g]);
    const double safe_now =
        (1 - std::min(1.0, tile.undeclared_deal_in * deal_in_growth)) * (1 - tile.declared_deal_in * share);
    throw_now.deal_in = std::min(1 - safe_now, threat.push_deal_in[g]);
    double paid = 0;
    for (int s = 0; s < kSeats; ++s) {
      throw_now.payee[s] = tile.loss_by_seat[s] * (tile.declared[s] ? share : loss_growth);
      paid += throw_now.payee[s];
    }
    for (int s = 0; s < kSeats; ++s) throw_now.payee[s] = paid > 0 ? throw_now.payee[s] / paid : threat.payee_share[s];
    return throw_now;
  });
}

// The fold reads the rivers as they come: its value over the samples of when they make each kind
// held safe (the payee in points, as fold_turns leaves it).
Line fold_reading_the_rivers(const TileCounts& hand, const Threat& threat, int draws, const FullParams& params,
                             const OthersTurns& turns) {
  // The tiles held, one entry per copy, safest (smallest expected loss now) first.
  HeldTiles held;
  for (int k = 0; k < kNumKinds; ++k) {
    for (int c = 0; c < hand[k] && held.size < held.tiles.size(); ++c) held.tiles[held.size++] = held_tile(threat, k);
  }
  const auto begin = held.tiles.begin();
  std::stable_sort(begin, begin + static_cast<std::ptrdiff_t>(held.size), [&](const HeldTile& a, const HeldTile& b) {
    return threat.loss[a.kind] < threat.loss[b.kind];
  });
  Line line;
  for (int sample = 0; sample < kRiverSamples; ++sample) {
    SafeFrom safe;
    for (int k = 0; k < kNumKinds; ++k) safe[k] = hand[k] > 0 ? safe_from(params.river_safe_rate, sample, k) : kNever;
    const Line once = fold_once(held, threat, draws, params, turns, safe);
    line.deal_in_prob += once.deal_in_prob / kRiverSamples;
    line.deal_in_points += once.deal_in_points / kRiverSamples;
    line.tsumo_points += once.tsumo_points / kRiverSamples;
    line.draw_prob += once.draw_prob / kRiverSamples;
    for (int s = 0; s < kSeats; ++s) line.payee[s] += once.payee[s] / kRiverSamples;
  }
  return line;
}

}  // namespace

DrawPayments draw_payments(const Threat& threat, int draws) {
  // The number of opponents tenpai at the draw: a sum of independent odds.
  PerSeat<double> others{1, 0, 0, 0};
  const int at_draw = std::clamp(draws, 1, kMaxGoRounds);
  for (const OpponentThreat& o : threat.opponents) {
    const double q = o.tenpai[at_draw];
    for (int m = 3; m >= 0; --m) others[m] = others[m] * (1 - q) + (m > 0 ? others[m - 1] * q : 0);
  }
  DrawPayments pay;
  for (int m = 0; m <= 3; ++m) {
    if (m < 3) pay.tenpai += others[m] * kNotenPool / (m + 1);
    if (m > 0) pay.noten -= others[m] * kNotenPool / (4 - m);
  }
  return pay;
}

int win_odds_class(const HandCurve& curve, bool facing_riichi) {
  enum HandClass {
    kTenpaiOpen, kTenpaiDama,
    kClosedOneShanten, kClosedTwoShanten, kClosedThreeShantenAndMore,
    kOpenOneShanten, kOpenTwoShantenAndMore,
    kDeclared
  };
  static_assert(kDeclared == kWinOddsHandClasses - 1);
  const int hand = [&] {
    if (curve.declared) return static_cast<int>(kDeclared);
    if (curve.shanten <= 0) return static_cast<int>(curve.closed ? kTenpaiDama : kTenpaiOpen);
    if (!curve.closed) return std::min(kOpenOneShanten + curve.shanten - 1, static_cast<int>(kOpenTwoShantenAndMore));
    return std::min(kClosedOneShanten + curve.shanten - 1, static_cast<int>(kClosedThreeShantenAndMore));
  }();
  return facing_riichi ? kWinOddsHandClasses + hand : hand;
}

double calibrated_win_odds(double forecast, int win_class, const FullParams& params) {
  if (forecast <= 0 || forecast >= 1) return forecast;
  const double odds = params.win_odds_factor[win_class] * std::pow(forecast / (1 - forecast), params.win_odds_power[win_class]);
  return odds / (1 + odds);
}

OthersTurns others_turns(int tiles_left, int draws_before_ours, int draws) {
  const int others = std::max(0, tiles_left - draws);
  if (draws <= 0) return OthersTurns{0, std::min(others, 3) / 3.0};  // the wall is theirs alone
  const int first = std::clamp(draws_before_ours, 0, std::min(3, others));
  OthersTurns turns;
  turns.first = first / 3.0;
  turns.last = std::clamp((others - first - 3 * (draws - 1)) / 3.0, 0.0, 1.0);
  return turns;
}

Line push_line(const HandCurve& curve, const Threat& threat, int draws, const FullParams& params, const OthersTurns& turns) {
  Line line;
  line.payee = threat.payee_share;
  line.deposit = curve.deposit;
  double going = 1;  // P(the hand is still on: nobody has won, we have not dealt in)
  if (draws <= 0) {
    // No draw of ours: rons on the others' last discards alone, each as likely to win for us as
    // a draw (the DP's one-draw odds).
    const double own = std::clamp(at(curve.win, 1), 0.0, 1.0);
    const double ron = own > 0 ? 1 - std::pow(1 - own, curve.ron_chances * turns.last) : 0;
    line.win_prob = ron;
    line.win_points = ron > 0 ? at(curve.score, 1) / own * ron * curve.ron_points_share : 0;
    going = 1 - ron;
  }
  for (int j = 1; j <= draws; ++j) {
    const int g = std::min(j, kMaxGoRounds);
    going = others_go_round(line, going, threat, g, round_share(j, turns), params);
    // Our win at draw j, given none before.
    const double before = win_within(curve, j - 1, turns.first);
    const double not_yet = std::max(1e-9, 1 - before);
    const double wins_now = (win_within(curve, j, turns.first) - before) / not_yet;
    line.win_prob += going * wins_now;
    line.win_points +=
        going * (points_within(curve, j, turns.first) - points_within(curve, j - 1, turns.first)) / not_yet;
    going *= 1 - wins_now;
    // Our discard after draw j (the last one too: it can be ronned before the others' last
    // turns): tenpai, the drawn tile (any tile of the wall); before, the safer of two tiles we
    // do not need.
    const double ours_tenpai = std::clamp(at(curve.tenpai, j), 0.0, 1.0);
    const double deal_in = threat.push_deal_in[g] * ours_tenpai + threat.choice_deal_in[g] * (1 - ours_tenpai);
    const double loss = threat.push_loss[g] * ours_tenpai + threat.choice_loss[g] * (1 - ours_tenpai);
    line.deal_in_prob += going * deal_in;
    line.deal_in_points += going * loss;
    going *= 1 - deal_in;
  }
  line.draw_prob = others_last_turns(line, going, threat, draws, turns, params);
  // Tenpai at the draw given no win: the DP's tenpai odds less its wins; with no draw left, the
  // hand as it is.
  const double own_win = std::clamp(at(curve.win, draws), 0.0, 1.0);
  const double tenpai_by_draw = draws > 0 ? at(curve.tenpai, draws) : (curve.shanten <= 0 ? 1.0 : 0.0);
  const double tenpai = std::clamp((tenpai_by_draw - own_win) / std::max(1e-9, 1 - own_win), 0.0, 1.0);
  const DrawPayments pay = draw_payments(threat, draws);
  line.draw_tenpai = tenpai;
  line.draw_payment = tenpai * pay.tenpai + (1 - tenpai) * pay.noten;
  if (draws > params.noten_window_draws) line.draw_payment = 0;
  if (line.win_prob > 0) {
    const double odds = calibrated_win_odds(line.win_prob, win_odds_class(curve, threat.opponent_declared), params);
    line.win_points *= odds / line.win_prob;
    line.win_prob = odds;
  }
  return line;
}

Line fold_line(const TileCounts& hand, const Threat& threat, int draws, const FullParams& params, const OthersTurns& turns) {
  Line line;
  if (!params.count_rivers || !threat.opponent_declared) {
    line = fold_in_todays_order(hand, threat, draws, params, turns);
  } else {
    line = fold_reading_the_rivers(hand, threat, draws, params, turns);
  }
  for (double& share : line.payee) share = line.deal_in_points > 0 ? share / line.deal_in_points : 0;
  line.draw_payment = draws > params.noten_window_draws ? 0 : draw_payments(threat, draws).noten;
  return line;
}

}  // namespace tenbin
