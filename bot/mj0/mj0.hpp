// bot/mj0/: the opponent model: MJ-0 sampling of the opponents' hands and the wall, the exact
// tenpai-form count, and the tenpai model.
//
// MJ-0: the opponents' hands, the wall, and the danger of every tile. Each opponent's concealed
// sets are sampled from the tiles the observer cannot see, each weighed by its number of physical
// combinations; a sample is a tenpai hand, rejected when one of its waits is furiten, so
// genbutsu, suji and kabe come out of the counting. docs/mj0.md describes the model (sampling,
// modes, wall estimate, exact mode) and its source.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/meld.hpp"
#include "engine/rules.hpp"
#include "engine/tile.hpp"

namespace tenbin {
class Table;
}

namespace tenbin::mj0 {

inline constexpr int kMaxOpponents = 3;
inline constexpr int kDeadWallTiles = 14;
// The tenpai probability given to an opponent not in riichi when nothing better is known; the
// caller overwrites it with the tenpai model's value (bot/mj0/tenpai_model.hpp).
inline constexpr double kDefaultTenpai = 0.25;

// The constants of the mode rule (estimate_modes) and of a caller's weights (docs/mj0.md,
// "Modes"). The odds are measured on the hands that ended tenpai in matches against the gauntlet
// (scripts/study/mode-odds --fit); the cap, the river's length and the weights are first estimates.
struct ModeParams {
  double flush_base = 0;
  double flush_per_meld = 0.16;
  double flush_cap = 0.85;
  double flush_less_per_discard = 0.07;
  double river_flush = 0.036;
  int river_flush_discards = 8;
  double triplets_two_calls = 0.121;
  double triplets_one_call = 0.027;
  int caller_triplet_weight = 4;
  int caller_run_weight = 2;
};

// The hand-building modes of one opponent and their probabilities (docs/mj0.md, "Modes").
// estimate_modes documents the rule that fills them from the table.
struct ModeOdds {
  std::array<double, 3> flush{};  // P(flush hunter in man, pin, sou): space = that suit + honours
  double all_triplets = 0;        // P(all-triplets hunter): no runs (drawn when not flushing)
  bool caller = false;            // a seat with called melds: triplets x4, runs x2
};

// One opponent as the observing seat sees it.
struct Opponent {
  int seat = 0;                    // absolute seat 0-3
  std::vector<Meld> melds;         // called melds (fixed), ankan included
  int concealed = 13;              // concealed tile count between turns: 13 - 3 * melds
  TileCounts discarded{};          // every kind in their river (called away too): own furiten
  bool riichi = false;
  bool double_riichi = false;
  bool ippatsu = false;
  TileCounts passed_in_riichi{};   // kinds anyone discarded since their riichi (riichi furiten)
  double tenpai_probability = 1.0; // 1 in riichi; else the caller's (tenpai model) value
  int seat_wind = kinds::east;     // kind
  bool dealer = false;
  int river_size = 0;              // discards made (called away included)
  std::array<int, 4> river_by_group{};  // of those, man, pin, sou and honours
  ModeOdds modes;                  // from estimate_modes; the caller may overwrite

  int concealed_sets() const { return 4 - static_cast<int>(melds.size()); }
  bool closed() const;
};

// Everything the model needs, built from a Table (or written by hand in tests).
struct Position {
  int observer = 0;
  int dealer = 0;
  TileCounts unseen{};             // 4 per kind minus everything the observer sees
  std::array<bool, 3> red_unseen{};  // whether each suit's red five is among the unseen tiles
  TileCounts observer_hand{};      // the observer's concealed tiles (the kinds it may discard)
  std::vector<Opponent> opponents; // the others, in seat order after the observer
  int round_wind = kinds::east;    // kind
  int honba = 0;
  int kyotaku = 0;                 // riichi sticks on the table (the winner collects them)
  std::vector<Tile> dora_markers;
  int live_tiles_left = 70;
  Rules rules{};

