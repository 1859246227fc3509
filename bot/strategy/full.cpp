#include "bot/strategy/full.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <tuple>
#include <stdexcept>

#include "bot/dp/table_position.hpp"
#include "bot/mj0/tenpai_model.hpp"
#include "bot/strategy/greedy.hpp"
#include "bot/strategy/threat.hpp"
#include "engine/score.hpp"
#include "engine/shanten.hpp"
#include "engine/waits.hpp"

#include <spdlog/spdlog.h>

namespace tenbin {
namespace {

using nlohmann::json;

// Values closer than this (in points) are too close to tell apart with the models' precision;
// between such candidates the hand's progress decides: the fewest shanten after the discard, the
// most ukeire, then the greedy keep order. Far from tenpai every line's value is near zero, and
// this keeps the hand being built instead of following noise.
constexpr double kEquivalentPoints = 80;

// Rank values closer than this share of the rank-point scale's spread (0.045 points on Tenhou's)
// are noise: a deal-in odds from MJ-0's samples is known to about half a percent, and where a
// deal-in costs a rank only when it is big (a tenth of deal-ins), that is about 0.03 points.
constexpr double kRankValueNoise = 2e-4;

// The ukeire-counting stand-in for the DP: a draw improves the hand with odds ukeire / pool
// (its own ukeire for the first step, a typical hand's for the later ones), a win needs
// shanten + 1 improvements and is worth a typical closed win; an open hand wins only with a
// simple road to a yaku.
constexpr double kUkeireWinPoints = 5000;

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
  for (int s = 0; s < 4; ++s) mix(table.player(s).river.size());
  return h;
}


// Whether an open hand keeps a simple road to a yaku: a pon or kan of a dragon or of the round
// or seat wind, or nothing but simples (open tanyao). A closed hand always has riichi.
bool has_yaku_road(const TileCounts& hand, const dp::Position& position) {
  bool open = false;
  bool all_simples = true;
  for (const Meld& meld : position.melds) {
    open = open || meld.is_open();
    const int kind = meld.kind();
    const bool yakuhai = is_dragon(kind) || kind == position.round_wind || kind == position.seat_wind;
    if (!meld.is_run() && yakuhai) return true;
    for (const Tile tile : meld.all_tiles()) all_simples = all_simples && !is_terminal_or_honor(tile.kind());
  }
  if (!open) return true;
  for (int k = 0; k < kNumKinds; ++k) all_simples = all_simples && (hand[k] == 0 || !is_terminal_or_honor(k));
  return all_simples && position.rules.open_tanyao;
}

// The mean effective tiles of a random 13-tile hand by shanten (tenpai first), out of the 123
// tiles it cannot see ("配牌時有効牌の枚数", https://tomohxx.hatenablog.com/): the odds of the
// stand-in's later steps (the first step uses the hand's own ukeire).
constexpr std::array<double, 7> kMeanUkeire = {4.5843, 12.2671, 23.3215, 40.4909, 60.6136, 77.8174, 100.154};
constexpr double kUnseenAtDeal = 123;

HandCurve ukeire_curve(const TileCounts& hand, const dp::Position& position) {
  const int s = std::max(0, shanten(hand));
  double pool = 0;
  double useful = 0;
  TileCounts probe = hand;
  for (int k = 0; k < kNumKinds; ++k) {
    pool += position.weights[k];
    if (position.weights[k] <= 0 || probe[k] >= kCopiesPerKind) continue;
    ++probe[k];
    if (shanten(probe) < shanten(hand)) useful += position.weights[k];
    --probe[k];
  }
  // odds[i]: the chance that a draw takes the hand from shanten i one step closer (i = 0: wins).
  std::array<double, 8> odds{};
  for (int i = 0; i <= s && i < 8; ++i) {
    const double own = pool > 0 ? std::min(1.0, useful / pool) : 0;
    odds[i] = i == s ? own : std::min(own, kMeanUkeire[std::min<std::size_t>(i, 6)] / kUnseenAtDeal);
  }
  // at[i]: P(the hand is at shanten i after the draws so far); at[-1] is the win, kept apart.
  std::array<double, 8> at{};
  at[std::min(s, 7)] = 1;
  double won = 0;
  double tenpai = s == 0 ? 1 : 0;
  const bool can_win = has_yaku_road(hand, position);
  HandCurve curve;
  for (int r = 1; r <= position.draws_left; ++r) {
    won += at[0] * odds[0];
    at[0] *= 1 - odds[0];
    for (int i = 1; i <= std::min(s, 7); ++i) {
      const double moved = at[i] * odds[i];
      at[i] -= moved;
      at[i - 1] += moved;
      if (i == 1) tenpai += moved;
    }
    curve.win.push_back(can_win ? won : 0);
    curve.score.push_back(can_win ? won * kUkeireWinPoints : 0);
    curve.tenpai.push_back(std::min(1.0, tenpai));
  }
  return curve;
}

// Our ron chances per go-round: those of an open hand, or of a closed one (which is taken to
// declare riichi when tenpai; staying dama is priced apart, in choose_discard).
double ron_chances_of(const dp::Position& position) {
  const bool open = std::any_of(position.melds.begin(), position.melds.end(), [](const Meld& m) { return m.is_open(); });
  return open ? kDamaRonChances : kRiichiRonChances;
}

HandCurve curve_of(const dp::Candidate& c) {
  if (!c.evaluated) return {};
  return {c.by_draws[static_cast<int>(dp::Objective::win)], c.by_draws[static_cast<int>(dp::Objective::score)],
          c.by_draws[static_cast<int>(dp::Objective::tenpai)]};
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
  const int full_up_to = budget_ms >= 300 ? 2 : budget_ms >= 60 ? 1 : 0;
  const int change_up_to = budget_ms >= 60 ? 2 : 1;
  options.shanten_back = shanten <= full_up_to;
  options.hand_change = shanten <= change_up_to;
  return options;
}

WorkPlan plan_for_budget(int budget_ms) {
  WorkPlan plan;
  plan.budget_ms = budget_ms;
  plan.samples = budget_ms >= 300 ? 2000 : budget_ms >= 60 ? 1000 : 300;
  plan.scored_samples = plan.samples / 4;
  return plan;
}

// Everything one decision shares: the table, the opponents' threat, the placement model.
struct FullPolicy::Decision {
  const Table& table;
  const FullSettings& settings;
  WorkPlan plan;
  Threat threat;
  Placement placement;
  std::vector<Priced> priced;
  std::size_t dp_states = 0;
  int samples = 0;
  double tolerance = kEquivalentPoints;  // kEquivalentPoints in the unit candidates are compared in
  bool ranked = false;                   // candidates compared in rank points (else in points)
  dp::Solver* solver = nullptr;          // the DP, or none (the ukeire stand-in)
  std::chrono::steady_clock::time_point dp_deadline = std::chrono::steady_clock::time_point::max();
  bool cut_short = false;                // the deadline took the DP's place (or cut the sampling)
  double elsewhere = 0;                  // rank points when another seat ends the hand without us

