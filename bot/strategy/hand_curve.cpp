#include "bot/strategy/hand_curve.hpp"

#include <algorithm>

#include "bot/strategy/ukeire_curve.hpp"
#include "engine/score.hpp"
#include "engine/seats.hpp"
#include "engine/shanten.hpp"
#include "engine/waits.hpp"

namespace tenbin {
namespace {

// Our ron chances per go-round: those of an open hand, or of a closed one (which is taken to
// declare riichi when tenpai; staying dama is priced apart, by tenpai_rons).
double ron_chances_of(const dp::Position& position, bool facing_riichi, const FullParams& params) {
  return ron_chances(all_closed(position.melds) ? RonHand::riichi : RonHand::open, facing_riichi, params);
}

// The DP's curves of a candidate: the win odds of the score objective's own choices where the
// DP gave them (FullParams::one_policy_odds), else the win objective's. The DP's score of a
// declaration is net of the deposit (own x (win + deposit) - deposit: paid at once, taken back
// with a win); the curve's counts the wins alone, own x win, and leaves the deposit to the line.
HandCurve curve_of(const dp::Candidate& c, double deposit) {
  if (!c.evaluated) return {};
  const std::vector<double>& win =
      c.score_policy_win.empty() ? c.by_draws[static_cast<int>(dp::Objective::win)] : c.score_policy_win;
  HandCurve curve{win, c.by_draws[static_cast<int>(dp::Objective::score)], c.by_draws[static_cast<int>(dp::Objective::tenpai)]};
  for (std::size_t r = 0; r < curve.score.size(); ++r) curve.score[r] += deposit * (1 - curve.win[r]);
  return curve;
}

// Whether the hand's wins are a declared riichi's: declared already, or declaring with the
// candidate (the DP's riichi forced).
bool declared(const dp::Position& position, const dp::Options& options) {
  return position.in_riichi || options.riichi == dp::RiichiMode::always;
}

// The deposit a declaration with the candidate pays (none once declared).
double deposit_of(const dp::Position& position, const dp::Options& options) {
  return !position.in_riichi && options.riichi == dp::RiichiMode::always ? dp::kRiichiDeposit : 0;
}

// The DP's options as the params ask: the score policy's own win odds (FullParams::one_policy_odds),
// and the rons priced apart (FullParams::rons_in_dp): the share of rons among a hand's wins is
// c / (1 + c), c its ron chances per draw, dama or open without riichi, declared with it.
dp::Options with_params(dp::Options options, const dp::Position& position, bool facing_riichi, const FullParams& params) {
  options.score_policy_win = params.one_policy_odds;
  if (!params.rons_in_dp) return options;
  const auto share = [](double chances) { return chances / (1 + chances); };
  const RonHand without_riichi = all_closed(position.melds) ? RonHand::dama : RonHand::open;
  options.ron_share.without_riichi = share(ron_chances(without_riichi, facing_riichi, params));
  options.ron_share.riichi = share(ron_chances(RonHand::riichi, facing_riichi, params));
  return options;
}

bool within_dp_reach(const dp::Solver* solver, const TileCounts& hand, const FullParams& params) {
  return solver != nullptr && shanten(hand) <= params.dp_max_shanten;
}

// Our ron off the next seat's discard in the table's round and seats (no riichi, no dora).
WinContext ron_context(const Table& table) {
  WinContext context;
  context.round_wind = table.round_wind();
  context.seat_wind = table.seat_wind();
  context.dealer = table.dealer();
  context.winner = table.seat();
  context.discarder = (table.seat() + 1) % kSeats;
  return context;
}

// Whether the DP counts our later calls for `hand` (set_call_offers).
bool counts_calls(CallingHand hand, const FullParams& params) {
  if (params.closed_hand_calls) return true;
  switch (hand) {
    case CallingHand::closed: return params.closed_hand_yakuhai_pons;
    case CallingHand::open: return params.open_hand_calls || params.closed_hand_yakuhai_pons;
    case CallingHand::opened_by_yakuhai_pon: return params.closed_hand_yakuhai_pons;
    case CallingHand::opened_by_other_call: return false;
  }
  return false;
}

}  // namespace

void set_call_offers(dp::Position& position, const FullParams& params, CallingHand hand) {
  if (counts_calls(hand, params)) {
    set_offer_rates(position, params);
    return;
  }
  position.pon_offer_rate.fill(0);
  position.chi_offer_rate.fill(0);
}

void set_offer_rates(dp::Position& position, const FullParams& params) {
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (is_honor(kind)) {
      position.pon_offer_rate[kind] = params.pon_offer_rate_honour;
      position.chi_offer_rate[kind] = 0;
    } else {
      const bool terminal = is_terminal(kind);
      position.pon_offer_rate[kind] = terminal ? params.pon_offer_rate_terminal : params.pon_offer_rate_middle;
      position.chi_offer_rate[kind] = terminal ? params.chi_offer_rate_terminal : params.chi_offer_rate_middle;
    }
  }
}