  int dead_unseen() const { return kDeadWallTiles - static_cast<int>(dora_markers.size()); }
};

// The observer's position at this point of the hand. Riichi opponents get tenpai probability 1,
// the others `default_tenpai` (the caller overwrites it with the tenpai model's value); modes
// from estimate_modes.
Position position_from_table(const Table& table, double default_tenpai = kDefaultTenpai,
                             const ModeParams& modes = {});

// Which branch of the mode rule gave each of its odds, so that a study can set the odds beside
// what the hands turned out to be (`tenbin modes`, scripts/study/mode-odds).
enum class FlushReading { none, melds_in_suit, long_river };
enum class TripletsReading { none, two_triplet_melds, one_open_triplet };
struct ModeReading {
  ModeOdds odds;
  std::array<FlushReading, 3> flush{};  // man, pin, sou
  TripletsReading all_triplets = TripletsReading::none;
};

// The mode rule (docs/mj0.md, "Modes"; its constants are ModeParams'):
//  - caller: the seat has an open meld.
//  - flush in suit s, melds_in_suit: every numbered meld is in s (and there is one): flush_base
//    plus flush_per_meld per meld (at most flush_cap), less flush_less_per_discard per discard of
//    s, never below 0; long_river: no numbered meld, and a river of at least river_flush_discards
//    with none of s and at least two of each other suit: river_flush.
//  - all triplets (drawn when no flush is): no chi and at least two pon/kan: triplets_two_calls;
//    no chi and one open pon/kan: triplets_one_call.
// Modes are impossible against the melds (a flush against a meld of another suit, all triplets
// against a chi) and for riichi hands the caller weights do not apply.
ModeReading read_modes(const Opponent& opponent, const ModeParams& params = {});

// The rule's odds alone.
ModeOdds estimate_modes(const Opponent& opponent, const ModeParams& params = {});

// The rule read off any seat of the table (the table's own too) from its melds and river.
ModeReading read_modes_at(const Table& table, int seat, const ModeParams& params = {});

struct Settings {
  int samples = 5000;              // joint draws of the three hands
  std::uint64_t seed = 1;
  bool modes = true;               // draw flush / all-triplets / caller modes (else all normal)
  ModeParams mode_params;          // the callers' weights
  bool suji_pairs = true;          // the source's 36/47-type pairs beside a concealed run
  bool score = true;               // score wins for the expected loss (and the yaku rule)
  int scored_samples = 1000;       // per opponent: accepted samples whose waits are scored
  // An open hand that is tenpai is taken to hold a yaku (calls are made for one): its waits are
  // those of the scored samples with a yaku wait, not every sample's scaled by the yaku share.
  bool open_hands_have_yaku = true;
  int max_failed_draws = 0;        // construction failures allowed (0: 4 x samples)
  // Sampling stops early, keeping what it has, once this time has passed (checked every
  // kDeadlineCheckEvery draws): a bound for a machine too loaded to finish the plan.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};
inline constexpr int kDeadlineCheckEvery = 32;

struct TileDanger {
  double deal_in = 0;          // P(discarding this kind now deals in to this opponent)
  double expected_loss = 0;    // E[points paid by the observer] = deal_in * E[points | ron]
  double std_error = 0;        // standard error of deal_in (binomial, from the accepted samples)
};

struct OpponentEstimate {
  int seat = 0;
  double tenpai_probability = 0;
  std::array<TileDanger, kNumKinds> tiles{};
  // Sampled frequency of each mode: normal, flush, all triplets (caller is a fixed flag).
  std::array<double, 3> mode_frequency{};
  int accepted_samples = 0;    // samples not furiten for this opponent
  int scored_samples = 0;      // of those, scored
  double acceptance_rate = 0;  // accepted / successful draws
  double mean_points = 0;      // mean points of the scored wins (yaku-less ones excluded)
  double yaku_rate = 1;        // fraction of scored waits with a yaku (1 in riichi)
};

struct Estimate {
  std::array<double, kNumKinds> wall{};  // expected copies of each kind left in the live wall
  std::array<double, kNumKinds> held{};  // expected copies held by the opponents together
  std::vector<OpponentEstimate> opponents;
  int samples = 0;             // successful joint draws
  int failed_draws = 0;        // draws abandoned (a mode that could not complete a hand)
};

// The overall danger of discarding `kind`: 1 - prod over opponents (1 - deal_in).
double deal_in_probability(const Estimate& estimate, int kind);
// The overall expected loss: the sum over opponents (under double ron each winner is paid).
double expected_loss(const Estimate& estimate, int kind);

// Reusable: the workspace is kept between calls, so the sampling loop allocates nothing after
// the first call with a given number of opponents.
class Sampler {
 public:
  Sampler();
  ~Sampler();
  Sampler(const Sampler&) = delete;
  Sampler& operator=(const Sampler&) = delete;

  const Estimate& estimate(const Position& position, const Settings& settings);

  struct Workspace;

 private:
  std::unique_ptr<Workspace> work_;
  Estimate result_;
};

// Exact mode, raw: the weight (physical combinations of unseen copies) of every concealed tenpai
// hand of the opponent that is not furiten, in total and waiting on each kind. Integers, so that
// tests compare them exactly.
struct ExactForms {
  std::uint64_t total = 0;
  std::array<std::uint64_t, kNumKinds> waiting{};
};
ExactForms count_tenpai_forms(const Position& position, int opponent_index);

// Exact mode for one riichi opponent: deal_in(k) = tenpai_probability * waiting[k] / total
// (std_error 0, expected_loss 0: exact mode does not score). Throws std::invalid_argument when
// the opponent is not in riichi.
OpponentEstimate exact_riichi_danger(const Position& position, int opponent_index);

}  // namespace tenbin::mj0
