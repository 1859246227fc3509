#include "bot/strategy/full.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <tuple>

#include "bot/dp/table_position.hpp"
#include "bot/mj0/tenpai_model.hpp"
#include "bot/strategy/greedy.hpp"
#include "bot/strategy/hand_curve.hpp"
#include "bot/strategy/threat.hpp"
#include "engine/score.hpp"
#include "engine/seats.hpp"
#include "engine/shanten.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

// When a line's turns come (push_line, fold_line): our draws and the others' turns around them.
struct LineTiming {
  int draws = 0;
  OthersTurns others;
};

// The timing of a line from `position` when `next_drawer` draws next (-1: we discard first): the
// position's draws, or none when the wall has no draw left for us (the DP's position counts one
// all the same, so that it can value the hand).
LineTiming timing_from(const Table& table, int next_drawer, const dp::Position& position) {
  const int draws = dp::own_draws_left(table, next_drawer) > 0 ? position.draws_left : 0;
  return {draws, others_turns(table.tiles_left(), dp::draws_before_ours(table, next_drawer), draws)};
}

// The timing after a kan: the rinshan tile is ours before any other seat draws.
LineTiming timing_after_kan(const Table& table, const dp::Position& position) {
  return {position.draws_left, others_turns(table.tiles_left(), 0, position.draws_left)};
}

const Action* find(std::span<const Action> legal, EventType type) {
  const auto it = std::find_if(legal.begin(), legal.end(), [&](const Action& a) { return a.type == type; });
  return it == legal.end() ? nullptr : &*it;
}

// A seed for this decision's sampling from what the table shows, so that replies are
// reproducible for a given input.
std::uint64_t decision_seed(const Table& table, std::uint64_t base) {
  std::uint64_t h = base * 0x9e3779b97f4a7c15ULL;
  const auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 0x100000001b3ULL; };
  mix(static_cast<std::uint64_t>(table.round_wind()));
  mix(static_cast<std::uint64_t>(table.kyoku()));
  mix(static_cast<std::uint64_t>(table.honba()));
  mix(static_cast<std::uint64_t>(table.tiles_left()));
  mix(static_cast<std::uint64_t>(table.decision()));
  for (int k = 0; k < kNumKinds; ++k) mix(table.hand()[k]);
  for (int s = 0; s < kSeats; ++s) mix(table.player(s).river.size());
  return h;
}

json action_json(const Action& action, int seat) { return event_to_json(action.to_event(seat)); }

}  // namespace

FullSettings full_settings_for(std::string_view strategy, FullSettings base) {
  if (strategy == "full") return base;
  if (strategy == "full-no-danger") base.danger = false;
  else if (strategy == "full-no-dp") base.dp = false;
  else if (strategy == "full-no-placement") base.placement = false;
  else if (strategy == "full-flat-wall") base.wall_estimate = false;
  else throw std::invalid_argument("unknown strategy \"" + std::string(strategy) + "\"");
  return base;
}

dp::Options WorkPlan::options_for(int shanten) const {
  dp::Options options;
  options.any_change_before_tenpai = false;
  options.shanten_back = shanten <= shanten_back_up_to;
  options.hand_change = shanten <= hand_change_up_to;
  options.closed_hand_calls = closed_hand_calls;
  options.lay_down_calls = lay_down_calls;
  return options;
}

WorkPlan plan_for_budget(int budget_ms, const FullParams& params) {
  const bool large = budget_ms >= params.large_budget_ms;
  const bool small = budget_ms < params.small_budget_ms;
  WorkPlan plan;
  plan.budget_ms = budget_ms;
  plan.samples = large ? params.samples_large : small ? params.samples_small : params.samples_medium;
  plan.scored_samples = plan.samples / std::max(1, params.scored_sample_divisor);
  plan.shanten_back_up_to = std::min(params.shanten_back_up_to, large ? 2 : small ? 0 : 1);
  plan.hand_change_up_to = small ? 1 : 2;
  plan.closed_hand_calls = params.closed_hand_calls           ? dp::ClosedHandCalls::all
                           : params.closed_hand_yakuhai_pons ? dp::ClosedHandCalls::yakuhai_pons
                                                             : dp::ClosedHandCalls::none;
  plan.lay_down_calls = params.lay_down_calls;
  plan.sampling_deadline_share = params.sampling_deadline_share;
  plan.dp_deadline_share = params.dp_deadline_share;
  return plan;
}

