#include "eval/study/danger_rules.hpp"

namespace tenbin::arena {
namespace {

constexpr std::array<std::string_view, kDangerCategories> kNames = {
    "genbutsu",   "honour, 0 seen", "honour, 1 seen", "honour, 2 seen", "honour, 3 seen",
    "suji 1/9",   "suji 2/8",       "suji 3/7",       "suji 4/5/6",     "half-suji 4/5/6",
    "kabe",       "non-suji 1/9",   "non-suji 2/8",   "non-suji 3/7",   "non-suji 4/5/6",
};

bool is_genbutsu(const SeatView& riichi, int kind) {
  return riichi.discarded[kind] > 0 || riichi.passed_in_riichi[kind] > 0;
}

// Ryanmen shapes waiting on number n: (n+1, n+2) for n <= 6, (n-2, n-1) for n >= 4. A shape is
// impossible when the discarder sees all four copies of one of its tiles.
bool is_kabe(const TileCounts& visible, int kind) {
  const int number = number_of(kind);
  const auto gone = [&](int offset) { return visible[kind + offset] >= kCopiesPerKind; };
  const bool upper_open = number <= 6 && !gone(1) && !gone(2);
  const bool lower_open = number >= 4 && !gone(-1) && !gone(-2);
  return !upper_open && !lower_open;
}

DangerCategory by_number(int number, DangerCategory edge, DangerCategory two, DangerCategory three,
                         DangerCategory middle) {
  if (number == 1 || number == 9) return edge;
  if (number == 2 || number == 8) return two;
  if (number == 3 || number == 7) return three;
  return middle;
}

}  // namespace

std::string_view category_name(DangerCategory category) { return kNames[static_cast<std::size_t>(category)]; }

DangerCategory danger_category(const Table& table, int riichi_seat, int kind) {
  const SeatView& riichi = table.player(riichi_seat);
  if (is_genbutsu(riichi, kind)) return DangerCategory::genbutsu;
  const TileCounts visible = table.visible();
  if (is_honor(kind)) return static_cast<DangerCategory>(static_cast<int>(DangerCategory::honour_0_seen) + std::min<int>(visible[kind], 3));
  const int number = number_of(kind);
  // Suji: the other end of each ryanmen shape is genbutsu.
  const bool low_end = number >= 4 && is_genbutsu(riichi, kind - 3);
  const bool high_end = number <= 6 && is_genbutsu(riichi, kind + 3);
  const bool middle = number >= 4 && number <= 6;
  if (middle && low_end && high_end) return DangerCategory::suji_456;
  if (!middle && (low_end || high_end)) {
    return by_number(number, DangerCategory::suji_19, DangerCategory::suji_28, DangerCategory::suji_37,
                     DangerCategory::suji_456);
  }
  if (middle && (low_end || high_end)) return DangerCategory::half_suji_456;
  if (is_kabe(visible, kind)) return DangerCategory::kabe;
  return by_number(number, DangerCategory::non_suji_19, DangerCategory::non_suji_28, DangerCategory::non_suji_37,
                   DangerCategory::non_suji_456);
}

RuleRates fit_rule_rates(const std::vector<CategoryOutcome>& data) {
  RuleRates rates;
  int unsafe = 0;
  int unsafe_happened = 0;
  for (const CategoryOutcome& d : data) {
    const auto c = static_cast<std::size_t>(d.category);
    ++rates.samples[c];
    rates.happened[c] += d.happened ? 1 : 0;
    if (d.category == DangerCategory::genbutsu) continue;
    ++unsafe;
    unsafe_happened += d.happened ? 1 : 0;
  }
  rates.uniform = unsafe > 0 ? static_cast<double>(unsafe_happened) / unsafe : 0.0;
  for (std::size_t c = 1; c < rates.category.size(); ++c) {
    rates.category[c] = (rates.happened[c] + kPriorWeight * rates.uniform) / (rates.samples[c] + kPriorWeight);
  }
  rates.category[0] = 0.0;
  return rates;
}

double rule_table_probability(const RuleRates& rates, DangerCategory category) {
  return rates.category[static_cast<std::size_t>(category)];
}

double uniform_probability(const RuleRates& rates, DangerCategory category) {
  return category == DangerCategory::genbutsu ? 0.0 : rates.uniform;
}

}  // namespace tenbin::arena