  // The DP for the next valuation, or the stand-in once the deadline has passed: a machine too
  // loaded to carry out the plan replies sooner.
  dp::Solver* dp() {
    if (solver == nullptr) return nullptr;
    if (std::chrono::steady_clock::now() < dp_deadline) return solver;
    cut_short = true;
    return nullptr;
  }

  // Expected rank points of a candidate whose outcomes are: a win of `line.win_points /
  // win_prob` on average, this discard's deal-in, later deal-ins, the draw payments, or another
  // seat's win without us (`elsewhere`).
  double rank_value(const Line& line, double now_prob, double now_loss, int kind) const {
    const int seat = table.seat();
    const auto spread_evenly = [&](double ours) {
      std::array<int, 4> deltas{};
      for (int s = 0; s < 4; ++s) deltas[s] = static_cast<int>(s == seat ? ours : -ours / 3);
      return deltas;
    };
    // The draw payments, spread evenly over the others; the dealer keeps the deal when tenpai.
    const auto at_draw = [&](double ours) {
      const std::array<int, 4> deltas = spread_evenly(ours);
      const double keeps = dealer_tenpai_at_draw(line);
      return keeps * placement.value(deltas, Placement::Deal::dealer_keeps) +
             (1 - keeps) * placement.value(deltas, Placement::Deal::dealer_passes);
    };
    // A payment of a mean `lost` from us to one opponent, chosen by `share`.
    const auto paid_to = [&](double lost, const std::array<double, 4>& share) {
      double total = 0;
      double weight = 0;
      for (int s = 0; s < 4; ++s) {
        if (s == seat || share[s] <= 0) continue;
        std::array<double, 4> direction{};
        direction[seat] = -1;
        direction[s] = 1;
        total += share[s] * placement.value_of_size(direction, lost, levels_of(s));
        weight += share[s];
      }
      return weight > 0 ? total / weight : placement.value(spread_evenly(-lost));
    };
    const double going = 1 - now_prob;
    double value = 0;
    double accounted = 0;
    const auto add = [&](double prob, double worth) {
      value += prob * worth;
      accounted += prob;
    };
    if (now_prob > 0) {
      std::array<double, 4> share{};
      for (const OpponentThreat& o : threat.opponents) share[o.seat] = kind >= 0 ? o.loss[kind] : 0;
      add(now_prob, paid_to(now_loss / now_prob, share));
    }
    if (line.win_prob > 0) add(going * line.win_prob, win_worth(seat, line.win_points / line.win_prob, kRonShare, -1));
    if (line.deal_in_prob > 0) {
      add(going * line.deal_in_prob, paid_to(line.deal_in_points / line.deal_in_prob, line.payee));
    }
    if (line.draw_prob > 0) add(going * line.draw_prob, at_draw(line.draw_payment));
    add(std::max(0.0, 1 - accounted), elsewhere);
    return value;
  }

