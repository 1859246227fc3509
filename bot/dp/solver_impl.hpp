// dp::Solver's state and steps, shared by the files of bot/dp/: set-up and the result
// (solver.cpp), graph expansion (expand.cpp), scoring of wins (win_scoring.cpp), the sweep
// (sweep.cpp) and the policy queries (policy.cpp). docs/dp.md describes the model. A step that
// only its own file calls is defined `inline` there, so that the compiler inlines the hot ones
// into their callers as it would within one class definition.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "bot/dp/dp.hpp"
#include "bot/dp/graph.hpp"
#include "bot/dp/hand_key.hpp"
#include "bot/dp/key_index.hpp"
#include "bot/dp/large_pages.hpp"
#include "bot/dp/value.hpp"
#include "bot/dp/win_value.hpp"
#include "engine/agari.hpp"
#include "engine/neighbour_shanten.hpp"
#include "engine/score.hpp"

namespace tenbin::dp {

// A closed tenpai hand's tables per time (docs/dp.md, "Riichi"): dama (may still change hands),
// riichi declared with the last discard (the next draw is ippatsu) and riichi declared earlier
// (locked: win or tsumogiri).
enum class TenpaiTable : std::uint8_t { dama = 0, fresh_riichi = 1, locked_riichi = 2 };

template <typename T>
using LargeVector = LargePageVector<T>;

// The data members keep their order across the files' sections: where the hot ones sit in memory
// shows in the DP benchmarks.
struct Solver::Impl {
  Position position;
  Options options;
  int draws = 0;             // n
  double wall = 0;           // S: total weight
  int melds = 0;
  bool closed = true;
  bool riichi_possible = false;
  bool calls = false;        // offer rates for an open hand (or a closed one's calls): call slots valued
  bool closed_calls = false; // a closed hand's calls lead to its opened states
  std::uint64_t opening_kinds = 0;  // bit k: a closed hand may call kind k (closed_calls)
  TileCounts root{};         // the hand the extra copies are counted from
  int root_shanten = 0;
  bool root_is_draw = true;

  LargeVector<DrawNode> nodes;
  LargeVector<DrawEdge> edges;
  LargeVector<DiscardNode> discards;
  LargeVector<Successor> successors;
  std::vector<WinValue> wins;
  GroupNeedsCache group_cache;
  KeyIndex node_index;
  KeyIndex discard_index;
  KeyIndex win_index;        // (x, k) -> wins
  KeyIndex ukeire_index;     // hands whose ukeire was computed -> ukeire_values
  std::vector<float> ukeire_values;
  std::size_t tenpai_slots = 0;
  int expanding_depth = -1;  // depth of the state being expanded (-1: making the candidates)

  // Fixed score inputs (win_scoring.cpp).
  int aka_melds = 0;
  std::array<double, kNumKinds> ura_weight{};  // P(the ura indicator points at this kind)
  WinContext context;

  Result result;

  // The weight of a draw of `kind` to a hand holding `copies` of it: the unseen weight less the
  // copies this path has taken out of the wall (set_up_draw_weights fills the table).
  std::array<std::array<float, kCopiesPerKind + 1>, kNumKinds> draw_weight{};
  // With calls, per edge (beside `edges`): the chance per go-round that its kind is offered to a
  // hand that can call it and the call lowers the shanten (docs/dp.md, "Calls"), else 0.
  LargeVector<double> call_chances;
  // With a closed hand's calls, per edge: the opened discard state its call leads to, or with
  // lay_down_calls the discard state of its laid-down melds (kNone: the call takes the tile into
  // the edge's own discard state, as in a hand that is open already).
  LargeVector<std::uint32_t> call_targets;

  // ---- set-up and result (solver.cpp) ----

  void run();
  void reset();
  void check_position();
  void fill_result();

  // ---- graph expansion (expand.cpp) ----