// Everything one decision shares: the table, the opponents' threat, the placement model.
struct FullPolicy::Decision {
  const Table& table;
  const FullSettings& settings;  // its switches; its params are those before the table's reading
  const FullParams& params;      // the params this decision plays with: as this table reads them (params_at_table)
  WorkPlan plan;
  Threat threat{};
  Placement placement;
  std::vector<Priced> priced{};
  std::size_t dp_states = 0;
  int samples = 0;
  double tolerance = 0;                    // the equivalent points, in the unit candidates compare in
  std::optional<OutcomePricing> ranked{};  // candidates priced in rank points (else in points)
  dp::Solver* solver = nullptr;            // the DP, or none (the ukeire stand-in)
  std::chrono::steady_clock::time_point dp_deadline = std::chrono::steady_clock::time_point::max();
  bool cut_short = false;                  // the deadline took the DP's place (or cut the sampling)

  // From how many shanten the discards' own expected losses come before their progress among
  // equivalent ones (every equivalent discard leaving the hand at least that far): facing a
  // riichi, or an open hand of enough calls, where the params say so; kNoSafetyFirst otherwise.
  int safety_first_from() const {
    if (threat.opponent_declared) {
      return params.riichi_safety_first ? 0 : params.riichi_safety_first_from_shanten;
    }
    if (table.most_calls_facing(table.seat()) >= params.open_safety_first_calls) {
      return params.open_safety_first_from_shanten;
    }
    return kNoSafetyFirst;
  }
  // The same for a call's own discards (whose progress counts only with calls_tie_by_progress):
  // the switch alone.
  int call_safety_first_from() const {
    return params.riichi_safety_first && threat.opponent_declared ? 0 : kNoSafetyFirst;
  }

  // The DP for the next valuation, or the stand-in once the deadline has passed: a machine too
  // loaded to carry out the plan replies sooner.
  dp::Solver* dp() {
    if (solver == nullptr) return nullptr;
    if (std::chrono::steady_clock::now() < dp_deadline) return solver;
    cut_short = true;
    return nullptr;
  }

  // Prices a candidate from its lines: this discard's own risk (kind -1: none), then the better
  // of pushing and folding (only pushing when the hand is locked in riichi).
  Priced price(const Action& action, int kind, const Line& push, const Line* fold) const {
    Priced p;
    p.action = action;
    p.deal_in_prob = kind >= 0 ? threat.deal_in[kind] : 0;
    p.expected_loss = kind >= 0 ? threat.loss[kind] : 0;
    // The value in points takes the better line in points, as without placement, so that where
    // rank values tie the candidates compare as they would in points.
    p.push_value = push.value();
    p.push_win_prob = push.win_prob;
    p.push_deal_in_prob = push.deal_in_prob;
    if (fold != nullptr) {
      p.fold_value = fold->value();
      p.fold_deal_in_prob = fold->deal_in_prob;
    }
    const bool folds_in_points = p.fold_value && *p.fold_value > p.push_value;
    p.value = -p.expected_loss + (1 - p.deal_in_prob) * (folds_in_points ? *p.fold_value : p.push_value);
    p.rank_value = p.value;
    bool folds = folds_in_points;
    if (ranked) {
      // Each line's rank value once; the better one is the candidate's.
      const auto worth = [&](const Line& line) { return ranked->line_value(line, p.deal_in_prob, p.expected_loss, kind); };
      const double push_worth = worth(push);
      const double fold_worth = fold != nullptr ? worth(*fold) : push_worth;
      folds = fold != nullptr && fold_worth > push_worth;
      p.rank_value = folds ? fold_worth : push_worth;
    }
    const Line& line = folds ? *fold : push;
    p.folds = folds;
    p.win_prob = (1 - p.deal_in_prob) * line.win_prob;
    p.exp_score = (1 - p.deal_in_prob) * line.win_points;
    return p;
  }

