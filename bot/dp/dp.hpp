// bot/dp/: the one-player expected-score DP (own draws only): win, tenpai and score odds for
// every discard of a hand, and its policy queries.
//
// For every discard, over the draws left, the probability of reaching tenpai, the probability of
// winning and the expected score, each maximised on its own. With S the unseen weight and t draws
// taken, a draw state's value is
//   p_t(v) = p_{t+1}(v) + sum over draws k of a_k(v)/(S-t) * max(0, best_{t+1}(v+k) - p_{t+1}(v)),
// a draw that does not help being the self-loop (tsumogiri): the bottom-up recurrence of
// "一人麻雀の和了確率計算アルゴリズム トップダウン vs ボトムアップ" (2022),
// https://tomohxx.hatenablog.com/entry/2022/09/17/030000. docs/dp.md describes the model, its
// edges (forward, hand changes, shanten-back, riichi), the scoring of wins and what is left out.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "engine/meld.hpp"
#include "engine/rules.hpp"
#include "engine/tile.hpp"

namespace tenbin::dp {

inline constexpr int kMaxDraws = 18;

enum class Objective : std::uint8_t { tenpai = 0, win = 1, score = 2 };
inline constexpr int kObjectives = 3;

// When a closed hand that reaches tenpai declares riichi: the better of riichi and dama (per
// objective), always, or never.
enum class RiichiMode : std::uint8_t { automatic, always, never };

// The share of a hand's wins that come by ron (docs/dp.md, "Rons"), where the ron has a yaku:
// such a win is priced at that share of its ron points and the rest of its tsumo points. 0 prices
// every win as a tsumo, the one-player game's own.
struct RonShares {
  double without_riichi = 0;  // a hand that wins without riichi: dama or open
  double riichi = 0;          // a declared riichi
};

// Which calls a closed hand may make in the DP (docs/dp.md, "Calls"), each leading to the same
// hand opened: none (the one-player game's own), only pons of its yakuhai (a call that brings its
// own yaku), or every call the offer rates give.
enum class ClosedHandCalls : std::uint8_t { none, yakuhai_pons, all };

// A path changes plan at most once (docs/dp.md says why): by a shanten-back first discard or by
// one hand change.
struct Options {
  // Value the first discards that raise the shanten by one too.
  bool shanten_back = true;
  // A draw that keeps the shanten (at 1-shanten or tenpai, not in riichi) may be kept, discarding
  // into another hand of the same shanten: at tenpai any such discard (the DP finds the changes
  // that widen the wait or raise the score: a yaku, a dora, a better wait); at 1-shanten the
  // widest such discard when it has strictly more ukeire, or with any_change_before_tenpai any
  // discard keeping 1-shanten (worth more expected score on some hands, for more states).
  bool hand_change = true;
  bool any_change_before_tenpai = false;
  RiichiMode riichi = RiichiMode::automatic;
  RonShares ron_share;
  // A closed hand's calls too (docs/dp.md, "Calls"): with the position's offer rates, a call from
  // a closed hand leads to the same hand opened, whose wins score open (a yaku of their own, no
  // riichi) and which calls on at every rate. `none`: a closed hand calls nothing.
  ClosedHandCalls closed_hand_calls = ClosedHandCalls::none;
  // A closed hand's call lays its meld down (docs/dp.md, "Calls"): the called tile and the two it
  // joins leave the concealed hand, so no later discard breaks the set; kuikae holds for the
  // discard after it; the opened hand's wins score with the meld, its dora, yakuhai and fu. Each
  // meld the hand can make of the offered tile is a choice. false: the called tile joins the
  // concealed hand as a draw would, the opened states keeping every tile among their counts.
  // The opened hand's later calls are the open hand's either way.
  bool lay_down_calls = false;
  // Also the win odds of the score objective's own choices (Candidate::score_policy_win; docs/dp.md,
  // "One policy's odds"). Not with calls: left empty when the position gives offer rates.
  bool score_policy_win = false;
  // A cap on the draw states the graph may hold (0: none, as the bot's own decisions play): a
  // hand whose graph passes it is refused with TooManyStates before its tables are made.
  std::size_t max_states = 0;
};

// A solve refused for its size (Options::max_states).
class TooManyStates : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The position as the DP needs it.
struct Position {
  TileCounts hand{};                  // concealed tiles: 3n+1 (draw state) or 3n+2 (discard state)
  std::vector<Meld> melds;
  std::array<bool, 3> red_in_hand{};  // 5mr 5pr 5sr among the concealed tiles
  int round_wind = kinds::east;
  int seat_wind = kinds::east;
  std::vector<Tile> dora_markers;
  // Where the draws come from: a weight per kind (flat unseen counts, or an estimate of the wall).
  std::array<double, kNumKinds> weights{};
  // Physical copies this seat cannot see, and whether each suit's red five is among them: the odds
  // that a drawn five is red.
  TileCounts unseen_copies{};
  std::array<bool, 3> red_unseen{};
  // Calls (docs/dp.md, "Calls"), for a hand that is open already: per kind, the chance per
  // go-round that one unseen copy is discarded by some other seat (a pon offer) and by the seat
  // before this one (a chi offer). All 0 (the default), and for a closed hand unless
  // Options::closed_hand_calls (and then those it names): no calls, the one-player game.
  std::array<double, kNumKinds> pon_offer_rate{};
  std::array<double, kNumKinds> chi_offer_rate{};
  int draws_left = 12;                // own draws still to come, 1..18
  bool haitei_on_last_draw = false;   // the last of those draws is the last tile of the wall
  // Sticks on the table: a win collects honba * 300 and riichi_sticks * 1000 besides its points.
  int honba = 0;
  int riichi_sticks = 0;
  // The hand has declared riichi already (its values are the locked riichi's); with `ippatsu`
  // the next draw is its ippatsu draw.
  bool in_riichi = false;
  bool ippatsu = false;
  // The kinds this hand may discard now (kuikae, a riichi's tsumogiri); others are not listed.
  std::array<bool, kNumKinds> discardable = all_kinds();
  Rules rules{};

