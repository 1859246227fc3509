// dp::Solver: one solve runs set-up, graph expansion (expand.cpp), the sweep (sweep.cpp) and
// fills the result; docs/dp.md describes the model.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "bot/dp/solver_impl.hpp"

namespace tenbin::dp {

// Checks the position and sets the solve's constants (n, S, the root hand).
inline void Solver::Impl::check_position() {
  const int total = total_tiles(position.hand);
  melds = static_cast<int>(position.melds.size());
  const int draw_size = 13 - 3 * melds;
  if (melds > 4 || (total != draw_size && total != draw_size + 1)) {
    throw std::invalid_argument(std::to_string(total) + " concealed tiles with " +
                                std::to_string(melds) + " melds");
  }
  if (position.draws_left < 1 || position.draws_left > kMaxDraws) {
    throw std::invalid_argument("draws_left must be 1.." + std::to_string(kMaxDraws));
  }
  draws = position.draws_left;
  wall = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    const double w = position.weights[kind];
    if (!(w >= 0) || !std::isfinite(w)) throw std::invalid_argument("weights must be >= 0");
    wall += w;
  }
  if (wall < draws) throw std::invalid_argument("the unseen weights sum to less than draws_left");
  root = position.hand;
  root_is_draw = total == draw_size;
  if (position.honba < 0 || position.riichi_sticks < 0) throw std::invalid_argument("honba and sticks must be >= 0");
  if (!root_is_draw) {
    bool any = false;
    for (int kind = 0; kind < kNumKinds; ++kind) any = any || (root[kind] > 0 && position.discardable[kind]);
    if (!any) throw std::invalid_argument("no tile of the hand may be discarded");
  }
  closed = all_closed(position.melds);
  riichi_possible = closed;
  calls = false;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    for (const double rate : {position.pon_offer_rate[kind], position.chi_offer_rate[kind]}) {
      if (!(rate >= 0 && rate < 1)) throw std::invalid_argument("offer rates must be in [0, 1)");
      calls = calls || rate > 0;
    }
  }
  // A call opens a closed hand: valued only where its states are opened (closed_hand_calls).
  closed_calls = calls && closed && options.closed_hand_calls != ClosedHandCalls::none && !position.in_riichi;
  calls = calls && (!closed || closed_calls);
  opening_kinds = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    const bool yakuhai = is_yakuhai(kind, position.round_wind, position.seat_wind);
    if (options.closed_hand_calls == ClosedHandCalls::all || yakuhai) opening_kinds |= std::uint64_t{1} << kind;
  }
}

// The candidates' values at the requested draws left, best first, and the solve's figures.
inline void Solver::Impl::fill_result() {
  for (Candidate& c : result.candidates) {
    if (!c.evaluated) {
      TileCounts y = root;
      --y[c.discard];
      c.ukeire = ukeire_of_hand(y);
      continue;
    }
    c.ukeire = nodes[c.node].ukeire;
    for (int o = 0; o < kObjectives; ++o) c.value[o] = or_zero(candidate_value(c, 0, static_cast<Objective>(o)));
  }
  std::stable_sort(result.candidates.begin(), result.candidates.end(), [](const Candidate& a, const Candidate& b) {
    if (a.evaluated != b.evaluated) return a.evaluated;
    if (a.value[2] != b.value[2]) return a.value[2] > b.value[2];
    if (a.value[1] != b.value[1]) return a.value[1] > b.value[1];
    if (a.value[0] != b.value[0]) return a.value[0] > b.value[0];
    return a.ukeire > b.ukeire;
  });
  result.draw_states = nodes.size();
  result.discard_states = discards.size();
  result.winning_hands = wins.size();
  result.impossible_entries = impossible;
  result.table_bytes = nodes.capacity() * sizeof(DrawNode) + edges.capacity() * sizeof(DrawEdge) +
                       call_chances.capacity() * sizeof(double) + call_targets.capacity() * sizeof(std::uint32_t) +
                       discards.capacity() * sizeof(DiscardNode) + successors.capacity() * sizeof(Successor) +
                       wins.capacity() * sizeof(WinValue) + node_index.bytes() + discard_index.bytes() +
                       win_index.bytes() + ukeire_index.bytes() + ukeire_values.capacity() * sizeof(float) +
                       values.capacity() * sizeof(double) + impossible_at.capacity() * sizeof(std::uint64_t) +
                       tenpai_tables.capacity() * sizeof(double) + scratch.capacity() * sizeof(double) +
                       order.capacity() * sizeof(std::uint32_t) +
                       (edge_targets.capacity() + edge_target_begin.capacity() + call_target_begin.capacity()) *
                           sizeof(std::uint32_t) +
                       readings_index.bytes() + (readings_begin.capacity() + readings_end.capacity()) * sizeof(std::uint32_t) +
                       reading_store.capacity() * sizeof(Decomposition) +
                       (policy_win.capacity() + policy_win_declared.capacity()) * sizeof(float);
}

// Empties everything position-dependent, keeping the memory (and the group cache, which depends
// on nothing) for the next position.
inline void Solver::Impl::reset() {
  nodes.clear();
  edges.clear();
  call_chances.clear();
  call_targets.clear();
  discards.clear();
  successors.clear();
  wins.clear();
  node_index.clear();
  discard_index.clear();
  win_index.clear();
  readings_index.clear();
  readings_begin.clear();
  readings_end.clear();
  reading_store.clear();
  ukeire_index.clear();
  ukeire_values.clear();
  expanding_depth = -1;
  tenpai_slots = 0;
  impossible = 0;
  aka_melds = 0;
  ura_weight = {};
  points_memo.fill(0);
  context = WinContext{};
  result = Result{};
}

void Solver::Impl::run() {
  reset();
  check_position();
  set_up_scoring();
  set_up_draw_weights();
  make_candidates();
  build();
  sweep();
  fill_score_policy_win();
  fill_result();
}

Solver::Solver() : impl_(std::make_unique<Impl>()) {}

Solver::Solver(const Position& position, const Options& options) : Solver() { solve(position, options); }

const Result& Solver::solve(const Position& position, const Options& options) {
  impl_->position = position;
  impl_->options = options;
  impl_->run();
  return impl_->result;
}

Solver::~Solver() = default;

const Result& Solver::result() const { return impl_->result; }

Result evaluate(const Position& position, const Options& options) {
  const Solver solver(position, options);
  return solver.result();
}

}  // namespace tenbin::dp