  void set_up_draw_weights();
  double call_chance(const TileCounts& hand, const TileCounts& held, int kind) const;
  void add_edge(const DrawEdge& edge, double call, std::uint32_t call_target = kNone);
  bool riichi_allowed(const HandKey& key) const { return riichi_possible && !is_opened(key); }
  float weight_of(const TileCounts& hand, int kind) const { return draw_weight[kind][hand[kind]]; }

  // The ukeire of a hand, computed once per solve; `key` holds its counts (no flags).
  float ukeire_of(const HandKey& key, const TileCounts& hand);
  float ukeire_of_hand(const TileCounts& hand);
  void remember_ukeire(const HandKey& key, float ukeire);

  std::uint32_t draw_node(const HandKey& key, int hand_shanten);
  std::uint32_t improving_discard(const HandKey& x_key, const TileCounts& x, int x_shanten, const ShantenProbe& probe,
                                  int k);
  std::uint32_t laid_down_call(const HandKey& v_key, const TileCounts& v, int s, int kind);
  std::uint32_t change_discard(const HandKey& x_key, const TileCounts& x, int s, const ShantenProbe& probe, int k);
  void keep_widest(std::uint32_t begin);
  std::uint16_t allow_changes(std::uint32_t j, float threshold);
  std::int32_t win_of(const HandKey& x_key, const TileCounts& x, int k);
  bool any_change(int s) const;
  bool changes_allowed(int s, const HandKey& key) const;
  void expand_locked_tenpai(std::uint32_t i, const TileCounts& hand);
  void expand(std::uint32_t i);
  std::uint64_t root_flags() const;
  void make_candidates();
  void build();

  // ---- scoring of wins (win_scoring.cpp) ----

  // What a win of han/fu takes from the others (a tsumo's, a ron's), remembered per solve for the
  // non-yakuman hands.
  static constexpr int kMemoFu = 23;  // fu / 5 for fu up to 110
  std::array<std::int32_t, 2 * 14 * kMemoFu> points_memo{};
  WinContext ron_context;  // the same win by ron (options.ron_share)

  // A win's ron points by extra han: from readings without riichi when a ron has a yaku without
  // it (`dama`), else for a closed hand from readings with riichi's han in them.
  struct RonPoints {
    bool dama = false;
    bool riichi = false;
    int riichi_han_included = 0;
    PointsByHan points{};
  };

  // The regular readings of each complete hand, read once for all its winning tiles.
  KeyIndex readings_index;                        // hand -> its index in readings_begin/end
  std::vector<std::uint32_t> readings_begin;      // per hand: its readings' range in reading_store
  std::vector<std::uint32_t> readings_end;
  std::vector<Decomposition> reading_store;

  void set_up_scoring();
  TileCounts all_tiles(const TileCounts& held) const;
  HanDistribution extra_han(const TileCounts& held, std::uint64_t flags) const;
  HanDistribution ura_han(const TileCounts& held) const;
  PointsByHan points_by_han(const ReadingValues& readings, int most, bool tsumo);
  int hand_points(int han, int fu, int yakuman, bool tsumo);
  std::span<const Decomposition> regular_readings(const HandKey& key, const TileCounts& x);
  bool prices_rons(bool riichi) const;
  RonPoints ron_points(const WinningHand& hand, std::span<const Decomposition> regular, int most, bool with_riichi);
  WinValue score_win(const HandKey& x_key, const TileCounts& x, int k);

  // ---- the sweep (sweep.cpp) ----