  static constexpr std::array<bool, kNumKinds> all_kinds() {
    std::array<bool, kNumKinds> all{};
    for (bool& kind : all) kind = true;
    return all;
  }
};

// A riichi declaration puts 1000 points on the table; a win takes it back (expected score counts
// both: a riichi that never wins costs its deposit).
inline constexpr int kRiichiDeposit = 1000;

// A position's unseen tiles as this seat counts them: 4 per kind minus the concealed tiles, the
// melds, the dora indicators and `also_seen` (rivers and other melds, when known).
TileCounts count_unseen(const Position& position, const TileCounts& also_seen = {});
// Fills weights, unseen_copies and red_unseen from count_unseen (flat weights: the counts).
// `reds_seen` marks red fives seen elsewhere (rivers, other melds).
void set_flat_unseen(Position& position, const TileCounts& also_seen = {},
                     std::array<bool, 3> reds_seen = {});

// One choice: a discard of a 3n+2 hand, or the 3n+1 hand itself (discard = -1).
struct Candidate {
  int discard = -1;           // kind
  bool discard_red = false;   // the discard is the hand's red five (its only copy of that five)
  int shanten = 0;            // after the discard
  double ukeire = 0;          // weight of the draws that lower the shanten
  bool shanten_back = false;  // the discard raises the shanten
  // Whether the DP valued this discard: those keeping the shanten, and with the shanten-back
  // option those raising it by one. The others get shanten and ukeire only.
  bool evaluated = true;
  std::array<double, kObjectives> value{};  // at the requested draws left
  // by_draws[o][r - 1]: the value with r draws left (r = 1..draws_left): the same hand held at the
  // point of the same sweep where r draws remain, i.e. with draws_left - r wall tiles gone. A value
  // is NaN when that point is impossible (the counted useful tiles outnumber the wall). Expected
  // scores are net of the riichi deposit, so they may be negative when riichi is forced.
  std::array<std::vector<double>, kObjectives> by_draws;
  // With Options::score_policy_win, [r - 1] as in by_draws: the odds that the choices maximising
  // the expected score (by_draws[score]) win, where by_draws[win] is the fastest policy's.
  std::vector<double> score_policy_win;
  std::uint32_t node = 0;     // the draw state (for policy queries)
};

struct Result {
  std::vector<Candidate> candidates;  // best first: expected score, then win, then tenpai odds
  std::size_t draw_states = 0;        // distinct hand states visited (3n+1)
  std::size_t discard_states = 0;     // distinct 3n+2 states with a choice
  std::size_t winning_hands = 0;      // complete hands scored
  std::size_t table_bytes = 0;        // memory held by the graph and the value tables
  std::size_t impossible_entries = 0; // (state, t) pairs valued 0 as impossible (docs/dp.md)
};

// The riichi status of a hand in a simulation of the DP's policy.
enum class RiichiState : std::uint8_t { none, fresh, stale };

// What the policy does after drawing a tile.
struct Choice {
  bool win = false;
  int discard = -1;          // kind (the drawn kind for tsumogiri)
  std::uint32_t next = 0;    // the draw state after the discard
  bool riichi = false;       // the discard declares riichi
};

class Solver {
 public:
  Solver();
  // The values of every state at every time are kept, for the policy queries below.
  Solver(const Position& position, const Options& options);
  // Solves another position, reusing this solver's memory (a player keeps one solver).
  const Result& solve(const Position& position, const Options& options);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  const Result& result() const;

  // Policy queries, for playing the DP's own policy. `t` counts the draws taken
  // before the current one (0 for the first draw); the drawn kind joins the hand of `node`.
  Choice choose(std::uint32_t node, RiichiState riichi, int t, int drawn, Objective objective) const;
  // Whether a hand entered at time t (t draws taken) declares riichi with the discard.
  bool declares_riichi(std::uint32_t node, int t, Objective objective) const;
  TileCounts hand_of(std::uint32_t node) const;
  int shanten_of(std::uint32_t node) const;
  // The value of a draw state at time t (t = draws_left gives the terminal value).
  double value(std::uint32_t node, int t, Objective objective) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

Result evaluate(const Position& position, const Options& options);

}  // namespace tenbin::dp
