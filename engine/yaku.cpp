// Yaku judgement, one small rule per yaku (standard Japanese rules, Tenhou rule set by default:
// see docs/rules.md for the rule text each function follows).
#include "engine/yaku.hpp"

#include <algorithm>

namespace tenbin {
namespace {

constexpr std::array<std::string_view, 48> kYakuNames = {
    "riichi",      "double_riichi", "ippatsu",   "menzen_tsumo",    "pinfu",
    "tanyao",      "iipeikou",      "haku",      "hatsu",           "chun",
    "bakaze",      "jikaze",        "haitei",    "houtei",          "rinshan",
    "chankan",     "chiitoitsu",    "sanshoku",  "sanshoku_doukou", "ittsu",
    "chanta",      "junchan",       "toitoi",    "sanankou",        "sankantsu",
    "shousangen",  "honroutou",     "honitsu",   "ryanpeikou",      "chinitsu",
    "kokushi",     "kokushi_13",    "suuankou",  "suuankou_tanki",  "daisangen",
    "shousuushii", "daisuushii",    "tsuuiisou", "ryuuiisou",       "chinroutou",
    "chuuren",     "junsei_chuuren", "suukantsu", "tenhou",         "chiihou",
    "dora",        "aka_dora",      "ura_dora",
};

// --- facts about the tiles -------------------------------------------------------------------

bool all_tiles(const TileCounts& all, bool (*allowed)(int)) {
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (all[kind] != 0 && !allowed(kind)) return false;
  }
  return true;
}

int tiles_of_kinds(const TileCounts& all, int first, int last) {
  int total = 0;
  for (int kind = first; kind <= last; ++kind) total += all[kind];
  return total;
}

// The suits present (bit 0 m, 1 p, 2 s) and whether honours are.
int suits_present(const TileCounts& all) {
  int suits = 0;
  for (int suit = 0; suit < 3; ++suit) {
    if (tiles_of_kinds(all, suit * 9, suit * 9 + 8) != 0) suits |= 1 << suit;
  }
  return suits;
}

bool has_honors(const TileCounts& all) { return tiles_of_kinds(all, kinds::east, kinds::red) != 0; }

bool is_green(int kind) {
  return kind == kinds::s1 + 1 || kind == kinds::s1 + 2 || kind == kinds::s1 + 3 ||
         kind == kinds::s1 + 5 || kind == kinds::s1 + 7 || kind == kinds::green;
}

// --- facts about a regular reading -----------------------------------------------------------

bool is_triplet(const ReadSet& set) { return set.shape == SetShape::triplet; }

int count_sets(const HandReading& hand, bool (*test)(const ReadSet&)) {
  return static_cast<int>(std::count_if(hand.sets.begin(), hand.sets.end(), test));
}

int kans(const HandReading& hand) {
  return count_sets(hand, [](const ReadSet& set) { return set.kan; });
}

// Concealed triplets: not called, and not completed by ron (the reading marks those open).
int concealed_triplets(const HandReading& hand) {
  return count_sets(hand, [](const ReadSet& set) { return is_triplet(set) && !set.open; });
}

bool has_triplet_of(const HandReading& hand, int kind) {
  return std::any_of(hand.sets.begin(), hand.sets.end(),
                     [&](const ReadSet& set) { return is_triplet(set) && set.kind == kind; });
}

int triplets_among(const HandReading& hand, int first, int last) {
  int found = 0;
  for (int kind = first; kind <= last; ++kind) found += has_triplet_of(hand, kind) ? 1 : 0;
  return found;
}

bool has_run_at(const HandReading& hand, int kind) {
  return std::any_of(hand.sets.begin(), hand.sets.end(), [&](const ReadSet& set) {
    return set.shape == SetShape::run && set.kind == kind;
  });
}

bool is_yakuhai_kind(int kind, const WinContext& context) {
  return is_yakuhai(kind, context.round_wind, context.seat_wind);
}

// Every set and the pair hold a terminal (or an honour, if allowed); at least one run.
bool every_group_outside(const HandReading& hand, bool honors_allowed) {
  const auto outside = [&](int kind) {
    return is_terminal(kind) || (honors_allowed && is_honor(kind));
  };
  bool any_run = false;
  for (const ReadSet& set : hand.sets) {
    if (set.shape == SetShape::run) {
      any_run = true;
      if (!is_terminal(set.kind) && !is_terminal(set.kind + 2)) return false;
    } else if (!outside(set.kind)) {
      return false;
    }
  }
  return any_run && outside(hand.pair);
}

// Identical concealed runs: 1 for iipeikou, 2 for ryanpeikou.
int identical_run_pairs(const HandReading& hand) {
  std::array<int, kNumKinds> runs{};
  for (const ReadSet& set : hand.sets) {
    if (set.shape == SetShape::run) ++runs[set.kind];
  }
  int pairs = 0;
  for (const int n : runs) pairs += n / 2;
  return pairs;
}

// --- yakuman -----------------------------------------------------------------------------------

// Nine gates: closed, one suit, 1112345678999 plus one more of the suit.
bool is_nine_gates(const TileCounts& counts, int suit) {
  static constexpr std::array<int, 9> kBase = {3, 1, 1, 1, 1, 1, 1, 1, 3};
  for (int n = 0; n < 9; ++n) {
    if (counts[suit * 9 + n] < kBase[n]) return false;
  }
  return true;
}

bool is_pure_nine_gates(const TileCounts& before_win, int suit) {
  static constexpr std::array<int, 9> kBase = {3, 1, 1, 1, 1, 1, 1, 1, 3};
  for (int n = 0; n < 9; ++n) {
    if (before_win[suit * 9 + n] != kBase[n]) return false;
  }
  return true;
}

void judge_yakuman(const HandReading& hand, const WinContext& context, const Rules& rules,
                   YakuList& out) {
  const auto multiple = [](bool is_double) { return is_double ? 2 : 1; };
  if (context.tenhou) out.add_yakuman(Yaku::tenhou, 1);
  if (context.chiihou) out.add_yakuman(Yaku::chiihou, 1);
  if (hand.form == HandForm::thirteen_orphans) {
    if (hand.wait == Wait::thirteen_sided) {
      out.add_yakuman(Yaku::kokushi_13, multiple(rules.double_kokushi_13));
    } else {
      out.add_yakuman(Yaku::kokushi, 1);
    }
    return;
  }
  const TileCounts& all = hand.all;
  if (all_tiles(all, is_honor)) out.add_yakuman(Yaku::tsuuiisou, 1);
  if (hand.form == HandForm::seven_pairs) return;

  if (all_tiles(all, is_terminal)) out.add_yakuman(Yaku::chinroutou, 1);
  if (all_tiles(all, is_green)) out.add_yakuman(Yaku::ryuuiisou, 1);
  if (triplets_among(hand, kinds::white, kinds::red) == 3) out.add_yakuman(Yaku::daisangen, 1);
  const int wind_triplets = triplets_among(hand, kinds::east, kinds::north);
  if (wind_triplets == 4) {
    out.add_yakuman(Yaku::daisuushii, multiple(rules.double_daisuushii));
  } else if (wind_triplets == 3 && is_wind(hand.pair)) {
    out.add_yakuman(Yaku::shousuushii, 1);
  }
  if (kans(hand) == 4) out.add_yakuman(Yaku::suukantsu, 1);
  if (concealed_triplets(hand) == 4) {
    if (hand.wait == Wait::tanki) {
      out.add_yakuman(Yaku::suuankou_tanki, multiple(rules.double_suuankou_tanki));
    } else {
      out.add_yakuman(Yaku::suuankou, 1);
    }
  }
  if (hand.closed && kans(hand) == 0) {
    const int suits = suits_present(all);
    for (int suit = 0; suit < 3; ++suit) {
      if (suits != (1 << suit) || has_honors(all) || !is_nine_gates(all, suit)) continue;
      if (is_pure_nine_gates(hand.before_win, suit)) {
        out.add_yakuman(Yaku::junsei_chuuren, multiple(rules.double_junsei_chuuren));
      } else {
        out.add_yakuman(Yaku::chuuren, 1);
      }
    }
  }
}

// --- ordinary yaku -----------------------------------------------------------------------------

void judge_situation(const HandReading& hand, const WinContext& context, YakuList& out) {
  if (context.double_riichi) {
    out.add_han(Yaku::double_riichi, 2);
  } else if (context.riichi) {
    out.add_han(Yaku::riichi, 1);
  }
  if (context.ippatsu && context.any_riichi()) out.add_han(Yaku::ippatsu, 1);
  if (context.tsumo && hand.closed) out.add_han(Yaku::menzen_tsumo, 1);
  if (context.haitei && context.tsumo) out.add_han(Yaku::haitei, 1);
  if (context.houtei && !context.tsumo) out.add_han(Yaku::houtei, 1);
  if (context.rinshan && context.tsumo) out.add_han(Yaku::rinshan, 1);
  if (context.chankan && !context.tsumo) out.add_han(Yaku::chankan, 1);
}

void judge_tiles(const HandReading& hand, const Rules& rules, YakuList& out) {
  const TileCounts& all = hand.all;
  if (all_tiles(all, is_simple) && (hand.closed || rules.open_tanyao)) {
    out.add_han(Yaku::tanyao, 1);
  }
  if (all_tiles(all, is_terminal_or_honor)) out.add_han(Yaku::honroutou, 2);
  const int suits = suits_present(all);
  const bool one_suit = suits == 1 || suits == 2 || suits == 4;
  if (one_suit && !has_honors(all)) {
    out.add_han(Yaku::chinitsu, hand.closed ? 6 : 5);
  } else if (one_suit) {
    out.add_han(Yaku::honitsu, hand.closed ? 3 : 2);
  }
}

bool is_pinfu(const HandReading& hand, const WinContext& context) {
  return hand.closed && hand.wait == Wait::ryanmen && !is_yakuhai_kind(hand.pair, context) &&
         count_sets(hand, [](const ReadSet& set) { return set.shape == SetShape::run; }) == 4;
}

void judge_sets(const HandReading& hand, const WinContext& context, YakuList& out) {
  if (is_pinfu(hand, context)) out.add_han(Yaku::pinfu, 1);
  if (hand.closed) {
    const int identical = identical_run_pairs(hand);
    if (identical >= 2) {
      out.add_han(Yaku::ryanpeikou, 3);
    } else if (identical == 1) {
      out.add_han(Yaku::iipeikou, 1);
    }
  }
  if (has_triplet_of(hand, kinds::white)) out.add_han(Yaku::haku, 1);
  if (has_triplet_of(hand, kinds::green)) out.add_han(Yaku::hatsu, 1);
  if (has_triplet_of(hand, kinds::red)) out.add_han(Yaku::chun, 1);
  if (has_triplet_of(hand, context.round_wind)) out.add_han(Yaku::bakaze, 1);
  if (has_triplet_of(hand, context.seat_wind)) out.add_han(Yaku::jikaze, 1);

  for (int number = 0; number < 9; ++number) {
    if (number < 7 && has_run_at(hand, number) && has_run_at(hand, 9 + number) &&
        has_run_at(hand, 18 + number)) {
      out.add_han(Yaku::sanshoku, hand.closed ? 2 : 1);
    }
    if (has_triplet_of(hand, number) && has_triplet_of(hand, 9 + number) &&
        has_triplet_of(hand, 18 + number)) {
      out.add_han(Yaku::sanshoku_doukou, 2);
    }
  }
  for (int suit = 0; suit < 3; ++suit) {
    if (has_run_at(hand, suit * 9) && has_run_at(hand, suit * 9 + 3) &&
        has_run_at(hand, suit * 9 + 6)) {
      out.add_han(Yaku::ittsu, hand.closed ? 2 : 1);
    }
  }
  if (every_group_outside(hand, false)) {
    out.add_han(Yaku::junchan, hand.closed ? 3 : 2);
  } else if (every_group_outside(hand, true)) {
    out.add_han(Yaku::chanta, hand.closed ? 2 : 1);
  }
  if (count_sets(hand, is_triplet) == 4) out.add_han(Yaku::toitoi, 2);
  if (concealed_triplets(hand) == 3) out.add_han(Yaku::sanankou, 2);
  if (kans(hand) == 3) out.add_han(Yaku::sankantsu, 2);
  if (triplets_among(hand, kinds::white, kinds::red) == 2 && is_dragon(hand.pair)) {
    out.add_han(Yaku::shousangen, 2);
  }
}

}  // namespace

