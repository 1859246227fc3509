#include "bot/strategy/threat.hpp"

#include <algorithm>
#include <cmath>

#include "bot/mj0/tenpai_model.hpp"
#include "engine/score.hpp"
#include "engine/seats.hpp"

namespace tenbin {
namespace {

// The share of players tenpai (riichi or not) right after their n-th discard of a hand: the base
// rate at which a hand that is not tenpai yet becomes so.
double tenpai_by_turn(const FullParams& params, int discards) {
  return params.tenpai_by_turn[static_cast<std::size_t>(std::clamp(discards, 0, kTenpaiTurns - 1))];
}

// The opponent's tenpai odds `j` go-rounds from now: tenpai now, or not yet and reaching it as the
// base rate does between its turn now and then, slowed by its fold share when `facing_riichi`.
std::array<double, kMaxGoRounds + 1> tenpai_over_time(const Table& table, int seat, double now, bool facing_riichi,
                                                      const FullParams& params) {
  const double pace = facing_riichi ? 1 - fold_share_of(table, seat, params) : 1.0;
  std::array<double, kMaxGoRounds + 1> tenpai{};
  tenpai[0] = now;
  const int turn = static_cast<int>(table.player(seat).river.size());
  const double base_now = tenpai_by_turn(params, turn);
  for (int j = 1; j <= kMaxGoRounds; ++j) {
    const double reached = pace * std::max(0.0, tenpai_by_turn(params, turn + j) - base_now) / (1 - base_now);
    tenpai[j] = now + (1 - now) * reached;
  }
  return tenpai;
}

// E[the smaller of two independent draws], each kind drawn with odds weight[k] / total.
template <typename Value>
double safer_of_two(const std::array<double, kNumKinds>& weight, Value value) {
  std::array<int, kNumKinds> order{};
  double total = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    order[k] = k;
    total += weight[k];
  }
  if (total <= 0) return 0;
  std::sort(order.begin(), order.end(), [&](int a, int b) { return value(a) < value(b); });
  // The minimum is the i-th smallest when both draws are at least it and not both above it.
  double at_least = 1;
  double expected = 0;
  for (const int k : order) {
    const double above = at_least - weight[k] / total;
    expected += value(k) * (at_least * at_least - std::max(0.0, above) * std::max(0.0, above));
    at_least = std::max(0.0, above);
  }
  return expected;
}

// P(the opponent completes a tenpai hand in one go-round): its live waits met in its chances.
double completes_per_round(const OpponentThreat& o, double live) {
  const double per_draw = std::min(1.0, o.live_waits / live);
  return 1 - std::pow(1 - per_draw, o.win_chances);
}

// The race terms shared by both builders, from the per-opponent figures and the wall.
void fill_race(Threat& threat, const FullParams& params) {
  const double live = std::max(1, threat.live_tiles);
  threat.deal_in.fill(0);
  threat.loss.fill(0);
  std::array<double, kNumKinds> safe_from_all{};
  safe_from_all.fill(1);
  for (const OpponentThreat& o : threat.opponents) {
    for (int k = 0; k < kNumKinds; ++k) {
      safe_from_all[k] *= 1 - o.deal_in[k];
      threat.loss[k] += o.loss[k];
    }
  }
  for (int k = 0; k < kNumKinds; ++k) threat.deal_in[k] = 1 - safe_from_all[k];

  threat.payee_share.fill(0);
  double total_share = 0;
  for (const OpponentThreat& o : threat.opponents) {
    double share = 0;
    for (int k = 0; k < kNumKinds; ++k) share += threat.wall[k] / live * o.loss[k];
    threat.payee_share[o.seat] = share;
    total_share += share;
  }
  for (double& share : threat.payee_share) share = total_share > 0 ? share / total_share : 0;

  for (int j = 1; j <= kMaxGoRounds; ++j) {
    double nobody_wins = 1;
    double safe = 1;
    double loss = 0;
    double tsumo_loss = 0;
    double undeclared_safe = 1;
    double undeclared_loss = 0;
    for (const OpponentThreat& o : threat.opponents) {
      const double completes = o.tenpai[j] * completes_per_round(o, live);
      nobody_wins *= 1 - completes;
      if (o.win_chances > 0) tsumo_loss += completes / o.win_chances * o.tsumo_payment;
      const double growth = danger_growth(o, j, params);
      double deal_in = 0;
      double its_loss = 0;
      for (int k = 0; k < kNumKinds; ++k) {
        deal_in += threat.wall[k] / live * o.deal_in[k] * growth;
        its_loss += threat.wall[k] / live * o.loss[k] * growth;
      }
      loss += its_loss;
      safe *= 1 - std::min(1.0, deal_in);
      if (o.declared) continue;
      undeclared_loss += its_loss;
      undeclared_safe *= 1 - std::min(1.0, deal_in);
    }
    threat.hazard[j] = 1 - nobody_wins;
    threat.tsumo_loss[j] = tsumo_loss;
    threat.push_deal_in[j] = 1 - safe;
    threat.push_loss[j] = loss;
    threat.undeclared_deal_in[j] = 1 - undeclared_safe;
    threat.undeclared_loss[j] = undeclared_loss;
    // Per kind at go-round j, for the safer-of-two figures.
    std::array<double, kNumKinds> kind_loss{};
    std::array<double, kNumKinds> kind_safe{};
    kind_safe.fill(1);
    for (const OpponentThreat& o : threat.opponents) {
      const double growth = danger_growth(o, j, params);
      for (int k = 0; k < kNumKinds; ++k) {
        kind_loss[k] += o.loss[k] * growth;
        kind_safe[k] *= 1 - std::min(1.0, o.deal_in[k] * growth);
      }
    }
    threat.choice_loss[j] = safer_of_two(threat.wall, [&](int k) { return kind_loss[k]; });
    threat.choice_deal_in[j] = safer_of_two(threat.wall, [&](int k) { return 1 - kind_safe[k]; });
  }
}

// The expected live copies of the kinds an opponent waits on, given tenpai.
double live_waits(const OpponentThreat& o, const std::array<double, kNumKinds>& wall) {
  if (o.tenpai[0] <= 0) return 0;
  double copies = 0;
  for (int k = 0; k < kNumKinds; ++k) copies += o.deal_in[k] / o.tenpai[0] * wall[k];
  return copies;
}

// Whether a seat other than `seat` (we included) has declared riichi.
bool facing_riichi(const Table& table, int seat) {
  for (int other = 0; other < kSeats; ++other) {
    if (other != seat && table.player(other).riichi_declared) return true;
  }
  return false;
}

double win_chances_of(const Table& table, int seat, const FullParams& params) {
  return table.player(seat).riichi_declared ? params.opponent_chances_in_riichi : params.opponent_chances_other;
}

// A ron where no sample says what it is worth: the flat figure, a dealer's larger.
double flat_ron_points(const Table& table, int seat, const FullParams& params) {
  return params.flat_ron_points * (seat == table.dealer() ? params.dealer_factor : 1.0);
}

// The opponent's mean win: its expected loss per deal-in, or the flat ron when it holds no wait.
double mean_win_points(const OpponentThreat& o, const Table& table, const FullParams& params) {
  double deal_in = 0;
  double loss = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    deal_in += o.deal_in[k];
    loss += o.loss[k];
  }
  return deal_in > 0 ? loss / deal_in : flat_ron_points(table, o.seat, params);
}

