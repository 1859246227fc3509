// The sweep (docs/dp.md, "The recurrence"): every state's values over all times, a row per state.
// The graph is acyclic apart from the self-loops (a forward edge lowers the shanten, a hand change
// sets the changed-plan flag, which no edge clears), so the states are valued one at a time, each
// for every time at once, after its successors; a state's edges then read each successor's row as
// one stream instead of one scattered read per edge and per time.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "bot/dp/row_kernels.hpp"
#include "bot/dp/solver_impl.hpp"

namespace tenbin::dp {

// Successors first: by shanten, and within a shanten the states whose path has changed plan
// (a hand change leads from an unchanged state to a changed one of the same shanten).
inline void Solver::Impl::order_states() {
  const auto rank = [&](std::uint32_t i) {
    return static_cast<std::size_t>(2 * nodes[i].shanten + ((nodes[i].key.hi & kChangedFlag) != 0 ? 0 : 1));
  };
  // A counting sort: a few ranks, many states.
  std::array<std::uint32_t, 2 * 8 + 1> starts{};
  for (std::uint32_t i = 0; i < nodes.size(); ++i) ++starts[rank(i) + 1];
  for (std::size_t r = 1; r < starts.size(); ++r) starts[r] += starts[r - 1];
  order.resize(nodes.size());
  for (std::uint32_t i = 0; i < nodes.size(); ++i) order[starts[rank(i)]++] = i;
}

// The best continuation after drawing along `edge` (not counting the win or tsumogiri), over
// the row entries [from, to).
inline const double* Solver::Impl::continuation_row(std::uint32_t edge, std::size_t from, std::size_t to, double* out) const {
  return best_row(edge_target_begin[edge], edge_target_begin[edge + 1], from, to, out);
}

// The best of the draw states edge_targets[begin, end) per time, over the row entries [from, to):
// the state's own row when there is one, else the best of them written to `out`.
inline const double* Solver::Impl::best_row(std::uint32_t begin, std::uint32_t end, std::size_t from, std::size_t to,
                                            double* out) const {
  if (begin == end) return zero_row.data();
  if (end == begin + 1) return row(edge_targets[begin]);
  best_of_two(out, row(edge_targets[begin]), row(edge_targets[begin + 1]), from, to);
  for (std::uint32_t p = begin + 2; p < end; ++p) raise_to(out, row(edge_targets[p]), from, to);
  return out;
}

// Points the state's edges at their continuation rows, valid over the row entries [from, to).
inline void Solver::Impl::gather_continuations(const DrawNode& node, std::size_t from, std::size_t to) {
  const std::size_t count = node.edge_end - node.edge_begin;
  if (scratch.size() < count * row_size()) scratch.resize(count * row_size());
  edge_rows.resize(count);
  for (std::size_t e = 0; e < count; ++e) {
    edge_rows[e] = continuation_row(node.edge_begin + static_cast<std::uint32_t>(e), from, to, scratch.data() + e * row_size());
  }
}

// Lists each edge's draw states (edge_targets, from edge_target_begin) once for the sweep, and
// with a closed hand's calls, after them, those of each edge's opened call target (from
// call_target_begin).
inline void Solver::Impl::list_edge_targets() {
  edge_targets.clear();
  edge_target_begin.resize(edges.size() + 1);
  for (std::size_t e = 0; e < edges.size(); ++e) {
    edge_target_begin[e] = static_cast<std::uint32_t>(edge_targets.size());
    const DrawEdge& edge = edges[e];
    if (edge.discard == kNone) continue;
    const DiscardNode& node = discards[edge.discard];
    const std::uint32_t end = node.improving ? node.end : node.begin + edge.allowed;
    for (std::uint32_t p = node.begin; p < end; ++p) edge_targets.push_back(successors[p].node);
  }
  edge_target_begin[edges.size()] = static_cast<std::uint32_t>(edge_targets.size());
  if (!closed_calls) return;
  call_target_begin.resize(edges.size() + 1);
  for (std::size_t e = 0; e < edges.size(); ++e) {
    call_target_begin[e] = static_cast<std::uint32_t>(edge_targets.size());
    if (call_targets[e] == kNone) continue;
    const DiscardNode& opened_state = discards[call_targets[e]];  // improving: every successor
    for (std::uint32_t p = opened_state.begin; p < opened_state.end; ++p) edge_targets.push_back(successors[p].node);
  }
  call_target_begin[edges.size()] = static_cast<std::uint32_t>(edge_targets.size());
}

// Starts loading what valuing state i will read: its draws' targets, or (once those are in)
// the rows of the targets from the state's first time on.
inline void Solver::Impl::prefetch_targets(std::uint32_t i) const {
  const DrawNode& node = nodes[i];
  __builtin_prefetch(&edge_target_begin[node.edge_begin]);
  __builtin_prefetch(&edge_targets[edge_target_begin[node.edge_begin]]);
}
inline void Solver::Impl::prefetch_rows(std::uint32_t i) const {
  const DrawNode& node = nodes[i];
  const std::size_t from = static_cast<std::size_t>(std::min<int>(node.depth, draws) + 1) * kObjectives;
  for (std::uint32_t p = edge_target_begin[node.edge_begin]; p < edge_target_begin[node.edge_end]; ++p) {
    const double* target = row(edge_targets[p]) + from;
    __builtin_prefetch(target);
    __builtin_prefetch(target + 8);
  }
}

// The first time a state is valued at: times before its depth cannot occur (0, never read),
// unless calls may bring it sooner (then every time is valued).
inline int Solver::Impl::first_time(const DrawNode& node) const { return calls ? 0 : std::min<int>(node.depth, draws); }

// The call slot before draw t (docs/dp.md, "Calls"): each offer the hand can call, where the call
// lowers the shanten, is worth its chance times what calling gains over `value` (the state's
// value at t without the slot). The called tile joins the hand as a draw would, and draw t is
// still to come: the continuation is read at t, not t + 1. Reads the offers gather_offers listed.
inline double Solver::Impl::call_gain(int t, Objective objective, double value) const {
  double gain = 0;
  const std::size_t at = row_at(t, objective);
  for (const Offer& offer : offers) {
    const double best = offer.next[at];
    if (beats(best, value)) gain += offer.chance * (best - value);
  }
  return gain;
}

// The state's offers (its edges with a call chance) and their continuation rows over the row
// entries [from, to), once for all its times; after gather_continuations. A closed hand's call
// continues in its opened discard state: the best of that state's discards per time.
inline void Solver::Impl::gather_offers(const DrawNode& node, std::size_t from, std::size_t to) {
  offers.clear();
  const std::size_t count = node.edge_end - node.edge_begin;
  if (closed_calls && call_scratch.size() < count * row_size()) call_scratch.resize(count * row_size());
  for (std::uint32_t e = node.edge_begin; e < node.edge_end; ++e) {
    if (call_chances[e] <= 0) continue;
    const std::size_t at = e - node.edge_begin;
    const std::uint32_t target = closed_calls ? call_targets[e] : kNone;
    if (target == kNone) {
      offers.push_back({edge_rows[at], call_chances[e]});
      continue;
    }
    double* out = call_scratch.data() + at * row_size();
    offers.push_back({best_row(call_target_begin[e], call_target_begin[e + 1], from, to, out), call_chances[e]});
  }
}

// The recurrence (docs/dp.md) for the three objectives of a state that is not tenpai, every time
// from its depth: a draw helps an objective when its best continuation beats staying. With calls,
// each time adds its call slot.
inline void Solver::Impl::draw_values(std::uint32_t i) {
  const DrawNode& node = nodes[i];
  const int first = first_time(node);
  // Each draw lowers the shanten by one at most: later than draws - shanten not even tenpai is
  // reachable (value 0), unless calls lower it too.
  const int last = calls ? draws : draws - node.shanten;
  double* values_of_i = values.data() + i * row_size();
  std::fill(values_of_i, values_of_i + static_cast<std::size_t>(first) * kObjectives, 0.0);
  std::fill(values_of_i + static_cast<std::size_t>(std::max(first, last + 1)) * kObjectives, values_of_i + row_size(), 0.0);
  if (first > last) return;
  // The values at t + 1 for t from `first` to the last time computed (and at t itself for the
  // call slots).
  const int last_time = std::min(last, draws - 1);
  const std::size_t from = static_cast<std::size_t>(first + (calls ? 0 : 1)) * kObjectives;
  const std::size_t to = static_cast<std::size_t>(last_time + 2) * kObjectives;
  gather_continuations(node, from, to);
  if (calls) {
    gather_offers(node, from, to);
    // After the last draw only the call slot is left: a call can still reach tenpai.
    for (int o = 0; o < kObjectives; ++o) set(i, draws, static_cast<Objective>(o), call_gain(draws, static_cast<Objective>(o), 0.0));
  }
  const std::size_t count = edge_rows.size();
  // Per time and objective, the draws' weighted sum of continuations and their least one, over
  // whole rows at once. Where the least is not below the staying value, every draw counts in
  // the recurrence and gain = sum - weight * base (a draw worth exactly the base adds nothing either way);
  // elsewhere the draws are weighed one by one.
  double total_weight = 0;
  for (std::size_t e = 0; e < count; ++e) {
    const double weight = edges[node.edge_begin + e].weight;
    const double* next = edge_rows[e];
    total_weight += weight;
    if (e == 0) {
      start_row(row_sums.data(), row_least.data(), weight, next, from, to);
    } else {
      add_row(row_sums.data(), row_least.data(), weight, next, from, to);
    }
  }
  if (count == 0) {
    std::fill(row_sums.begin() + static_cast<std::ptrdiff_t>(from), row_sums.begin() + static_cast<std::ptrdiff_t>(to), 0.0);
    std::fill(row_least.begin() + static_cast<std::ptrdiff_t>(from), row_least.begin() + static_cast<std::ptrdiff_t>(to),
              std::numeric_limits<double>::infinity());
  }
  // The value at t for one objective, from `base`, its value at t + 1, which it replaces.
  const auto step = [&](int t, Objective o, double& base) {
    const std::size_t at = row_at(t + 1, o);
    if (total_weight <= wall - t && row_least[at] >= base) {
      base += (row_sums[at] - total_weight * base) * per_wall_left[t];  // never impossible
      if (calls) base += call_gain(t, o, base);
      values_of_i[row_at(t, o)] = base;
      return;
    }
    Part part{base, 0, 0};
    for (std::size_t e = 0; e < count; ++e) part.add(edges[node.edge_begin + e].weight, edge_rows[e][at]);
    double value = settle(part.base, part.gain, part.helpful, t);
    if (calls && !is_impossible(value)) value += call_gain(t, o, value);
    set(i, t, o, value);
    base = or_zero(value);
  };
  // The times form a chain (each value is the next one's base), one per objective, kept in
  // registers.
  static_assert(kObjectives == 3);
  double tenpai = read(i, last_time + 1, Objective::tenpai);
  double win = read(i, last_time + 1, Objective::win);
  double score = read(i, last_time + 1, Objective::score);
  for (int t = last_time; t >= first; --t) {
    step(t, Objective::tenpai, tenpai);
    step(t, Objective::win, win);
    step(t, Objective::score, score);
  }
}

// The recurrence's value from its parts, or kImpossible when the helpful weight exceeds the wall
// left (docs/dp.md, "Why values stay probabilities").
inline double Solver::Impl::settle(double base, double gain, double helpful, int t) {
  if (helpful > wall - t + 1e-9) {
    ++impossible;
    return kImpossible;
  }
  return base + gain * per_wall_left[t];
}

// A tenpai hand's values for the win and score objectives, in one pass over its edges per time:
// dama (win if the hand has a yaku, or go on: hand change or tsumogiri), riichi declared with the
// last discard (ippatsu on this draw) and riichi declared earlier (locked: win or tsumogiri).
inline void Solver::Impl::tenpai_values(std::uint32_t i) {
  const DrawNode& node = nodes[i];
  const std::int32_t slot = node.tenpai_slot;
  const int first = first_time(node);
  // Times before the state's depth cannot occur (0, never read); the last is the terminal one
  // (0 but for tenpai itself). The loop below writes the times between.
  double* values_of_i = values.data() + i * row_size();
  std::fill(values_of_i, values_of_i + static_cast<std::size_t>(first) * kObjectives, 0.0);
  std::fill(values_of_i + static_cast<std::size_t>(draws) * kObjectives, values_of_i + row_size(), 0.0);
  const bool riichi_on = riichi_allowed(node.key) && options.riichi != RiichiMode::never;
  double* tables = &tenpai_entry(slot, 0, TenpaiTable::dama, Objective::win);
  const std::size_t table_row = kTenpaiEntries;
  if (riichi_on) {
    std::fill(tables, tables + static_cast<std::size_t>(first) * table_row, 0.0);
    std::fill(tables + static_cast<std::size_t>(draws) * table_row, tables + static_cast<std::size_t>(draws + 1) * table_row, 0.0);
  } else {
    std::fill(tables, tables + static_cast<std::size_t>(draws + 1) * table_row, 0.0);
  }
  for (int t = first; t <= draws; ++t) set(i, t, Objective::tenpai, 1);
  if (first >= draws) return;
  gather_continuations(node, static_cast<std::size_t>(first + 1) * kObjectives, row_size());
  // The edges as the loop over times reads them: continuation rows, and the wins' points
  // copied out of their table (without and with haitei).
  tenpai_edges.clear();
  riichi_wins.clear();
  double riichi_weight = 0;  // the draws that win under riichi
  for (std::size_t e = 0; e < edge_rows.size(); ++e) {
    const DrawEdge& edge = edges[node.edge_begin + e];
    const WinValue* win = edge.win >= 0 ? &wins[static_cast<std::size_t>(edge.win)] : nullptr;
    TenpaiEdge te;
    te.next = edge_rows[e];
    te.weight = edge.weight;
    if (win != nullptr && win->dama) {
      te.dama_win = true;
      te.dama_points = {win->get(WinVariant::dama, false), win->get(WinVariant::dama, true)};
    }
    tenpai_edges.push_back(te);
    if (!riichi_on || win == nullptr || !win->riichi) continue;
    riichi_weight += edge.weight;
    riichi_wins.push_back({edge.weight, {win->get(WinVariant::ippatsu, false), win->get(WinVariant::ippatsu, true)},
                           {win->get(WinVariant::riichi, false), win->get(WinVariant::riichi, true)}});
  }
  // The dama objectives' best value per draw and time (a win, or going on: a hand change or,
  // after declining a win, the same), summed and least over the draws as in draw_values.
  const std::size_t from = static_cast<std::size_t>(first + 1) * kObjectives;
  std::fill(row_sums.begin() + static_cast<std::ptrdiff_t>(from), row_sums.end(), 0.0);
  std::fill(row_least.begin() + static_cast<std::ptrdiff_t>(from), row_least.end(), std::numeric_limits<double>::infinity());
  double total_weight = 0;
  for (const TenpaiEdge& edge : tenpai_edges) {
    total_weight += edge.weight;
    for (std::size_t k = from; k < row_size(); k += kObjectives) {
      const std::size_t haitei = position.haitei_on_last_draw && k / kObjectives == static_cast<std::size_t>(draws) ? 1 : 0;
      const double win = edge.dama_win ? 1.0 : edge.next[k + 1];
      const double score = edge.dama_win ? std::max(edge.next[k + 2], edge.dama_points[haitei]) : edge.next[k + 2];
      row_sums[k + 1] += edge.weight * win;
      row_sums[k + 2] += edge.weight * score;
      row_least[k + 1] = std::min(row_least[k + 1], win);
      row_least[k + 2] = std::min(row_least[k + 2], score);
    }
  }
  // The chains over times (each value is the next one's base) are kept in registers: the value
  // (dama or riichi declared now) and the locked riichi table, for the win and score objectives.
  std::array<double, 2> value{read(i, draws, Objective::win), read(i, draws, Objective::score)};
  std::array<double, 2> locked{locked_riichi(slot, draws, Objective::win), locked_riichi(slot, draws, Objective::score)};
  for (int t = draws - 1; t >= first; --t) {
    const std::size_t haitei = position.haitei_on_last_draw && t == draws - 1 ? 1 : 0;
    const std::size_t at = static_cast<std::size_t>(t + 1) * kObjectives;
    const bool all_draws_count = total_weight <= wall - t;
    // Accumulators per table (dama, fresh riichi, riichi) and objective (win, score); the two
    // riichi tables share their base and their win-probability part.
    Part dama_win{value[0], 0, 0};
    Part dama_score{value[1], 0, 0};
    const bool win_fast = all_draws_count && row_least[at + 1] >= dama_win.base;
    const bool score_fast = all_draws_count && row_least[at + 2] >= dama_score.base;
    if (win_fast) dama_win.gain = row_sums[at + 1] - total_weight * dama_win.base;
    if (score_fast) dama_score.gain = row_sums[at + 2] - total_weight * dama_score.base;
    if (!win_fast || !score_fast) {
      for (const TenpaiEdge& edge : tenpai_edges) {
        const double* next = edge.next + at;
        if (!win_fast) dama_win.add(edge.weight, edge.dama_win ? 1.0 : next[1]);
        if (!score_fast) dama_score.add(edge.weight, edge.dama_win ? std::max(next[2], edge.dama_points[haitei]) : next[2]);
      }
    }
    const Part riichi_win = riichi_on ? locked_win_part(locked[0], riichi_weight) : Part{};
    value[0] = or_zero(store_tenpai(i, slot, t, Objective::win, riichi_on, dama_win, riichi_win, riichi_win));
    if (!riichi_on) {
      value[1] = or_zero(store_tenpai(i, slot, t, Objective::score, riichi_on, dama_score, Part{}, Part{}));
      continue;
    }
    Part fresh_score{locked[1], 0, 0};
    Part locked_score{locked[1], 0, 0};
    for (const RiichiWin& win : riichi_wins) {
      fresh_score.add(win.weight, win.ippatsu_points[haitei]);
      locked_score.add(win.weight, win.riichi_points[haitei]);
    }
    value[1] = or_zero(store_tenpai(i, slot, t, Objective::score, riichi_on, dama_score, fresh_score, locked_score));
    locked = {locked_riichi(slot, t, Objective::win), locked_riichi(slot, t, Objective::score)};
  }
}

// Under riichi every winning draw wins (probability 1, above any base short of a certain win).
inline Solver::Impl::Part Solver::Impl::locked_win_part(double base, double riichi_weight) {
  Part part{base, 0, 0};
  if (part.base < 1) {
    part.gain = riichi_weight * (1 - part.base);
    part.helpful = riichi_weight;
  }
  return part;
}

// A tenpai state's tables at time t for one objective (win or score) and its value: dama, or
// (`riichi_on`) riichi declared now when it is better (or forced).
inline double Solver::Impl::store_tenpai(std::uint32_t i, std::int32_t slot, int t, Objective objective, bool riichi_on,
                                  const Part& dama_part, const Part& fresh_part, const Part& locked_part) {
  const double dama = settle(dama_part.base, dama_part.gain, dama_part.helpful, t);
  tenpai_entry(slot, t, TenpaiTable::dama, objective) = dama;
  double value = dama;
  if (riichi_on) {
    const double fresh = settle(fresh_part.base, fresh_part.gain, fresh_part.helpful, t);
    tenpai_entry(slot, t, TenpaiTable::fresh_riichi, objective) = fresh;
    tenpai_entry(slot, t, TenpaiTable::locked_riichi, objective) = settle(locked_part.base, locked_part.gain, locked_part.helpful, t);
    const double declared = declaration_value(fresh, objective);
    value = options.riichi == RiichiMode::always ? declared : std::max(dama, declared);
  }
  set(i, t, objective, value);
  return value;
}

void Solver::Impl::sweep() {
  row_length = static_cast<std::size_t>(draws + 1) * kObjectives;
  for (int t = 0; t < draws; ++t) per_wall_left[static_cast<std::size_t>(t)] = 1.0 / (wall - t);
  // Every row is written whole by its state (no clearing of memory that is overwritten).
  values.resize(nodes.size() * row_size());
  impossible_at.assign(nodes.size(), 0);
  tenpai_tables.resize(tenpai_slots * static_cast<std::size_t>(draws + 1) * kTenpaiEntries);
  zero_row.assign(row_size(), 0.0);
  row_sums.resize(row_size());
  row_least.resize(row_size());
  order_states();
  list_edge_targets();
  // The rows a state reads were written long before (by states of the shanten below): their
  // loads are started two and one states ahead.
  for (std::size_t n = 0; n < order.size(); ++n) {
    if (n + 4 < order.size()) __builtin_prefetch(&nodes[order[n + 4]]);
    if (n + 2 < order.size()) prefetch_targets(order[n + 2]);
    if (n + 1 < order.size()) prefetch_rows(order[n + 1]);
    const std::uint32_t i = order[n];
    if (nodes[i].shanten == 0) {
      tenpai_values(i);
    } else {
      draw_values(i);
    }
  }
  for (Candidate& c : result.candidates) {
    for (auto& by_draws : c.by_draws) by_draws.assign(c.evaluated ? static_cast<std::size_t>(draws) : 0, 0.0);
    if (!c.evaluated) continue;
    // by_draws[o][r - 1] holds the value with r = draws - t draws left.
    for (int t = 0; t < draws; ++t) {
      for (int o = 0; o < kObjectives; ++o) {
        c.by_draws[o][static_cast<std::size_t>(draws - t - 1)] = candidate_value(c, t, static_cast<Objective>(o));
      }
    }
  }
}

}  // namespace tenbin::dp
