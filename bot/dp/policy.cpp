// The policy queries: what the DP's policy does with a drawn tile (win, keep, which discard,
// whether to declare riichi), read from the solved values, for playing or simulating it; and the
// odds that the score objective's own choices win (docs/dp.md, "One policy's odds").
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "bot/dp/solver_impl.hpp"

namespace tenbin::dp {

// A win's points along `edge` at time t (haitei on the wall's last tile).
inline double Solver::Impl::win_points(const DrawEdge& edge, WinVariant variant, int t) const {
  const bool haitei = position.haitei_on_last_draw && t == draws - 1;
  return wins[static_cast<std::size_t>(edge.win)].get(variant, haitei);
}

inline bool Solver::Impl::riichi_at(std::uint32_t node, int t, Objective objective) const {
  const DrawNode& n = nodes[node];
  if (n.shanten != 0 || !riichi_allowed(n.key) || options.riichi == RiichiMode::never || t >= draws) return false;
  if (options.riichi == RiichiMode::always || objective == Objective::tenpai) return options.riichi == RiichiMode::always;
  const double declared = declaration_value(tenpai_entry(n.tenpai_slot, t, TenpaiTable::fresh_riichi, objective), objective);
  return declared >= tenpai_entry(n.tenpai_slot, t, TenpaiTable::dama, objective);
}

inline const DrawEdge* Solver::Impl::edge_of(std::uint32_t node, int kind) const {
  for (std::uint32_t e = nodes[node].edge_begin; e < nodes[node].edge_end; ++e) {
    if (edges[e].kind == kind) return &edges[e];
  }
  return nullptr;
}

inline Choice Solver::Impl::choose(std::uint32_t node, RiichiState riichi, int t, int drawn, Objective objective) const {
  return choose_on(node, riichi, t, edge_of(node, drawn), drawn, objective);
}

inline Choice Solver::Impl::choose_on(std::uint32_t node, RiichiState riichi, int t, const DrawEdge* edge, int drawn,
                               Objective objective) const {
  Choice stay;
  stay.discard = drawn;
  stay.next = node;
  const int t1 = t + 1;
  if (riichi != RiichiState::none) {
    if (edge == nullptr || edge->win < 0 || !wins[static_cast<std::size_t>(edge->win)].riichi) return stay;
    const WinVariant variant = riichi == RiichiState::fresh ? WinVariant::ippatsu : WinVariant::riichi;
    const double win = objective == Objective::score ? win_points(*edge, variant, t) : 1.0;
    const double go_on = locked_riichi(nodes[node].tenpai_slot, t1, objective);
    if (objective == Objective::tenpai || win >= go_on) stay.win = true;
    return stay;
  }
  const DrawNode& n = nodes[node];
  double best = read(node, t1, objective);
  stay.riichi = riichi_at(node, t1, objective);
  if (edge == nullptr) return stay;
  Choice pick = stay;
  if (edge->win >= 0 && wins[static_cast<std::size_t>(edge->win)].dama && n.shanten == 0 && objective != Objective::tenpai) {
    const double win = objective == Objective::score ? win_points(*edge, WinVariant::dama, t) : 1.0;
    if (win >= best) {
      best = win;
      pick = stay;
      pick.win = true;
    }
  }
  if (edge->discard == kNone) return pick;
  const DiscardNode& d = discards[edge->discard];
  const auto consider = [&](const Successor& s) {
    const double v = read(s.node, t1, objective);
    if (beats(v, best)) {
      best = v;
      pick = Choice{false, s.discard, s.node, riichi_at(s.node, t1, objective)};
    }
  };
  const std::uint32_t end = d.improving ? d.end : d.begin + edge->allowed;
  for (std::uint32_t p = d.begin; p < end; ++p) consider(successors[p]);
  return pick;
}

// ---- the score policy's win odds ----

// Entering `node` at time t, the score objective's choices declare riichi or stay dama.
double Solver::Impl::score_policy_win(std::uint32_t node, int t) {
  if (t >= draws || nodes[node].shanten + 1 > draws - t) return 0;  // no win within the draws left
  float& memo = policy_win[static_cast<std::size_t>(node) * static_cast<std::size_t>(draws + 1) + static_cast<std::size_t>(t)];
  if (std::isnan(memo)) {
    const bool declares = riichi_at(node, t, Objective::score);
    memo = static_cast<float>(declares ? score_policy_win_declared(node, RiichiState::fresh, t) : score_policy_win_dama(node, t));
  }
  return memo;
}

// Not declared: each draw goes where the score objective's choice takes it (a win, a discard into
// another state, or tsumogiri), the recurrence's weights with the choices fixed. A time the helpful
// weight makes impossible gets no credit, as in the sweep.
double Solver::Impl::score_policy_win_dama(std::uint32_t node, int t) {
  const double stay = score_policy_win(node, t + 1);
  double moved = 0;
  double sum = 0;
  for (std::uint32_t e = nodes[node].edge_begin; e < nodes[node].edge_end; ++e) {
    const DrawEdge& edge = edges[e];
    const Choice choice = choose_on(node, RiichiState::none, t, &edge, edge.kind, Objective::score);
    if (!choice.win && choice.next == node) continue;  // tsumogiri: the same as a draw no edge leads from
    moved += edge.weight;
    sum += edge.weight * (choice.win ? 1.0 : score_policy_win(choice.next, t + 1));
  }
  if (moved > wall - t + 1e-9) return 0;
  return stay + (sum - moved * stay) * per_wall_left[static_cast<std::size_t>(t)];
}

// Declared: a winning draw wins when the score objective takes it, any other is thrown.
double Solver::Impl::score_policy_win_declared(std::uint32_t node, RiichiState riichi, int t) {
  if (t >= draws) return 0;
  const std::size_t slot = static_cast<std::size_t>(nodes[node].tenpai_slot);
  float& memo = policy_win_declared[(slot * static_cast<std::size_t>(draws + 1) + static_cast<std::size_t>(t)) * 2 +
                                    (riichi == RiichiState::fresh ? 0 : 1)];
  if (!std::isnan(memo)) return memo;
  const double stay = score_policy_win_declared(node, RiichiState::stale, t + 1);
  double won = 0;
  for (std::uint32_t e = nodes[node].edge_begin; e < nodes[node].edge_end; ++e) {
    const DrawEdge& edge = edges[e];
    if (choose_on(node, riichi, t, &edge, edge.kind, Objective::score).win) won += edge.weight;
  }
  const double value = won > wall - t + 1e-9 ? 0.0 : stay + won * (1 - stay) * per_wall_left[static_cast<std::size_t>(t)];
  memo = static_cast<float>(value);
  return value;
}

// Each evaluated candidate's figure for every number of draws left, read like by_draws (the root
// of a hand in riichi is its locked riichi, with ippatsu on the first draw when it is due).
void Solver::Impl::fill_score_policy_win() {
  if (!options.score_policy_win || calls) return;
  const float unset = std::numeric_limits<float>::quiet_NaN();
  policy_win.assign(nodes.size() * static_cast<std::size_t>(draws + 1), unset);
  policy_win_declared.assign(tenpai_slots * static_cast<std::size_t>(draws + 1) * 2, unset);
  for (Candidate& c : result.candidates) {
    if (!c.evaluated) continue;
    c.score_policy_win.assign(static_cast<std::size_t>(draws), 0.0);
    const bool locked = position.in_riichi && nodes[c.node].shanten == 0 && riichi_possible;
    for (int t = 0; t < draws; ++t) {
      const RiichiState riichi = position.ippatsu && t == 0 ? RiichiState::fresh : RiichiState::stale;
      c.score_policy_win[static_cast<std::size_t>(draws - t - 1)] =
          locked ? score_policy_win_declared(c.node, riichi, t) : score_policy_win(c.node, t);
    }
  }
}

Choice Solver::choose(std::uint32_t node, RiichiState riichi, int t, int drawn, Objective objective) const {
  return impl_->choose(node, riichi, t, drawn, objective);
}

bool Solver::declares_riichi(std::uint32_t node, int t, Objective objective) const {
  return impl_->riichi_at(node, t, objective);
}

TileCounts Solver::hand_of(std::uint32_t node) const { return hand_of_key(impl_->nodes[node].key); }

int Solver::shanten_of(std::uint32_t node) const { return impl_->nodes[node].shanten; }

double Solver::value(std::uint32_t node, int t, Objective objective) const {
  return impl_->reported_value(node, t, objective);
}

}  // namespace tenbin::dp