  // Prices `action` that leaves the hand of `position` (a draw state: a pass, a kan): the
  // hand's curve pushed, against folding with its tiles; no discard of its own. Its later calls
  // count at `later_call_weight` (mix_in_later_calls).
  Priced price_hand(const Action& action, dp::Position position, const LineTiming& timing,
                    double later_call_weight = 0);

  // What the DP's draws and calls come from at this table: the wall's weights, and the call
  // offers (set_call_offers) for our hand as it stands, or as `call` (when given) leaves it.
  void ready_for_dp(dp::Position& position, const Action* call = nullptr) const;
};

FullPolicy::FullPolicy(FullSettings settings, std::string name)
    : settings_(settings), name_(std::move(name)) {}
FullPolicy::~FullPolicy() = default;

nlohmann::json FullPolicy::explanation() const {
  if (explanation_.is_null()) return nullptr;
  nlohmann::json shown = explanation_;
  // As this table read them (the factors applied), so named apart from the tunables as set
  // (tunables()): fed back as --param they would apply the factors twice.
  shown["params_in_force"] = params_json(params_in_force_);
  return shown;
}

nlohmann::json FullPolicy::tunables() const { return params_json(settings_.params); }

namespace {

// The best candidate, by a tolerant lexicographic order: the candidates within `rank_tolerance`
// of the best rank value (rank points worth `equivalent_points`), then among them those within
// `equivalent_points` of the best value in points, then the least own expected loss when every
// one of those leaves the hand at least `safety_first_from` shanten from tenpai, then the best
// progress (Priced::progress, shanten first). Without placement the first two steps are
// the same.
const FullPolicy::Priced* best_of(const std::vector<FullPolicy::Priced>& priced, double rank_tolerance,
                                  double equivalent_points, int safety_first_from = kNoSafetyFirst) {
  if (priced.empty()) return nullptr;
  double top_rank = priced.front().rank_value;
  for (const FullPolicy::Priced& p : priced) top_rank = std::max(top_rank, p.rank_value);
  const auto rank_equivalent = [&](const FullPolicy::Priced& p) { return top_rank - p.rank_value <= rank_tolerance; };
  double top_value = -1e300;
  for (const FullPolicy::Priced& p : priced) {
    if (rank_equivalent(p)) top_value = std::max(top_value, p.value);
  }
  const auto equivalent = [&](const FullPolicy::Priced& p) {
    return rank_equivalent(p) && top_value - p.value <= equivalent_points;
  };
  int nearest = kNoSafetyFirst;
  for (const FullPolicy::Priced& p : priced) {
    if (equivalent(p)) nearest = std::min(nearest, p.progress.shanten);
  }
  const bool safety_first = nearest >= safety_first_from;
  const auto progress = [safety_first](const FullPolicy::Priced& p) {
    return std::make_tuple(safety_first ? -p.expected_loss : 0.0, -p.progress.shanten, p.progress.win_permille,
                           p.progress.ukeire, -p.progress.keep, p.value, p.rank_value);
  };
  const FullPolicy::Priced* best = nullptr;
  for (const FullPolicy::Priced& p : priced) {
    if (!equivalent(p)) continue;
    if (best == nullptr || progress(p) > progress(*best)) best = &p;
  }
  return best;
}

// The progress of the hand `after` an action (13 tiles, or fewer beside melds) that `priced`
// prices: its shanten and ukeire, and the push line's win odds when they decide before the ukeire.
FullPolicy::Priced::Progress progress_of(const TileCounts& after, const FullPolicy::Priced& priced,
                                         const TileCounts& visible, const FullParams& params) {
  const Ukeire steps = ukeire(after, visible);
  FullPolicy::Priced::Progress progress;
  progress.shanten = steps.shanten;
  if (params.progress_by_win_odds) progress.win_permille = static_cast<int>(std::lround(priced.push_win_prob * 1000));
  progress.ukeire = steps.total;
  return progress;
}

// Whether taking this win leaves us last when the game ends with it (all-last), with draws left
// to try for more.
bool win_hurts(const Table& table, const Action& win, MatchLength length) {
  if (table.tiles_left() <= 0) return false;
  const bool tsumo = table.decision() == Decision::own_draw;
  const std::optional<Tile> drawn = table.last_draw();
  if (tsumo && !drawn) return false;
  const Tile tile = tsumo ? *drawn : win.pai;
  const std::optional<Score> score = table.evaluate_win(tile, tsumo, tsumo ? table.seat() : win.target);
  if (!score) return false;
  PerSeat<int> after{};
  for (int s = 0; s < kSeats; ++s) after[s] = table.score(s) + score->deltas[s];
  const bool dealer_keeps = table.dealer() == table.seat();
  return game_ends_after(table, after, dealer_keeps, length) && Placement::rank_of(after, table.seat()) == kSeats - 1;
}

bool offers_call(std::span<const Action> legal) {
  return std::any_of(legal.begin(), legal.end(), [](const Action& a) {
    return a.type == EventType::chi || a.type == EventType::pon || a.type == EventType::daiminkan;
  });
}

// A call is a plan to win (or to reach tenpai for the draw's payment): one whose best line is the
// fold line is left for the pass, which folds with more tiles and gives nothing away.
bool may_call(const FullPolicy::Priced& call, const FullParams& params) {
  return params.calls_that_fold || !call.folds;
}

// Our hand is closed and no other seat has declared riichi: where a closed hand's first call
// takes the wider band and its later calls count (discard_call_weight, claim_call_weight).
bool closed_and_unthreatened(const Table& table, const Threat& threat) {
  return !threat.opponent_declared && table.player(table.seat()).closed();
}

// The factor on the band within which a call and its pass tie: a closed hand's first call with
// no riichi declared by another seat takes first_call_band_factor, every other claim the one band.
double first_call_band(const Table& table, const Threat& threat, const FullParams& params) {
  return closed_and_unthreatened(table, threat) ? params.first_call_band_factor : 1;
}

// The weight of later calls in a claim's pass and calls: claim_call_weight for a closed hand with
// no riichi declared by another seat, none otherwise.
double claim_later_call_weight(const Table& table, const Threat& threat, const FullParams& params) {
  return closed_and_unthreatened(table, threat) ? params.claim_call_weight : 0;
}

bool is_claim(tenbin::Decision decision) {
  return decision == tenbin::Decision::claim_discard || decision == tenbin::Decision::claim_kakan ||
         decision == tenbin::Decision::claim_ankan;
}

// A claim with no call on offer (or no pass): the win unless placement says it hurts, else the
// pass. Neither model is needed for it.
Action win_or_pass(const Table& table, std::span<const Action> legal, bool placement, MatchLength length) {
  const Action* pass = find(legal, EventType::none);
  if (const Action* win = find(legal, EventType::hora)) {
    if (!placement || pass == nullptr || !win_hurts(table, *win, length)) return *win;
  }
  return pass != nullptr ? *pass : legal.front();
}

// The weights the DP draws from: MJ-0's wall estimate, or the flat unseen counts (also when the
// estimate holds fewer tiles than the draws asked for). The draws never exceed the pool.
void set_draw_weights(dp::Position& position, const Threat& threat, bool wall_estimate) {
  double total = 0;
  for (const double w : threat.wall) total += w;
  if (wall_estimate && total >= position.draws_left) position.weights = threat.wall;
  double pool = 0;
  for (const double w : position.weights) pool += w;
  position.draws_left = std::clamp(static_cast<int>(std::floor(pool)), 1, position.draws_left);
}

bool tenpai_after(const TileCounts& hand, int kind) {
  TileCounts after = hand;
  --after[kind];
  return shanten(after) == 0;
}

PerSeat<int> scores_of(const Table& table) {
  PerSeat<int> scores{};
  for (int s = 0; s < kSeats; ++s) scores[s] = table.score(s);
  return scores;
}

// Rank points per point of our score here, over a thousand points either way.
double local_rank_rate(const Placement& placement, int seat) {
  PerSeat<int> up{};
  PerSeat<int> down{};
  up[seat] = 1000;
  down[seat] = -1000;
  return std::abs(placement.value(up) - placement.value(down)) / 2000;
}

json candidates_json(const std::vector<FullPolicy::Priced>& priced, int seat) {
  json candidates = json::array();
  for (const FullPolicy::Priced& p : priced) {
    candidates.push_back({{"action", action_json(p.action, seat)},
                          {"win_prob", p.win_prob},
                          {"exp_score", p.exp_score},
                          {"deal_in_prob", p.deal_in_prob},
                          {"expected_loss", p.expected_loss},
                          {"line", p.folds ? "fold" : "push"},
                          {"push_value", p.push_value},
                          {"fold_value", p.fold_value ? json(*p.fold_value) : json(nullptr)},
                          {"push_win_prob", p.push_win_prob},
                          {"push_deal_in_prob", p.push_deal_in_prob},
                          {"fold_deal_in_prob", p.fold_deal_in_prob ? json(*p.fold_deal_in_prob) : json(nullptr)},
                          {"value", p.value},
                          {"rank_value", p.rank_value}});
    if (p.progress.known()) candidates.back()["shanten"] = p.progress.shanten;
    if (p.action.type == EventType::reach) candidates.back()["discard"] = p.action.pai.to_string();  // mjai's reach has none
  }
  return candidates;
}

// Our hand as the call offers see it (CallingHand): as it stands at the table, or our closed hand
// after `call`.
CallingHand calling_hand(const Table& table, const Action* call) {
  if (!table.player(table.seat()).closed()) return CallingHand::open;
  if (call == nullptr) return CallingHand::closed;
  const bool yakuhai_pon = call->type == EventType::pon && table.is_yakuhai(call->pai.kind());
  return yakuhai_pon ? CallingHand::opened_by_yakuhai_pon : CallingHand::opened_by_other_call;
}

}  // namespace