// What we pay for the opponent's tsumo: its mean win, our share of it.
double tsumo_payment_of(const OpponentThreat& o, const Table& table, const FullParams& params) {
  return mean_win_points(o, table, params) * tsumo_share_paid(table.seat(), o.seat, table.dealer());
}

// The odds of open_hand_deal_in, each kind's loss scaled with its odds (the same mean win).
void calibrate_open_hand(OpponentThreat& o, int calls, const FullParams& params) {
  for (int k = 0; k < kNumKinds; ++k) {
    const double forecast = o.deal_in[k];
    if (forecast <= 0) continue;
    o.deal_in[k] = open_hand_deal_in(forecast, calls, params);
    o.loss[k] *= o.deal_in[k] / forecast;
  }
}

}  // namespace

double danger_growth(const OpponentThreat& o, int j, const FullParams& params) {
  // The kind's danger scales with the tenpai probability; the waits given tenpai stay.
  const double growth = o.tenpai[0] > 0 ? o.tenpai[j] / o.tenpai[0] : 0;
  if (!o.declared || !params.count_rivers) return growth;
  return growth * std::pow(1 - params.river_safe_rate, j);
}

double fold_share_of(const Table& table, int seat, const FullParams& params) {
  const SeatRecord& record = table.record(seat);
  const double prior = params.seat_reading_prior;
  const double population = params.population_genbutsu_share;
  const double discards = record.discards_facing_riichi + prior;
  const double genbutsu_share = discards > 0 ? (record.genbutsu_facing_riichi + prior * population) / discards : population;
  return std::clamp(params.riichi_fold_share + params.fold_share_per_genbutsu_share * (genbutsu_share - population), 0.0, 1.0);
}

double riichi_ron_factor(const Table& table, const FullParams& params) {
  const double population_push = 1 - params.riichi_fold_share;
  if (params.riichi_ron_chances_push_power == 0 || population_push <= 0) return 1;
  double push = 0;
  int seats = 0;
  for (int seat = 0; seat < kSeats; ++seat) {
    if (seat == table.seat() || table.player(seat).riichi_declared) continue;
    push += 1 - fold_share_of(table, seat, params);
    ++seats;
  }
  if (seats == 0) return 1;
  return std::pow(push / seats / population_push, params.riichi_ron_chances_push_power);
}

FullParams params_at_table(const Table& table, const FullParams& params) {
  FullParams read = params;
  const double factor = riichi_ron_factor(table, params);
  read.riichi_ron_chances *= factor;
  read.riichi_ron_chances_facing_riichi *= factor;
  if (!facing_riichi(table, table.seat())) read.equivalent_points *= params.equivalent_points_factor_before_riichi;
  return read;
}