  // The dealer's tenpai odds at the exhaustive draw: ours on this line, or the opponent's.
  double dealer_tenpai_at_draw(const Line& line) const {
    const int dealer = table.dealer();
    if (dealer == table.seat()) return line.draw_tenpai;
    const int at_draw = std::clamp(table.tiles_left() / 4, 1, kMaxGoRounds);
    for (const OpponentThreat& o : threat.opponents) {
      if (o.seat == dealer) return o.tenpai[at_draw];
    }
    return 0;
  }

  // Expected rank points when `winner` wins a mean `points`: by ron (a `ron_share` of its wins)
  // off one of the seats other than `excluded` (-1: none), each as likely, or by tsumo from all
  // three.
  double win_worth(int winner, double points, double ron_share, int excluded) const {
    const Placement::WinSizes sizes = placement.sizes_of(points, levels_of(winner));
    double ron = 0;
    const int payers = excluded < 0 ? 3 : 2;
    for (int payer = 0; payer < 4; ++payer) {
      if (payer == winner || payer == excluded) continue;
      std::array<double, 4> direction{};
      direction[winner] = 1;
      direction[payer] = -1;
      ron += placement.value_of_size(direction, sizes) / payers;
    }
    // A tsumo's payment: a dealer's split evenly; another's half from the dealer, a quarter from
    // each of the other two (Tenhou rules: the dealer pays double).
    const int dealer = table.dealer();
    std::array<double, 4> tsumo{};
    for (int s = 0; s < 4; ++s) tsumo[s] = s == winner ? 1 : winner == dealer ? -1.0 / 3 : s == dealer ? -0.5 : -0.25;
    return ron_share * ron + (1 - ron_share) * placement.value_of_size(tsumo, sizes);
  }