void FullPolicy::Decision::ready_for_dp(dp::Position& position, const Action* call) const {
  set_draw_weights(position, threat, settings.wall_estimate);
  set_call_offers(position, params, calling_hand(table, call));
}

FullPolicy::Priced FullPolicy::Decision::price_hand(const Action& action, dp::Position position, const LineTiming& timing,
                                                    double later_call_weight) {
  ready_for_dp(position);
  const dp::Options options = plan.options_for(std::max(0, shanten(position.hand)));
  HandCurve curve = hand_curve(dp(), position, options, threat.opponent_declared, params, dp_states);
  mix_in_later_calls(curve, dp(), position, options, threat.opponent_declared, params, later_call_weight, dp_states);
  const Line fold = fold_line(position.hand, threat, timing.draws, params, timing.others);
  return price(action, -1, push_line(curve, threat, timing.draws, params, timing.others), &fold);
}

Action FullPolicy::choose(const Table& table, std::span<const Action> legal) {
  explanation_ = nullptr;
  // The discard that goes with our riichi was chosen with it.
  if (table.decision() == tenbin::Decision::discard_after_riichi && riichi_discard_) {
    const Tile tile = *riichi_discard_;
    riichi_discard_.reset();
    const auto it = std::find_if(legal.begin(), legal.end(), [&](const Action& a) {
      return a.type == EventType::dahai && a.pai == tile;
    });
    if (it != legal.end()) return *it;
  }
  riichi_discard_.reset();
  if (legal.size() == 1) return legal.front();
  if (is_claim(table.decision()) && !offers_call(legal)) return win_or_pass(table, legal, settings_.placement, settings_.match);

  const auto started = std::chrono::steady_clock::now();
  params_in_force_ = params_at_table(table, settings_.params);
  const FullParams& params = params_in_force_;
  const WorkPlan plan = plan_for_budget(settings_.budget_ms, params);
  const double hands_left = hands_left_after(table, settings_.match, params);
  Decision d{table, settings_, params, plan, {},
             Placement(scores_of(table), table.seat(), hands_left, settings_.rank_points, ending_of(table, settings_.match),
                       deposits_of(table), params)};
  d.tolerance = params.equivalent_points;
  d.solver = settings_.dp ? &solver_ : nullptr;
  d.dp_deadline = plan.deadline(started, plan.dp_deadline_share);
  estimate_threat(d, started);
  if (settings_.placement && hands_left <= params.placement_hands_left) {
    // The tolerance in rank points: the equivalent points at the local rate, at least the rank
    // values' noise. Where no nearby score changes our rank (far ahead or far behind), the local
    // rate is zero and rank values differ only by the models' noise: the candidates then compare
    // as in points.
    const RankPoints& scale = settings_.rank_points;
    d.tolerance = std::max(params.equivalent_points * local_rank_rate(d.placement, table.seat()),
                           params.rank_value_noise * (scale.front() - scale.back()));
    d.ranked.emplace(table, d.threat, d.placement, params);
  }

  Action chosen = legal.front();
  switch (table.decision()) {
    case tenbin::Decision::own_draw: chosen = choose_on_draw(d, legal); break;
    case tenbin::Decision::discard_after_call: chosen = choose_discard(d, legal, false); break;
    case tenbin::Decision::discard_after_riichi: chosen = choose_discard(d, legal, true); break;
    case tenbin::Decision::claim_discard:
    case tenbin::Decision::claim_kakan:
    case tenbin::Decision::claim_ankan: chosen = choose_claim(d, legal); break;
    case tenbin::Decision::none: break;
  }

  explanation_ = {{"strategy", name_}, {"candidates", candidates_json(d.priced, table.seat())}, {"samples", d.samples},
                  {"dp_states", d.dp_states}, {"cut_short", d.cut_short}};
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  spdlog::debug("{}: {} candidates, {} DP states, {} samples, {:.1f} ms (shanten {})", name_, d.priced.size(),
                d.dp_states, d.samples, ms, shanten(table.hand()));
  if (ms > settings_.budget_ms) spdlog::warn("{}: a decision took {:.0f} ms, over the {} ms budget", name_, ms, settings_.budget_ms);
  return chosen;
}

