// The policy queries: what the DP's policy does with a drawn tile (win, keep, which discard,
// whether to declare riichi), read from the solved values, for playing or simulating it.
#include <cstddef>
#include <cstdint>

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
  Choice stay;
  stay.discard = drawn;
  stay.next = node;
  const DrawEdge* edge = edge_of(node, drawn);
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