  // The steps a win of `winner` falls on: a dealer's or another's.
  const WinLevels& levels_of(int winner) const { return winner == table.dealer() ? kDealerWins : kNonDealerWins; }

  // Expected rank points when an opponent wins without us, by tsumo (we pay our share) or by ron
  // off one of the other two; each opponent as likely as its share of the race's hazard.
  double elsewhere_worth() const {
    const int seat = table.seat();
    const std::vector<OpponentWin> wins = opponent_wins(threat, table, table.tiles_left() / 4);
    // Of all wins kRonShare are rons; here the rons off us are left out (they are our deal-ins).
    const double ron_share = kRonShare * 2 / 3 / (kRonShare * 2 / 3 + 1 - kRonShare);
    double value = 0;
    double weight = 0;
    for (const OpponentWin& w : wins) {
      if (w.share <= 0) continue;
      value += w.share * win_worth(w.seat, w.points, ron_share, seat);
      weight += w.share;
    }
    return weight > 0 ? value / weight : placement.value({});
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
    const bool folds_in_points = fold != nullptr && fold->value() > push.value();
    p.value = -p.expected_loss + (1 - p.deal_in_prob) * (folds_in_points ? *fold : push).value();
    p.rank_value = p.value;
    bool folds = folds_in_points;
    if (ranked) {
      // Each line's rank value once; the better one is the candidate's.
      const double push_worth = rank_value(push, p.deal_in_prob, p.expected_loss, kind);
      const double fold_worth = fold != nullptr ? rank_value(*fold, p.deal_in_prob, p.expected_loss, kind) : push_worth;
      folds = fold != nullptr && fold_worth > push_worth;
      p.rank_value = folds ? fold_worth : push_worth;
    }
    const Line& line = folds ? *fold : push;
    p.folds = folds;
    p.win_prob = (1 - p.deal_in_prob) * line.win_prob;
    p.exp_score = (1 - p.deal_in_prob) * line.win_points;
    return p;
  }
};

FullPolicy::FullPolicy(FullSettings settings, std::string name)
    : settings_(settings), name_(std::move(name)) {}
FullPolicy::~FullPolicy() = default;

namespace {


// The best candidate, by a tolerant lexicographic order: the candidates within `rank_tolerance`
// of the best rank value (rank points worth kEquivalentPoints), then among them those within
// kEquivalentPoints of the best value in points, then the best progress. Without placement the
// first two steps are the same.
const FullPolicy::Priced* best_of(const std::vector<FullPolicy::Priced>& priced, double rank_tolerance,
                                  std::size_t from = 0) {
  if (from >= priced.size()) return nullptr;
  double top_rank = priced[from].rank_value;
  for (std::size_t i = from; i < priced.size(); ++i) top_rank = std::max(top_rank, priced[i].rank_value);
  const auto rank_equivalent = [&](const FullPolicy::Priced& p) { return top_rank - p.rank_value <= rank_tolerance; };
  double top_value = -1e300;
  for (std::size_t i = from; i < priced.size(); ++i) {
    if (rank_equivalent(priced[i])) top_value = std::max(top_value, priced[i].value);
  }
  const auto progress = [](const FullPolicy::Priced& p) {
    return std::make_tuple(-p.tie_shanten, p.tie_ukeire, -p.tie_keep, p.value, p.rank_value);
  };
  const FullPolicy::Priced* best = nullptr;
  for (std::size_t i = from; i < priced.size(); ++i) {
    const FullPolicy::Priced& p = priced[i];
    if (!rank_equivalent(p) || top_value - p.value > kEquivalentPoints) continue;
    if (best == nullptr || progress(p) > progress(*best)) best = &p;
  }
  return best;
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
  std::array<int, 4> after{};
  for (int s = 0; s < 4; ++s) after[s] = table.score(s) + score->deltas[s];
  const bool dealer_keeps = table.dealer() == table.seat();
  return game_ends_after(table, after, dealer_keeps, length) && Placement::rank_of(after, table.seat()) == 3;
}


bool offers_call(std::span<const Action> legal) {
  return std::any_of(legal.begin(), legal.end(), [](const Action& a) {
    return a.type == EventType::chi || a.type == EventType::pon || a.type == EventType::daiminkan;
  });
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

}  // namespace

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
  const bool claim = table.decision() == tenbin::Decision::claim_discard ||
                     table.decision() == tenbin::Decision::claim_kakan ||
                     table.decision() == tenbin::Decision::claim_ankan;
  if (claim && !offers_call(legal)) return win_or_pass(table, legal, settings_.placement, settings_.match);
  const auto started = std::chrono::steady_clock::now();
  const WorkPlan plan = plan_for_budget(settings_.budget_ms);
  const std::array<int, 4> scores{table.score(0), table.score(1), table.score(2), table.score(3)};
  Decision d{table, settings_, plan, {}, Placement(scores, table.seat(), hands_left_after(table, settings_.match), settings_.rank_points, ending_of(table, settings_.match), deposits_of(table)),
             {}, 0, 0};
  d.solver = settings_.dp ? &solver_ : nullptr;
  d.dp_deadline = plan.deadline(started, kDpDeadlineShare);
  if (settings_.danger) {
    mj0::Settings sampling;
    sampling.samples = plan.samples;
    sampling.scored_samples = plan.scored_samples;
    sampling.seed = decision_seed(table, settings_.seed);
    sampling.deadline = plan.deadline(started, kSamplingDeadlineShare);
    const mj0::Estimate& estimate = sampler_.estimate(tenpai_model::mj0_position(table), sampling);
    d.threat = threat_from_estimate(table, estimate, !settings_.wall_estimate);
    d.samples = estimate.samples;
    d.cut_short = estimate.samples < plan.samples && std::chrono::steady_clock::now() >= sampling.deadline;
  } else {
    d.threat = flat_threat(table);
  }