std::string_view yaku_name(Yaku yaku) { return kYakuNames[static_cast<std::size_t>(yaku)]; }

bool YakuList::contains(Yaku yaku) const {
  const auto list = entries();
  return std::any_of(list.begin(), list.end(),
                     [&](const YakuEntry& entry) { return entry.yaku == yaku; });
}

int YakuList::han() const {
  int total = 0;
  for (const YakuEntry& entry : entries()) total += entry.han;
  return total;
}

int YakuList::yakuman() const {
  int total = 0;
  for (const YakuEntry& entry : entries()) total += entry.yakuman;
  return total;
}

void judge_yaku(const HandReading& hand, const WinContext& context, const Rules& rules,
                YakuList& out) {
  out.clear();
  judge_yakuman(hand, context, rules, out);
  if (!out.empty()) return;
  judge_situation(hand, context, out);
  judge_tiles(hand, rules, out);
  if (hand.form == HandForm::seven_pairs) {
    out.add_han(Yaku::chiitoitsu, 2);
  } else if (hand.form == HandForm::regular) {
    judge_sets(hand, context, out);
  }
  if (out.empty()) return;  // dora alone are no yaku
  if (context.dora > 0) out.add_han(Yaku::dora, context.dora);
  if (context.aka_dora > 0) out.add_han(Yaku::aka_dora, context.aka_dora);
  if (context.ura_dora > 0 && context.any_riichi()) out.add_han(Yaku::ura_dora, context.ura_dora);
}

}  // namespace tenbin