// The opponents' side: MJ-0's estimate (sampling stops at its deadline), or the flat rule.
void FullPolicy::estimate_threat(Decision& d, std::chrono::steady_clock::time_point started) {
  const Table& table = d.table;
  if (!settings_.danger) {
    d.threat = flat_threat(table, d.params);
    return;
  }
  mj0::Settings sampling;
  sampling.samples = d.plan.samples;
  sampling.scored_samples = d.plan.scored_samples;
  sampling.seed = decision_seed(table, settings_.seed);
  sampling.deadline = d.plan.deadline(started, d.plan.sampling_deadline_share);
  sampling.mode_params = d.params.modes;
  const mj0::Estimate& estimate = sampler_.estimate(tenpai_model::mj0_position(table, d.params.modes), sampling);
  d.threat = threat_from_estimate(table, estimate, !settings_.wall_estimate, d.params);
  d.samples = estimate.samples;
  d.cut_short = estimate.samples < d.plan.samples && std::chrono::steady_clock::now() >= sampling.deadline;
}

Action FullPolicy::choose_discard(Decision& d, std::span<const Action> legal, bool after_riichi) {
  const Table& table = d.table;
  const FullParams& params = d.params;
  dp::Options options = d.plan.options_for(shanten(table.hand()));
  dp::Position position = dp::position_from_table(table, -1, &options);
  d.ready_for_dp(position);
  if (after_riichi) options.riichi = dp::RiichiMode::always;
  const LineTiming timing = timing_from(table, -1, position);
  const bool reach_legal = find(legal, EventType::reach) != nullptr;
  const TileCounts visible = table.visible();

  // The DP's curve for each discard kind (or the ukeire stand-in). With riichi on offer, the
  // tenpai discards are valued twice: staying dama, and declaring riichi with them.
  dp::Solver* solver = d.dp();
  const bool facing = d.threat.opponent_declared;
  std::array<HandCurve, kNumKinds> curves = discard_curves(solver, position, options, facing, params, d.dp_states);
  if (!after_riichi && closed_and_unthreatened(table, d.threat)) {
    mix_in_later_calls(curves, d.dp(), position, options, facing, params, params.discard_call_weight, d.dp_states);
  }
  std::array<HandCurve, kNumKinds> dama{};
  std::array<HandCurve, kNumKinds> riichi{};
  Threat after_riichi_threat{};
  if (reach_legal) {
    after_riichi_threat = threat_after_our_riichi(d.threat, table, params);
    dp::Options locked = d.plan.options_for(0);
    locked.riichi = dp::RiichiMode::never;
    dama = discard_curves(solver, position, locked, facing, params, d.dp_states);
    locked.riichi = dp::RiichiMode::always;
    riichi = discard_curves(solver, position, locked, facing, params, d.dp_states);
    // A riichi win gains riichi (and often ura dora): a simple rule for the ukeire stand-in.
    if (solver == nullptr) {
      for (HandCurve& curve : riichi) {
        for (double& score : curve.score) score *= params.stand_in_riichi_factor;
      }
    }
  }
  for (const Action& action : legal) {
    if (action.type != EventType::dahai) continue;
    const int kind = action.pai.kind();
    TileCounts after = table.hand();
    --after[kind];
    const bool tenpai = reach_legal && tenpai_after(table.hand(), kind);
    if (tenpai) {
      const int red_fives = table.red_fives_in_hand() - (action.pai.is_red() ? 1 : 0);
      const TenpaiRons rons = tenpai_rons(table, after, red_fives, d.threat.wall);
      dama[kind].ron_chances = ron_chances(RonHand::dama, facing, params) * rons.dama_share;
      if (params.rons_at_ron_points && !params.rons_in_dp) {
        dama[kind].ron_points_share = rons.dama_points_share;
        riichi[kind].ron_points_share = rons.riichi_points_share;
      }
    }
    const HandCurve& curve = tenpai ? dama[kind] : curves[kind];
    const Line fold = fold_line(after, d.threat, timing.draws, params, timing.others);
    const Line push = push_line(curve, d.threat, timing.draws, params, timing.others);
    Priced priced = d.price(action, kind, push, after_riichi ? nullptr : &fold);
    priced.progress = progress_of(after, priced, visible, params);
    priced.progress.keep = keep_value(table, action.pai);
    d.priced.push_back(priced);
    if (!tenpai) continue;
    const Line declaring = push_line(riichi[kind], after_riichi_threat, timing.draws, params, timing.others);
    Priced declared = d.price(action, kind, declaring, nullptr);
    declared.action.type = EventType::reach;  // shown as reach with its discard
    if (params.riichi_ties_as_its_discard) declared.progress = priced.progress;  // it leaves the hand as its discard does
    d.priced.push_back(declared);
  }
  const Priced* best = best_of(d.priced, d.tolerance, params.equivalent_points, d.safety_first_from());
  if (best == nullptr) return table.safe_action();
  if (best->action.type != EventType::reach) return best->action;
  riichi_discard_ = best->action.pai;
  Action reach;
  reach.type = EventType::reach;
  return reach;
}