  d.ranked = settings_.placement && hands_left_after(table, settings_.match) <= kPlacementHandsLeft;
  if (d.ranked) {
    // Rank points per point here, for the tolerance; at least the rank values' noise. Where no
    // nearby score changes our rank (far ahead or far behind), the local rate is zero and rank
    // values differ only by the models' noise: the candidates then compare as in points.
    const int seat = table.seat();
    std::array<int, 4> up{};
    std::array<int, 4> down{};
    up[seat] = 1000;
    down[seat] = -1000;
    const double local_rate = std::abs(d.placement.value(up) - d.placement.value(down)) / 2000;
    const RankPoints& scale = settings_.rank_points;
    d.tolerance = std::max(kEquivalentPoints * local_rate, kRankValueNoise * (scale.front() - scale.back()));
    d.elsewhere = d.elsewhere_worth();
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

  json candidates = json::array();
  for (const Priced& p : d.priced) {
    candidates.push_back({{"action", action_json(p.action, table.seat())},
                          {"win_prob", p.win_prob},
                          {"exp_score", p.exp_score},
                          {"deal_in_prob", p.deal_in_prob},
                          {"expected_loss", p.expected_loss},
                          {"line", p.folds ? "fold" : "push"},
                          {"value", p.value},
                          {"rank_value", p.rank_value}});
  }
  explanation_ = {{"strategy", name_}, {"candidates", std::move(candidates)}, {"samples", d.samples},
                  {"dp_states", d.dp_states}, {"cut_short", d.cut_short}};
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  spdlog::debug("{}: {} candidates, {} DP states, {} samples, {:.1f} ms (shanten {})", name_, d.priced.size(),
                d.dp_states, d.samples, ms, shanten(table.hand()));
  if (ms > settings_.budget_ms) spdlog::warn("{}: a decision took {:.0f} ms, over the {} ms budget", name_, ms, settings_.budget_ms);
  return chosen;
}


namespace {

// The DP explores every path that lowers the shanten: beyond this shanten its graph grows too
// large for a decision's budget, and the ukeire stand-in takes its place.
constexpr int kDpMaxShanten = 4;

// The curve of each discard of a 3n+2 hand: the DP's (a discard it did not value, one that
// raises the shanten beyond its options, keeps an empty curve: no win), or, when the DP is not
// run, the ukeire stand-in's for every discard.
std::array<HandCurve, kNumKinds> discard_curves(dp::Solver* solver, const dp::Position& position,
                                                const dp::Options& options, std::size_t& states) {
  std::array<HandCurve, kNumKinds> curves{};
  if (solver != nullptr && shanten(position.hand) <= kDpMaxShanten) {
    const dp::Result& result = solver->solve(position, options);
    states += result.draw_states;
    for (const dp::Candidate& c : result.candidates) {
      if (c.discard >= 0) curves[c.discard] = curve_of(c);
    }
  } else {
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (position.hand[kind] == 0) continue;
      TileCounts after = position.hand;
      --after[kind];
      curves[kind] = ukeire_curve(after, position);
    }
  }
  for (HandCurve& curve : curves) curve.ron_chances = ron_chances_of(position);
  return curves;
}

// The curve of a 3n+1 hand (a draw state), the same way.
HandCurve hand_curve(dp::Solver* solver, const dp::Position& position, const dp::Options& options,
                     std::size_t& states) {
  if (solver != nullptr && shanten(position.hand) <= kDpMaxShanten) {
    const dp::Result& result = solver->solve(position, options);
    states += result.draw_states;
    if (!result.candidates.empty() && result.candidates.front().evaluated) {
      HandCurve curve = curve_of(result.candidates.front());
      curve.ron_chances = ron_chances_of(position);
      return curve;
    }
  }
  HandCurve curve = ukeire_curve(position.hand, position);
  curve.ron_chances = ron_chances_of(position);
  return curve;
}

// The share of a closed tenpai hand's waits (weighed by their copies in the wall) on which a ron
// has a yaku without riichi: staying dama, the others need menzen tsumo.
double dama_ron_share(const Table& table, const TileCounts& hand, const std::array<double, kNumKinds>& wall) {
  const KindMask waits = waits_of(hand);
  WinContext context;
  context.round_wind = table.round_wind();
  context.seat_wind = table.seat_wind();
  context.dealer = table.dealer();
  context.winner = table.seat();
  context.discarder = (table.seat() + 1) % 4;
  double all = 0;
  double with_yaku = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if ((waits >> kind & 1) == 0) continue;
    const double copies = std::max(wall[kind], 1e-3);
    all += copies;
    WinningHand won;
    won.concealed = hand;
    if (won.concealed[kind] >= kCopiesPerKind) continue;
    ++won.concealed[kind];
    won.win_kind = kind;
    if (score_win(won, context, table.rules()).ok()) with_yaku += copies;
  }
  return all > 0 ? with_yaku / all : 0;
}

bool tenpai_after(const TileCounts& hand, int kind) {
  TileCounts after = hand;
  --after[kind];
  return shanten(after) == 0;
}

}  // namespace