  // Every state's values over all times, a row per state (t = 0..draws, kObjectives each). An
  // impossible (state, t) holds 0 and sets its bit in `impossible_at` (bit 20 * objective + t).
  LargeVector<double> values;
  std::vector<std::uint64_t> impossible_at;
  LargeVector<double> tenpai_tables;    // per tenpai slot and time: TenpaiTable x {win, score}
  std::vector<double> zero_row;         // the continuation of a draw that only wins
  std::vector<double> scratch;          // continuation rows of the edges of one state
  std::vector<const double*> edge_rows; // per edge of that state: its continuation row
  std::vector<double> row_sums;         // per time and objective: the edges' weighted sum
  std::vector<double> row_least;        // and their least continuation
  // With calls, the offers of the state being valued: each callable edge's continuation row and
  // its chance per go-round.
  struct Offer {
    const double* next = nullptr;
    double chance = 0;
  };
  std::vector<Offer> offers;
  std::vector<double> call_scratch;     // the rows of those offers that open a closed hand
  std::vector<std::uint32_t> order;     // the states in the order they are valued
  std::size_t impossible = 0;
  std::size_t row_length = 0;  // (draws + 1) * kObjectives, set by sweep()
  // Each edge's draw states (the successors its draw may lead to), listed once so that valuing a
  // state reads its draws' targets from one place.
  LargeVector<std::uint32_t> edge_targets;
  LargeVector<std::uint32_t> edge_target_begin;  // per edge, and one past the last
  LargeVector<std::uint32_t> call_target_begin;  // the same for the opened call targets
  // 1 / (S - t): a draw's share of the wall left at time t (the recurrence multiplies by it, a
  // division being the slowest step of the chain over times).
  std::array<double, kMaxDraws + 1> per_wall_left{};

  std::size_t row_size() const { return row_length; }
  const double* row(std::uint32_t node) const { return values.data() + node * row_size(); }
  static std::size_t row_at(int t, Objective objective) {
    return static_cast<std::size_t>(t) * kObjectives + static_cast<std::size_t>(objective);
  }
  double read(std::uint32_t node, int t, Objective objective) const { return row(node)[row_at(t, objective)]; }
  static std::uint64_t impossible_bit(int t, Objective objective) {
    return std::uint64_t{1} << (20 * static_cast<int>(objective) + t);
  }
  // The value as reported: NaN where the time cannot occur.
  double reported_value(std::uint32_t node, int t, Objective objective) const {
    if ((impossible_at[node] & impossible_bit(t, objective)) != 0) return kImpossible;
    return read(node, t, objective);
  }
  void set(std::uint32_t node, int t, Objective objective, double value) {
    double& slot = values[node * row_size() + row_at(t, objective)];
    if (is_impossible(value)) {
      impossible_at[node] |= impossible_bit(t, objective);
      slot = 0;
      return;
    }
    slot = value;
  }
  // A tenpai state's table entry for the win or score objective (NaN where impossible).
  static constexpr std::size_t kTenpaiEntries = 6;  // per time: three tables, two objectives
  std::size_t tenpai_at(std::int32_t slot, int t, TenpaiTable table, Objective objective) const {
    return (static_cast<std::size_t>(slot) * static_cast<std::size_t>(draws + 1) + static_cast<std::size_t>(t)) *
               kTenpaiEntries +
           static_cast<std::size_t>(2 * static_cast<int>(table) + static_cast<int>(objective) - 1);
  }
  double& tenpai_entry(std::int32_t slot, int t, TenpaiTable table, Objective objective) {
    return tenpai_tables[tenpai_at(slot, t, table, objective)];
  }
  double tenpai_entry(std::int32_t slot, int t, TenpaiTable table, Objective objective) const {
    return tenpai_tables[tenpai_at(slot, t, table, objective)];
  }
  // The locked riichi's value, 0 where impossible (the chain over times reads it so).
  double locked_riichi(std::int32_t slot, int t, Objective objective) const {
    return or_zero(tenpai_entry(slot, t, TenpaiTable::locked_riichi, objective));
  }