std::array<double, kNumKinds> flat_wall(const Table& table) {
  const TileCounts visible = table.visible();
  std::array<double, kNumKinds> wall{};
  double unseen = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    wall[k] = std::max(0, kCopiesPerKind - static_cast<int>(visible[k]));
    unseen += wall[k];
  }
  if (unseen <= 0) return wall;
  for (double& copies : wall) copies *= table.tiles_left() / unseen;
  return wall;
}

double open_hand_deal_in(double forecast, int calls, const FullParams& params) {
  if (forecast <= 0) return 0;
  const double scale = params.open_danger_scale_by_calls[static_cast<std::size_t>(std::clamp(calls, 1, kOpenDangerCallRows) - 1)];
  const double pivot = params.open_danger_pivot;
  if (pivot <= 0) return std::min(1.0, scale * forecast);  // no pivot: the power calibration is off
  return std::min(1.0, scale * pivot * std::pow(forecast / pivot, params.open_danger_exponent));
}

Threat threat_from_estimate(const Table& table, const mj0::Estimate& estimate, bool flat, const FullParams& params) {
  Threat threat;
  threat.live_tiles = table.tiles_left();
  threat.wall = flat ? flat_wall(table) : estimate.wall;
  for (const mj0::OpponentEstimate& e : estimate.opponents) {
    OpponentThreat o;
    o.seat = e.seat;
    o.declared = table.player(e.seat).riichi_declared;
    o.tenpai = tenpai_over_time(table, e.seat, e.tenpai_probability, facing_riichi(table, e.seat), params);
    for (int k = 0; k < kNumKinds; ++k) {
      o.deal_in[k] = e.tiles[k].deal_in;
      o.loss[k] = e.tiles[k].expected_loss;
    }
    // The waits' count is MJ-0's; the calibration is of the tiles we choose to throw.
    o.live_waits = live_waits(o, threat.wall);
    const SeatView& seat = table.player(e.seat);
    if (!seat.closed()) calibrate_open_hand(o, seat.open_melds(), params);  // an open hand is never in riichi
    o.win_chances = win_chances_of(table, e.seat, params);
    o.tsumo_payment = tsumo_payment_of(o, table, params);
    threat.opponents.push_back(o);
  }
  threat.opponent_declared = facing_riichi(table, table.seat());
  fill_race(threat, params);
  return threat;
}

Threat threat_after_our_riichi(const Threat& threat, const Table& table, const FullParams& params) {
  Threat after = threat;
  for (OpponentThreat& o : after.opponents) {
    if (table.player(o.seat).riichi_declared) continue;
    o.tenpai = tenpai_over_time(table, o.seat, o.tenpai[0], true, params);
  }
  fill_race(after, params);
  return after;
}

std::vector<OpponentWin> opponent_wins(const Threat& threat, const Table& table, int go_rounds,
                                       const FullParams& params) {
  const double live = std::max(1, threat.live_tiles);
  std::vector<OpponentWin> wins;
  double total = 0;
  for (const OpponentThreat& o : threat.opponents) {
    OpponentWin w;
    w.seat = o.seat;
    const double completes = completes_per_round(o, live);
    for (int j = 1; j <= std::clamp(go_rounds, 1, kMaxGoRounds); ++j) w.share += o.tenpai[j] * completes;
    w.points = mean_win_points(o, table, params);
    total += w.share;
    wins.push_back(w);
  }
  for (OpponentWin& w : wins) w.share = total > 0 ? w.share / total : 0;
  return wins;
}

Threat flat_threat(const Table& table, const FullParams& params) {
  Threat threat;
  threat.live_tiles = table.tiles_left();
  threat.wall = flat_wall(table);
  for (int seat = 0; seat < kSeats; ++seat) {
    if (seat == table.seat()) continue;
    const SeatView& player = table.player(seat);
    OpponentThreat o;
    o.seat = seat;
    o.declared = player.riichi_declared;
    const double now = player.riichi_declared ? 1.0 : tenpai_model::tenpai_probability(table, seat);
    o.tenpai = tenpai_over_time(table, seat, now, facing_riichi(table, seat), params);
    int open_kinds = 0;
    for (int k = 0; k < kNumKinds; ++k) {
      if (player.discarded[k] == 0 && player.passed_in_riichi[k] == 0) ++open_kinds;
    }
    const double points = flat_ron_points(table, seat, params);
    for (int k = 0; k < kNumKinds; ++k) {
      if (player.discarded[k] > 0 || player.passed_in_riichi[k] > 0 || open_kinds == 0) continue;
      o.deal_in[k] = now * std::min(1.0, params.flat_wait_kinds / open_kinds);
      o.loss[k] = o.deal_in[k] * points;
    }
    o.live_waits = live_waits(o, threat.wall);
    o.win_chances = win_chances_of(table, seat, params);
    o.tsumo_payment = tsumo_payment_of(o, table, params);
    threat.opponents.push_back(o);
  }
  threat.opponent_declared = facing_riichi(table, table.seat());
  fill_race(threat, params);
  return threat;
}

}  // namespace tenbin