double ron_chances(RonHand hand, bool facing_riichi, const FullParams& params) {
  switch (hand) {
    case RonHand::riichi: return facing_riichi ? params.riichi_ron_chances_facing_riichi : params.riichi_ron_chances;
    case RonHand::open: return facing_riichi ? params.open_ron_chances_facing_riichi : params.dama_ron_chances;
    case RonHand::dama: return facing_riichi ? params.dama_ron_chances_facing_riichi : params.dama_ron_chances;
  }
  return params.dama_ron_chances;
}

std::array<HandCurve, kNumKinds> discard_curves(dp::Solver* solver, const dp::Position& position,
                                                const dp::Options& options, bool facing_riichi,
                                                const FullParams& params, std::size_t& states) {
  std::array<HandCurve, kNumKinds> curves{};
  const double deposit = deposit_of(position, options);
  if (within_dp_reach(solver, position.hand, params)) {
    const dp::Result& result = solver->solve(position, with_params(options, position, facing_riichi, params));
    states += result.draw_states;
    for (const dp::Candidate& c : result.candidates) {
      if (c.discard >= 0) curves[c.discard] = curve_of(c, deposit);
    }
  } else {
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (position.hand[kind] == 0) continue;
      TileCounts after = position.hand;
      --after[kind];
      curves[kind] = ukeire_curve(after, position, params);
    }
  }
  const double ron_chances = ron_chances_of(position, facing_riichi, params);
  const bool closed = all_closed(position.melds);
  const bool declares = declared(position, options);
  for (int kind = 0; kind < kNumKinds; ++kind) {
    HandCurve& curve = curves[kind];
    curve.ron_chances = ron_chances;
    curve.closed = closed;
    curve.declared = declares;
    curve.deposit = deposit;
    if (position.hand[kind] == 0) continue;
    TileCounts after = position.hand;
    --after[kind];
    curve.shanten = std::max(0, shanten(after));
  }
  return curves;
}

namespace {

// `own`'s odds become (1 - weight) x its own + weight x `with_calls`'s (when both were solved).
void mix_curve(HandCurve& own, const HandCurve& with_calls, double weight) {
  const auto mix = [weight](std::vector<double>& mine, const std::vector<double>& theirs) {
    if (theirs.size() != mine.size()) return;
    for (std::size_t r = 0; r < mine.size(); ++r) mine[r] = (1 - weight) * mine[r] + weight * theirs[r];
  };
  mix(own.win, with_calls.win);
  mix(own.score, with_calls.score);
  mix(own.tenpai, with_calls.tenpai);
}

// `position` and `options` as the DP that counts every later call needs them.
void count_every_call(dp::Position& position, dp::Options& options, const FullParams& params) {
  set_offer_rates(position, params);
  options.closed_hand_calls = dp::ClosedHandCalls::all;
  options.lay_down_calls = params.lay_down_calls;
}

}  // namespace

void mix_in_later_calls(std::array<HandCurve, kNumKinds>& curves, dp::Solver* solver, dp::Position position,
                        dp::Options options, bool facing_riichi, const FullParams& params, double weight,
                        std::size_t& states) {
  if (weight <= 0 || !within_dp_reach(solver, position.hand, params)) return;
  count_every_call(position, options, params);
  const std::array<HandCurve, kNumKinds> calling = discard_curves(solver, position, options, facing_riichi, params, states);
  for (int kind = 0; kind < kNumKinds; ++kind) mix_curve(curves[kind], calling[kind], weight);
}