  // One term of the recurrence: a draw whose best value beats staying (base) adds its weight to
  // the helpful weight and its weighted gain. Without a branch (which draws help is
  // unpredictable); a draw that does not help adds exact zeros. "Beats" is by more than rounding
  // (beats()), so that two values equal but for the order of their sums tie, as they would exactly.
  struct Part {
    double base = 0, gain = 0, helpful = 0;
    void add(double weight, double best) {
      const double lead = best - base;
      const bool helps = beats(best, base);
      gain += helps ? weight * lead : 0.0;
      helpful += helps ? weight : 0.0;
    }
  };
  struct TenpaiEdge {
    const double* next = nullptr;
    double weight = 0;
    bool dama_win = false;
    std::array<double, 2> dama_points{};  // without and with haitei
  };
  struct RiichiWin {
    double weight = 0;
    std::array<double, 2> ippatsu_points{};
    std::array<double, 2> riichi_points{};
  };
  std::vector<TenpaiEdge> tenpai_edges;  // of the tenpai state being valued
  std::vector<RiichiWin> riichi_wins;

  void sweep();
  void order_states();
  void list_edge_targets();
  const double* continuation_row(std::uint32_t edge, std::size_t from, std::size_t to, double* out) const;
  const double* best_row(std::uint32_t begin, std::uint32_t end, std::size_t from, std::size_t to, double* out) const;
  void gather_continuations(const DrawNode& node, std::size_t from, std::size_t to);
  void prefetch_targets(std::uint32_t i) const;
  void prefetch_rows(std::uint32_t i) const;
  int first_time(const DrawNode& node) const;
  void gather_offers(const DrawNode& node, std::size_t from, std::size_t to);
  double call_gain(int t, Objective objective, double value) const;
  void draw_values(std::uint32_t i);
  void tenpai_values(std::uint32_t i);
  double settle(double base, double gain, double helpful, int t);
  static Part locked_win_part(double base, double riichi_weight);
  double store_tenpai(std::uint32_t i, std::int32_t slot, int t, Objective objective, bool riichi_on,
                      const Part& dama_part, const Part& fresh_part, const Part& locked_part);
  // Entering riichi with the fresh table's value: the score objective pays the deposit (the
  // tables count its return on a win).
  static double declaration_value(double fresh, Objective objective) {
    if (is_impossible(fresh)) return fresh;
    return objective == Objective::score ? fresh - kRiichiDeposit : fresh;
  }
  // A candidate's value at time t: its draw state's, or for a hand already in riichi the locked
  // riichi's (ippatsu on the next draw when it is still due), the deposit being paid already.
  double candidate_value(const Candidate& c, int t, Objective objective) const {
    const DrawNode& node = nodes[c.node];
    if (!position.in_riichi || node.shanten != 0 || objective == Objective::tenpai || !riichi_possible) {
      return reported_value(c.node, t, objective);
    }
    const TenpaiTable table = position.ippatsu && t == 0 ? TenpaiTable::fresh_riichi : TenpaiTable::locked_riichi;
    return tenpai_entry(node.tenpai_slot, t, table, objective);
  }

  // ---- policy queries (policy.cpp) ----

  double win_points(const DrawEdge& edge, WinVariant variant, int t) const;
  bool riichi_at(std::uint32_t node, int t, Objective objective) const;
  const DrawEdge* edge_of(std::uint32_t node, int kind) const;
  Choice choose(std::uint32_t node, RiichiState riichi, int t, int drawn, Objective objective) const;
  // The same for a draw along `edge` (nullptr: a draw no edge leads from).
  Choice choose_on(std::uint32_t node, RiichiState riichi, int t, const DrawEdge* edge, int drawn,
                   Objective objective) const;

  // ---- the score policy's win odds (policy.cpp) ----

  // The odds that the score objective's choices win from a draw state entered at time t (before
  // its riichi choice), per state and time, and per tenpai slot, time and riichi (fresh, stale)
  // for a declared hand: computed on demand from the candidates, NaN until then.
  std::vector<float> policy_win;
  std::vector<float> policy_win_declared;
  void fill_score_policy_win();
  double score_policy_win(std::uint32_t node, int t);
  double score_policy_win_dama(std::uint32_t node, int t);
  double score_policy_win_declared(std::uint32_t node, RiichiState riichi, int t);
};

}  // namespace tenbin::dp
