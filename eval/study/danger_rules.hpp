// The two baselines the opponent model is measured against: how dangerous a discard is against
// one riichi seat, by the rules players learn first.
//
// Rule table: each (discard, riichi seat) falls in one category, checked in this order:
//  - genbutsu: the riichi seat discarded the kind, or anyone did since its riichi (ron on it would
//    be furiten: it cannot deal in);
//  - honours, by how many copies the discarder can see (0-3);
//  - suji: a ryanmen wait on the tile would need a genbutsu kind on its other end (1/9 with 4/6,
//    2/8 with 5/5, 3/7 with 6/4; 4, 5, 6 need both ends: 1 and 7, 2 and 8, 3 and 9); a 4-6 with
//    one end only is half-suji;
//  - kabe (no chance): every ryanmen shape that waits on the tile needs a kind whose four copies
//    the discarder can all see;
//  - the rest by number: non-suji 1/9, 2/8, 3/7, 4-6.
// Each category's deal-in rate is fitted on separate logs (genbutsu is 0 by the rules).
// Uniform: every non-genbutsu discard gets one rate, fitted the same way.
// The categories follow the usual defensive lore (suji, kabe / no-chance, honours by count), as
// set out for example in Riichi Book 1 and the English riichi wiki's "Defense" article.
#pragma once

#include <array>
#include <string_view>
#include <vector>

#include "engine/table.hpp"

namespace tenbin::arena {

enum class DangerCategory : int {
  genbutsu,
  honour_0_seen, honour_1_seen, honour_2_seen, honour_3_seen,
  suji_19, suji_28, suji_37, suji_456, half_suji_456,
  kabe,
  non_suji_19, non_suji_28, non_suji_37, non_suji_456,
};
inline constexpr int kDangerCategories = 15;

std::string_view category_name(DangerCategory category);

// The category of discarding `kind` against `riichi_seat`, as `table`'s seat sees it (its
// visible tiles count for honours and kabe).
DangerCategory danger_category(const Table& table, int riichi_seat, int kind);

// One discard against one riichi seat, as the baselines see it.
struct CategoryOutcome {
  DangerCategory category = DangerCategory::genbutsu;
  bool happened = false;
};

// The fitted rates of both baselines.
struct RuleRates {
  std::array<double, kDangerCategories> category{};  // the rule table
  std::array<int, kDangerCategories> samples{};
  std::array<int, kDangerCategories> happened{};
  double uniform = 0;                                 // every non-genbutsu discard
};

// Rates from data: uniform = deal-ins / discards over the non-genbutsu ones; category c =
// (k_c + m * uniform) / (n_c + m) with m = kPriorWeight (a category seldom seen leans on the
// uniform rate instead of claiming 0 or 1); genbutsu 0.
inline constexpr double kPriorWeight = 2.0;
RuleRates fit_rule_rates(const std::vector<CategoryOutcome>& data);

double rule_table_probability(const RuleRates& rates, DangerCategory category);
double uniform_probability(const RuleRates& rates, DangerCategory category);

}  // namespace tenbin::arena