Action FullPolicy::choose_on_draw(Decision& d, std::span<const Action> legal) {
  const Table& table = d.table;
  if (const Action* win = find(legal, EventType::hora)) {
    if (!settings_.placement || !win_hurts(table, *win, settings_.match)) return *win;
  }
  if (const Action* abort = find(legal, EventType::ryukyoku); abort && shanten_kokushi(table.hand()) > 2) {
    return *abort;
  }
  const SeatView& self = table.player(table.seat());
  if (self.riichi_declared) {
    // Locked: the drawn tile goes, or an ankan the rules allow (the waits stay; a new dora and a
    // rinshan draw are ours to gain).
    if (const Action* kan = find(legal, EventType::ankan)) return *kan;
    return choose_discard(d, legal, true);
  }

  const Action best = choose_discard(d, legal, false);
  const std::size_t kans_from = d.priced.size();

  // Kans: the hand after the kan (a draw state: the rinshan tile comes next, before any other
  // seat draws) against the best discard.
  for (const Action& action : legal) {
    if (action.type != EventType::ankan && action.type != EventType::kakan) continue;
    const dp::Position position = dp::position_after(table, action, -1);
    d.priced.push_back(d.price_hand(action, position, timing_after_kan(table, position)));
  }
  const Priced* overall = best_of(d.priced, d.tolerance, d.params.equivalent_points);
  if (overall != nullptr && overall >= d.priced.data() + kans_from) {
    riichi_discard_.reset();
    return overall->action;
  }
  return best;
}