Action FullPolicy::choose_discard(Decision& d, std::span<const Action> legal, bool after_riichi) {
  const Table& table = d.table;
  dp::Options options = d.plan.options_for(shanten(table.hand()));
  dp::Position position = dp::position_from_table(table, -1, &options);
  set_draw_weights(position, d.threat, settings_.wall_estimate);
  if (after_riichi) options.riichi = dp::RiichiMode::always;
  const int draws = position.draws_left;
  const bool reach_legal = find(legal, EventType::reach) != nullptr;
  const TileCounts visible = table.visible();

  // The DP's curve for each discard kind (or the ukeire stand-in). With riichi on offer, the
  // tenpai discards are valued twice: staying dama, and declaring riichi with them.
  dp::Solver* solver = d.dp();
  const std::array<HandCurve, kNumKinds> curves = discard_curves(solver, position, options, d.dp_states);
  std::array<HandCurve, kNumKinds> dama{};
  std::array<HandCurve, kNumKinds> riichi{};
  if (reach_legal) {
    dp::Options locked = d.plan.options_for(0);
    locked.riichi = dp::RiichiMode::never;
    dama = discard_curves(solver, position, locked, d.dp_states);
    locked.riichi = dp::RiichiMode::always;
    riichi = discard_curves(solver, position, locked, d.dp_states);
    // A riichi win gains riichi (and often ura dora): a simple rule for the ukeire stand-in.
    if (solver == nullptr) {
      for (HandCurve& curve : riichi) {
        for (double& score : curve.score) score *= 1.3;
      }
    }
  }
  for (const Action& action : legal) {
    if (action.type != EventType::dahai) continue;
    const int kind = action.pai.kind();
    TileCounts after = table.hand();
    --after[kind];
    const bool tenpai = reach_legal && tenpai_after(table.hand(), kind);
    if (tenpai) dama[kind].ron_chances = kDamaRonChances * dama_ron_share(table, after, d.threat.wall);
    const HandCurve& curve = tenpai ? dama[kind] : curves[kind];
    const Line fold = fold_line(after, d.threat, draws);
    Priced priced = d.price(action, kind, push_line(curve, d.threat, draws), after_riichi ? nullptr : &fold);
    const Ukeire progress = ukeire(after, visible);
    priced.tie_shanten = progress.shanten;
    priced.tie_ukeire = progress.total;
    priced.tie_keep = keep_value(table, action.pai);
    d.priced.push_back(priced);
    if (!tenpai) continue;
    Priced declared = d.price(action, kind, push_line(riichi[kind], d.threat, draws), nullptr);
    declared.action.type = EventType::reach;  // shown as reach with its discard
    d.priced.push_back(declared);
  }
  const Priced* best = best_of(d.priced, d.tolerance);
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

  // Kans: the hand after the kan (a draw state: the rinshan tile comes next) against the best
  // discard.
  for (const Action& action : legal) {
    if (action.type != EventType::ankan && action.type != EventType::kakan) continue;
    // An ankan takes its four tiles from the hand; a kakan adds one to a pon.
    const bool ankan = action.type == EventType::ankan;
    TileCounts after = table.hand();
    if (ankan) {
      for (const Tile tile : action.consumed.view()) --after[tile.kind()];
    } else {
      --after[action.pai.kind()];
    }
    dp::Options options = d.plan.options_for(shanten(after));
    dp::Position position = dp::position_from_table(table, -1);
    position.hand = after;
    for (int suit = 0; suit < 3; ++suit) {
      if (after[suit * 9 + 4] == 0) position.red_in_hand[suit] = false;
    }
    if (ankan) {
      position.melds.push_back(Meld::make(MeldType::ankan, action.pai, action.consumed.view(), -1));
    } else {
      for (Meld& meld : position.melds) {
        if (meld.type == MeldType::pon && meld.kind() == action.pai.kind()) {
          meld = Meld::make(MeldType::kakan, action.pai, action.consumed.view(), meld.target);
        }
      }
    }
    position.discardable = dp::Position::all_kinds();
    set_draw_weights(position, d.threat, settings_.wall_estimate);
    const HandCurve curve = hand_curve(d.dp(), position, options, d.dp_states);
    const Line fold = fold_line(after, d.threat, position.draws_left);
    d.priced.push_back(d.price(action, -1, push_line(curve, d.threat, position.draws_left), &fold));
  }
  const Priced* overall = best_of(d.priced, d.tolerance);
  if (overall != nullptr && overall >= d.priced.data() + kans_from) {
    riichi_discard_.reset();
    return overall->action;
  }
  return best;
}

