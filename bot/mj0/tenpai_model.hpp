// The probability that an opponent is tenpai, from what the table shows of that seat.
//
// A riichi declaration settles it (probability 1). Otherwise a logistic model on a few features
// a player can read off the table (how many discards the seat has made, its open melds, how many
// of its recent discards were tsumogiri, middle tiles thrown late) gives
//   p = 1 / (1 + exp(-(w . x)))
// with the terms x named in data/tenpai_model.json. The weights are fitted by scripts/study/fit-tenpai
// on arena logs (label: the seat's real shanten is 0 after its discard) and compiled into the
// binary from that file, so nothing is read at run time. docs/model-studies.md ("Tenpai
// probability") documents the data and the fitted figures.
#pragma once

#include <string>
#include <vector>

#include "bot/mj0/mj0.hpp"
#include "engine/table.hpp"

namespace tenbin::tenpai_model {

// How many recent discards the tsumogiri count looks at, and how many the late-middle count.
inline constexpr int kRecentDiscards = 6;
inline constexpr int kLateWindow = 3;
// A discard counts as late from the seat's 7th discard on.
inline constexpr int kLateFromDiscard = 7;

struct Features {
  bool riichi = false;       // riichi declared (the declaration discard may still be coming)
  int discards = 0;          // the turn: discards made, called-away ones included
  int open_melds = 0;        // chi, pon, daiminkan, kakan (an ankan keeps the hand closed)
  int recent_discards = 0;   // discards in the recent window: min(discards, kRecentDiscards)
  int recent_tsumogiri = 0;  // tsumogiri among them
  int late_middle = 0;       // 3-7 number tiles among the last kLateWindow discards, counting
                             // only discards made from the kLateFromDiscard-th on
  friend bool operator==(const Features&, const Features&) = default;
};

// What `table`'s own seat sees of `seat` (any seat, the table's own included).
Features features_of(const Table& table, int seat);

double tenpai_probability(const Features& features);  // 1 after riichi
double tenpai_probability(const Table& table, int seat);

// MJ-0's position for `table`'s seat with every opponent's tenpai probability from this model
// (1 in riichi), and the mode rule's constants `modes`.
mj0::Position mj0_position(const Table& table, const mj0::ModeParams& modes = {});

// The terms of the linear predictor, as data/tenpai_model.json names them.
enum class Term {
  bias,             // 1
  discards,         // the turn
  discards_sq,      // discards^2 / 10
  open,             // 1 with an open meld
  open_melds,       // how many
  open_discards,    // discards when open, else 0
  tsumogiri_share,  // recent_tsumogiri / recent_discards (0 without discards)
  late_middle,      // as in Features
};
// Throws std::invalid_argument for a name that is not a term.
Term parse_term(const std::string& name);
double term_value(Term term, const Features& features);

// The fitted model.
struct Model {
  std::vector<Term> terms;
  std::vector<double> weights;  // one per term
};

// The compiled-in model (data/tenpai_model.json, parsed once on first use).
const Model& model();
// Parses a model file's text; throws std::invalid_argument naming what is wrong (not JSON, an
// unknown term, weights and terms of different lengths).
Model parse_model(const std::string& json_text);
// The logistic model's probability, ignoring the riichi flag.
double logistic_probability(const Model& model, const Features& features);

}  // namespace tenbin::tenpai_model