Action FullPolicy::choose_claim(Decision& d, std::span<const Action> legal) {
  const Table& table = d.table;
  const FullParams& params = d.params;
  const Action* pass = find(legal, EventType::none);
  if (!offers_call(legal) || pass == nullptr) return win_or_pass(table, legal, settings_.placement, settings_.match);
  if (const Action* win = find(legal, EventType::hora)) {
    if (!settings_.placement || !win_hurts(table, *win, settings_.match)) return *win;
  }

  // The discarder: any call names it.
  int discarder = -1;
  for (const Action& action : legal) {
    if (action.target >= 0) discarder = action.target;
  }
  if (discarder < 0) return *pass;

  // Passing: our 13 tiles as they are, the next draw from the seat after the discarder, the
  // seats between it and us drawing first (none after the discard of the seat on our left).
  const int next_drawer = (discarder + 1) % kSeats;
  const int now_shanten = shanten(table.hand());
  const dp::Position passed = dp::position_from_table(table, next_drawer);
  const TileCounts visible = table.visible();
  const double later_calls = claim_later_call_weight(table, d.threat, params);
  d.priced.push_back(d.price_hand(*pass, passed, timing_from(table, next_drawer, passed), later_calls));
  if (params.calls_tie_by_progress) d.priced.back().progress = progress_of(table.hand(), d.priced.back(), visible, params);

  // Each call: the hand after it, then its best discard (kuikae kinds excluded). A daiminkan is
  // a draw state (the rinshan tile comes next).
  for (const Action& action : legal) {
    if (action.type != EventType::chi && action.type != EventType::pon && action.type != EventType::daiminkan) continue;
    dp::Position position = dp::position_after(table, action, next_drawer);
    if (action.type == EventType::daiminkan) {
      const Priced kan = d.price_hand(action, position, timing_after_kan(table, position), later_calls);
      if (may_call(kan, params)) d.priced.push_back(kan);
      continue;
    }
    const int after_shanten = shanten(position.hand);
    if (after_shanten > now_shanten + 1) continue;  // a call that only breaks the hand
    const dp::Options options = d.plan.options_for(std::max(0, after_shanten));
    d.ready_for_dp(position, &action);
    std::array<HandCurve, kNumKinds> curves = discard_curves(d.dp(), position, options, d.threat.opponent_declared, params, d.dp_states);
    mix_in_later_calls(curves, d.dp(), position, options, d.threat.opponent_declared, params, later_calls, d.dp_states);
    const LineTiming timing = timing_from(table, -1, position);
    std::vector<Priced> with_discards;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (position.hand[kind] == 0 || !position.discardable[kind]) continue;
      TileCounts rest = position.hand;
      --rest[kind];
      const Line push = push_line(curves[kind], d.threat, timing.draws, params, timing.others);
      const Line fold = fold_line(rest, d.threat, timing.draws, params, timing.others);
      with_discards.push_back(d.price(action, kind, push, &fold));
      if (params.calls_tie_by_progress) with_discards.back().progress = progress_of(rest, with_discards.back(), visible, params);
    }
    const Priced* best = best_of(with_discards, d.tolerance, params.equivalent_points, d.call_safety_first_from());
    if (best != nullptr && may_call(*best, params)) d.priced.push_back(*best);
  }
  const double band = first_call_band(table, d.threat, params);
  const Priced* best = best_of(d.priced, d.tolerance * band, params.equivalent_points * band);
  return best != nullptr ? best->action : *pass;
}

}  // namespace tenbin