Action FullPolicy::choose_claim(Decision& d, std::span<const Action> legal) {
  const Table& table = d.table;
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

  // Passing: our 13 tiles as they are, the next draw from the seat after the discarder.
  const int next_drawer = (discarder + 1) % 4;
  const int now_shanten = shanten(table.hand());
  {
    dp::Options options = d.plan.options_for(now_shanten);
    dp::Position position = dp::position_from_table(table, next_drawer, &options);
    set_draw_weights(position, d.threat, settings_.wall_estimate);
    const HandCurve curve = hand_curve(d.dp(), position, options, d.dp_states);
    const Line fold = fold_line(table.hand(), d.threat, position.draws_left);
    d.priced.push_back(d.price(*pass, -1, push_line(curve, d.threat, position.draws_left), &fold));
  }

  // Each call: the hand after it, then its best discard (kuikae kinds excluded). A daiminkan is
  // a draw state (the rinshan tile comes next).
  for (const Action& action : legal) {
    if (action.type != EventType::chi && action.type != EventType::pon && action.type != EventType::daiminkan) continue;
    TileCounts after = table.hand();
    for (const Tile tile : action.consumed.view()) --after[tile.kind()];
    const bool kan = action.type == EventType::daiminkan;
    const int after_shanten = shanten(after);
    if (!kan && after_shanten > now_shanten + 1) continue;  // a call that only breaks the hand
    dp::Options options = d.plan.options_for(std::max(0, after_shanten));
    dp::Position position = dp::position_from_table(table, next_drawer, &options);
    position.hand = after;
    for (int suit = 0; suit < 3; ++suit) {
      const int five = suit * 9 + 4;
      for (const Tile tile : action.consumed.view()) {
        if (tile.is_red() && tile.kind() == five) position.red_in_hand[suit] = false;
      }
    }
    const MeldType type = action.type == EventType::chi ? MeldType::chi
                          : action.type == EventType::pon ? MeldType::pon
                                                          : MeldType::daiminkan;
    position.melds.push_back(Meld::make(type, action.pai, action.consumed.view(), action.target));
    const int draws = kan ? std::max(1, dp::own_draws_left(table, -1) + 1) : std::max(1, dp::own_draws_left(table, -1));
    position.draws_left = std::min(draws, dp::kMaxDraws);
    position.haitei_on_last_draw = false;
    position.discardable = dp::Position::all_kinds();
    if (!kan) {
      for (int k = 0; k < kNumKinds; ++k) {
        position.discardable[k] = !is_kuikae(action.type, action.pai.kind(), action.consumed, k);
      }
    }
    set_draw_weights(position, d.threat, settings_.wall_estimate);

    std::vector<Priced> options_priced;
    if (kan) {
      const HandCurve curve = hand_curve(d.dp(), position, options, d.dp_states);
      const Line fold = fold_line(after, d.threat, position.draws_left);
      d.priced.push_back(d.price(action, -1, push_line(curve, d.threat, position.draws_left), &fold));
      continue;
    }
    const std::array<HandCurve, kNumKinds> curves =
        discard_curves(d.dp(), position, options, d.dp_states);
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (after[kind] == 0 || !position.discardable[kind]) continue;
      TileCounts rest = after;
      --rest[kind];
      const Line push = push_line(curves[kind], d.threat, position.draws_left);
      const Line fold = fold_line(rest, d.threat, position.draws_left);
      options_priced.push_back(d.price(action, kind, push, &fold));
    }
    if (const Priced* best = best_of(options_priced, d.tolerance)) d.priced.push_back(*best);
  }
  const Priced* best = best_of(d.priced, d.tolerance);
  return best != nullptr ? best->action : *pass;
}

}  // namespace tenbin