void mix_in_later_calls(HandCurve& curve, dp::Solver* solver, dp::Position position, dp::Options options,
                        bool facing_riichi, const FullParams& params, double weight, std::size_t& states) {
  if (weight <= 0 || !within_dp_reach(solver, position.hand, params)) return;
  count_every_call(position, options, params);
  mix_curve(curve, hand_curve(solver, position, options, facing_riichi, params, states), weight);
}

HandCurve hand_curve(dp::Solver* solver, const dp::Position& position, const dp::Options& options,
                     bool facing_riichi, const FullParams& params, std::size_t& states) {
  HandCurve curve;
  const double deposit = deposit_of(position, options);
  bool valued = false;
  if (within_dp_reach(solver, position.hand, params)) {
    const dp::Result& result = solver->solve(position, with_params(options, position, facing_riichi, params));
    states += result.draw_states;
    valued = !result.candidates.empty() && result.candidates.front().evaluated;
    if (valued) curve = curve_of(result.candidates.front(), deposit);
  }
  if (!valued) curve = ukeire_curve(position.hand, position, params);
  curve.ron_chances = ron_chances_of(position, facing_riichi, params);
  curve.shanten = std::max(0, shanten(position.hand));
  curve.closed = all_closed(position.melds);
  curve.declared = declared(position, options);
  curve.deposit = deposit;
  return curve;
}

namespace {

// One way of winning a wait (dama or declared): its ron and tsumo contexts, and the ron and
// tsumo points summed over the waits on which a ron has a yaku, weighed by their copies.
struct RonAndTsumo {
  WinContext ron;
  WinContext tsumo;
  double ron_points = 0;
  double tsumo_points = 0;

  // Scores `won` both ways; whether a ron has a yaku (its points then counted).
  bool add(const WinningHand& won, int dora, double copies, const Rules& rules) {
    ron.dora = tsumo.dora = dora;
    const ScoreOutcome by_ron = score_win(won, ron, rules);
    const ScoreOutcome by_tsumo = score_win(won, tsumo, rules);
    if (!by_ron.ok() || !by_tsumo.ok()) return false;
    ron_points += copies * by_ron.score.points;
    tsumo_points += copies * by_tsumo.score.points;
    return true;
  }
  double share() const { return tsumo_points > 0 ? ron_points / tsumo_points : 1; }
};

RonAndTsumo ways_to_win(const Table& table, int red_fives, bool declared) {
  RonAndTsumo way;
  way.ron = ron_context(table);
  way.ron.aka_dora = table.rules().red_fives ? red_fives : 0;
  way.ron.riichi = declared;
  way.tsumo = way.ron;
  way.tsumo.tsumo = true;
  way.tsumo.discarder = table.seat();
  return way;
}

}  // namespace

TenpaiRons tenpai_rons(const Table& table, const TileCounts& hand, int red_fives, const std::array<double, kNumKinds>& wall) {
  const KindMask waits = waits_of(hand);
  RonAndTsumo dama = ways_to_win(table, red_fives, false);
  RonAndTsumo declared = ways_to_win(table, red_fives, true);
  double all = 0;
  double with_yaku = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if ((waits >> kind & 1) == 0) continue;
    const double copies = std::max(wall[kind], 1e-3);
    all += copies;
    if (hand[kind] >= kCopiesPerKind) continue;
    WinningHand won;
    won.concealed = hand;
    ++won.concealed[kind];
    won.win_kind = kind;
    won.red_fives = red_fives;
    const int dora = count_dora(won, table.dora_markers());
    if (dama.add(won, dora, copies, table.rules())) with_yaku += copies;
    declared.add(won, dora, copies, table.rules());
  }
  TenpaiRons rons;
  rons.dama_share = all > 0 ? with_yaku / all : 0;
  rons.dama_points_share = dama.share();
  rons.riichi_points_share = declared.share();
  return rons;
}

}  // namespace tenbin
