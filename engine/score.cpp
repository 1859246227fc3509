// Fu, han -> points and payments follow the standard Japanese rules as played on Tenhou
// (docs/rules.md); the reading-by-reading search follows "ピグ麻雀のアルゴリズム" (CyberAgent
// engineering blog, 2012, https://ameblo.jp/principia-ca/entry-11581751786.html).
#include "engine/score.hpp"

#include <algorithm>
#include <tuple>

#include "engine/agari.hpp"

namespace tenbin {
namespace {

ReadSet set_from_meld(const Meld& meld) {
  ReadSet set;
  set.shape = meld.is_run() ? SetShape::run : SetShape::triplet;
  set.kind = static_cast<std::uint8_t>(meld.kind());
  set.kan = meld.is_kan();
  set.open = meld.is_open();
  set.called = meld.is_open();
  return set;
}

// Fu of one reading (standard rules; chiitoitsu 25, pinfu tsumo 20, else rounded up to 10 with a
// floor of 30).
int fu_of(const HandReading& hand, const WinContext& context, const Rules& rules,
          bool pinfu) {
  if (hand.form == HandForm::seven_pairs) return 25;
  if (pinfu) return context.tsumo ? 20 : 30;
  int fu = 20;
  if (hand.closed && !context.tsumo) fu += 10;
  if (context.tsumo) fu += 2;
  for (const ReadSet& set : hand.sets) {
    if (set.shape == SetShape::run) continue;
    int set_fu = set.open ? 2 : 4;
    if (is_terminal_or_honor(set.kind)) set_fu *= 2;
    if (set.kan) set_fu *= 4;
    fu += set_fu;
  }
  const bool seat = hand.pair == context.seat_wind;
  const bool round = hand.pair == context.round_wind;
  if (seat && round) {
    fu += rules.double_wind_pair_fu;
  } else if (seat || round || is_dragon(hand.pair)) {
    fu += 2;
  }
  if (hand.wait == Wait::kanchan || hand.wait == Wait::penchan || hand.wait == Wait::tanki) {
    fu += 2;
  }
  return std::max(30, (fu + 9) / 10 * 10);
}

struct Priced {
  YakuList yaku;
  int han = 0;
  int fu = 0;
  int yakuman = 0;
  int basic = 0;
  Limit limit = Limit::none;
  int points = 0;  // the total paid, for comparing readings
};

int yakuman_multiple(const YakuList& yaku, const Rules& rules) {
  if (rules.stack_yakuman) return yaku.yakuman();
  int best = 0;
  for (const YakuEntry& entry : yaku.entries()) best = std::max<int>(best, entry.yakuman);
  return best;
}

// Judges and prices one reading; false when it has no yaku.
bool price(const HandReading& hand, const WinContext& context, const Rules& rules, Priced& out) {
  judge_yaku(hand, context, rules, out.yaku);
  if (out.yaku.empty()) return false;
  out.yakuman = yakuman_multiple(out.yaku, rules);
  if (out.yakuman == 0) {
    out.han = out.yaku.han();
    out.fu = fu_of(hand, context, rules, out.yaku.contains(Yaku::pinfu));
  }
  out.basic = basic_points(out.han, out.fu, out.yakuman, rules, &out.limit);
  const Payment pay = payments(out.basic, context.dealer_wins(), context.tsumo);
  out.points = context.tsumo ? pay.dealer + pay.non_dealer * (context.dealer_wins() ? 3 : 2)
                             : pay.ron;
  return true;
}

bool better(const Priced& a, const Priced& b) {
  return std::tie(a.points, a.han, a.fu) > std::tie(b.points, b.han, b.fu);
}

// The priced readings of one hand: the best, and (when asked) every one's han and fu.
struct PricedReadings {
  Priced best;
  bool found = false;
  ReadingValues* all = nullptr;

  void add(const Priced& priced) {
    if (!found || better(priced, best)) best = priced;
    found = true;
    if (all == nullptr) return;
    const ReadingValue value{priced.han, priced.fu, priced.yakuman};
    if (all->count < static_cast<int>(all->values.size())) {
      all->values[static_cast<std::size_t>(all->count++)] = value;
    }
  }
};

// The waits a winning tile can complete in a set of a reading.
void place_in_run(int run_kind, int win_kind, std::vector<Wait>& waits) {
  const int position = win_kind - run_kind;
  if (position == 1) {
    waits.push_back(Wait::kanchan);
  } else if (position == 0) {
    waits.push_back(run_kind % 9 == 6 ? Wait::penchan : Wait::ryanmen);  // 789 won on 7: 89 wait
  } else if (position == 2) {
    waits.push_back(run_kind % 9 == 0 ? Wait::penchan : Wait::ryanmen);  // 123 won on 3: 12 wait
  }
}

// Tries every placement of the winning tile in a regular reading and keeps the best price.
void price_regular(const Decomposition& reading, const WinningHand& tiles, HandReading hand,
                   const WinContext& context, const Rules& rules, PricedReadings& priced_readings) {
  const int concealed_sets = reading.sets;
  for (int i = 0; i < tiles.meld_count; ++i) hand.sets[concealed_sets + i] = set_from_meld(tiles.melds[i]);
  hand.pair = reading.pair;

  const auto try_placement = [&](int in_set, Wait wait) {
    for (int i = 0; i < concealed_sets; ++i) {
      ReadSet& set = hand.sets[i];
      set.shape = reading.set[i].shape;
      set.kind = reading.set[i].kind;
      set.kan = false;
      set.called = false;
      // A triplet completed by ron scores as an open one (fu, sanankou, suuankou).
      set.open = i == in_set && set.shape == SetShape::triplet && !context.tsumo;
    }
    hand.wait = wait;
    Priced priced;
    if (price(hand, context, rules, priced)) priced_readings.add(priced);
  };

  const int win = tiles.win_kind;
  if (reading.pair == win) try_placement(-1, Wait::tanki);
  std::vector<Wait> waits;
  for (int i = 0; i < concealed_sets; ++i) {
    const ConcealedSet set = reading.set[i];
    if (set.shape == SetShape::triplet) {
      if (set.kind == win) try_placement(i, Wait::shanpon);
      continue;
    }
    waits.clear();
    place_in_run(set.kind, win, waits);
    for (const Wait wait : waits) try_placement(i, wait);
  }
}

// Thirteen-sided kokushi: the tiles before the win already held all thirteen orphans.
bool holds_every_orphan(const TileCounts& before_win) {
  return std::all_of(kOrphanKinds.begin(), kOrphanKinds.end(),
                     [&](int kind) { return before_win[kind] > 0; });
}

std::string check_tiles(const WinningHand& hand, const Rules& rules) {
  TileCounts all = hand.concealed;
  int tiles = total_tiles(hand.concealed);
  for (const Meld& meld : hand.called()) {
    for (const Tile tile : meld.all_tiles()) ++all[tile.kind()];
    tiles += 3;
  }
  if (tiles != 14) return "impossible hand: " + std::to_string(tiles) + " tiles (kans as 3)";
  for (int kind = 0; kind < kNumKinds; ++kind) {
    if (all[kind] > kCopiesPerKind) return "impossible hand: five or more of " + kind_to_string(kind);
  }
  if (hand.concealed[hand.win_kind] == 0) return "impossible hand: the winning tile is missing";
  if (hand.red_fives > (rules.red_fives ? 3 : 0)) return "impossible hand: too many red fives";
  return {};
}

}  // namespace

std::string_view limit_name(Limit limit) {
  switch (limit) {
    case Limit::none: return "";
    case Limit::mangan: return "mangan";
    case Limit::haneman: return "haneman";
    case Limit::baiman: return "baiman";
    case Limit::sanbaiman: return "sanbaiman";
    case Limit::kazoe_yakuman: return "kazoe_yakuman";
    case Limit::yakuman: return "yakuman";
  }
  return "";
}

int round_up_100(int points) { return (points + 99) / 100 * 100; }

int basic_points(int han, int fu, int yakuman, const Rules& rules, Limit* limit) {
  Limit found = Limit::none;
  int basic = 0;
  if (yakuman > 0) {
    found = Limit::yakuman;
    basic = 8000 * yakuman;
  } else if (han >= 13 && rules.kazoe_yakuman) {
    found = Limit::kazoe_yakuman;
    basic = 8000;
  } else if (han >= 11) {
    found = Limit::sanbaiman;
    basic = 6000;
  } else if (han >= 8) {
    found = Limit::baiman;
    basic = 4000;
  } else if (han >= 6) {
    found = Limit::haneman;
    basic = 3000;
  } else {
    basic = fu << (han + 2);
    const bool kiriage = rules.kiriage_mangan && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
    if (han >= 5 || basic > 2000 || kiriage) {
      found = Limit::mangan;
      basic = 2000;
    }
  }
  if (limit != nullptr) *limit = found;
  return basic;
}

Payment payments(int basic, bool dealer_wins, bool tsumo) {
  Payment pay;
  if (!tsumo) {
    pay.ron = round_up_100(basic * (dealer_wins ? 6 : 4));
  } else if (dealer_wins) {
    pay.non_dealer = round_up_100(basic * 2);
  } else {
    pay.dealer = round_up_100(basic * 2);
    pay.non_dealer = round_up_100(basic);
  }
  return pay;
}

int count_dora(const WinningHand& hand, std::span<const Tile> indicators) {
  TileCounts all = hand.concealed;
  for (const Meld& meld : hand.called()) {
    for (const Tile tile : meld.all_tiles()) ++all[tile.kind()];
  }
  int dora = 0;
  for (const Tile indicator : indicators) dora += all[dora_from_indicator(indicator.kind())];
  return dora;
}

namespace {

// Pao: the seat that fed the meld completing the third dragon set (or fourth wind set), when the
// hand holds that yakuman; -1 otherwise. Melds are in call order.
int responsible_seat(const WinningHand& hand, const Score& score, const Rules& rules) {
  if (!rules.pao) return -1;
  const auto feeder = [&](bool (*group)(int), int needed) {
    int sets = 0;
    for (const Meld& meld : hand.called()) {
      if (meld.is_run() || !group(meld.kind())) continue;
      if (++sets == needed) return meld.is_open() ? static_cast<int>(meld.target) : -1;
    }
    return -1;
  };
  if (score.yaku.contains(Yaku::daisangen)) {
    const int seat = feeder(is_dragon, 3);
    if (seat >= 0) return seat;
  }
  if (score.yaku.contains(Yaku::daisuushii)) return feeder(is_wind, 4);
  return -1;
}

int pao_multiple(const Score& score) {
  int multiple = 0;
  for (const YakuEntry& entry : score.yaku.entries()) {
    if (entry.yaku == Yaku::daisangen || entry.yaku == Yaku::daisuushii) multiple += entry.yakuman;
  }
  return multiple;
}

// Moves the points between seats: the hand's payments, honba, sticks, and pao. Under pao the
// responsible seat pays all the honba, on a ron as on a tsumo, as Tenhou does (its win records
// with paoWho, e.g. in kobalab/tenhou-log's tests; riichi.wiki, "Sekinin barai").
void settle(const WinContext& context, const Rules& rules, Score& score) {
  auto& deltas = score.deltas;
  deltas = {};
  const int winner = context.winner;
  const bool dealer_wins = context.dealer_wins();
  const auto pay = [&](int from, int amount) {
    deltas[from] -= amount;
    deltas[winner] += amount;
  };

  int shared_basic = score.basic_points;  // the part paid as usual
  if (score.pao_seat >= 0) {
    const int pao_basic = 8000 * pao_multiple(score);
    const int pao_value = round_up_100(pao_basic * (dealer_wins ? 6 : 4));
    shared_basic -= pao_basic;
    if (context.tsumo) {
      pay(score.pao_seat, pao_value + context.honba * rules.honba_ron);
    } else if (context.discarder != score.pao_seat) {
      pay(score.pao_seat, pao_value / 2);
      pay(context.discarder, pao_value / 2);
    } else {
      pay(context.discarder, pao_value);
    }
  }

  const bool honba_settled = score.pao_seat >= 0 && context.tsumo;
  if (!context.tsumo) {
    if (shared_basic > 0) pay(context.discarder, payments(shared_basic, dealer_wins, false).ron);
    pay(score.pao_seat >= 0 ? score.pao_seat : context.discarder, context.honba * rules.honba_ron);
  } else {
    const Payment shares = payments(shared_basic, dealer_wins, true);
    for (int seat = 0; seat < 4; ++seat) {
      if (seat == winner) continue;
      int amount = seat == context.dealer ? shares.dealer : shares.non_dealer;
      if (shared_basic == 0) amount = 0;
      if (!honba_settled) amount += context.honba * rules.honba_tsumo;
      pay(seat, amount);
    }
  }
  deltas[winner] += context.riichi_sticks * rules.riichi_stick;
}

// Prices every reading of `tiles` into `readings`; the error when the hand is not a win.
// `regular` holds the hand's regular readings when the caller has them (decompose(concealed)).
ScoreOutcome price_readings(const WinningHand& tiles, const WinContext& context, const Rules& rules,
                            PricedReadings& readings, const std::span<const Decomposition>* regular = nullptr) {
  ScoreOutcome outcome;
  if (std::string problem = check_tiles(tiles, rules); !problem.empty()) {
    outcome.error = ScoreError::impossible;
    outcome.message = std::move(problem);
    return outcome;
  }

  HandReading hand;
  hand.win_kind = tiles.win_kind;
  hand.all = tiles.concealed;
  hand.before_win = tiles.concealed;
  --hand.before_win[tiles.win_kind];
  hand.closed = !tiles.opened_by_call;
  for (const Meld& meld : tiles.called()) {
    for (const Tile tile : meld.all_tiles()) ++hand.all[tile.kind()];
    hand.closed = hand.closed && !meld.is_open();
  }

  bool complete = false;
  const auto consider = [&](const HandReading& reading) {
    Priced priced;
    if (price(reading, context, rules, priced)) readings.add(priced);
  };
  const bool no_call = tiles.meld_count == 0 && !tiles.opened_by_call;  // the closed-only forms
  if (no_call && is_thirteen_orphans(tiles.concealed)) {
    complete = true;
    hand.form = HandForm::thirteen_orphans;
    hand.wait = holds_every_orphan(hand.before_win) ? Wait::thirteen_sided : Wait::tanki;
    consider(hand);
  }
  if (no_call && is_seven_pairs(tiles.concealed)) {
    complete = true;
    hand.form = HandForm::seven_pairs;
    hand.wait = Wait::tanki;
    consider(hand);
  }
  hand.form = HandForm::regular;
  std::vector<Decomposition> own;
  if (regular == nullptr) own = decompose(tiles.concealed);
  for (const Decomposition& reading : regular == nullptr ? std::span<const Decomposition>(own) : *regular) {
    complete = true;
    price_regular(reading, tiles, hand, context, rules, readings);
  }

  if (!complete) {
    outcome.error = ScoreError::not_complete;
    outcome.message = "hand is not complete";
    return outcome;
  }
  if (!readings.found) {
    outcome.error = ScoreError::no_yaku;
    outcome.message = "complete hand with no yaku";
  }
  return outcome;
}

}  // namespace

ScoreOutcome score_win(const WinningHand& tiles, const WinContext& context, const Rules& rules) {
  PricedReadings readings;
  ScoreOutcome outcome = price_readings(tiles, context, rules, readings);
  if (!outcome.ok()) return outcome;
  const Priced& best = readings.best;
  Score& score = outcome.score;
  score.han = best.han;
  score.fu = best.fu;
  score.yakuman = best.yakuman;
  score.yaku = best.yaku;
  score.basic_points = best.basic;
  score.limit = best.limit;
  score.points = best.points;
  score.payment = payments(best.basic, context.dealer_wins(), context.tsumo);
  score.pao_seat = best.yakuman > 0 ? responsible_seat(tiles, score, rules) : -1;
  settle(context, rules, score);
  return outcome;
}

namespace {

ReadingValues list_readings(const WinningHand& tiles, const WinContext& context, const Rules& rules,
                            const std::span<const Decomposition>* regular) {
  ReadingValues values;
  PricedReadings readings;
  readings.all = &values;
  values.error = price_readings(tiles, context, rules, readings, regular).error;
  return values;
}

}  // namespace

ReadingValues score_readings(const WinningHand& tiles, const WinContext& context, const Rules& rules) {
  return list_readings(tiles, context, rules, nullptr);
}

ReadingValues score_readings(const WinningHand& tiles, const WinContext& context, const Rules& rules,
                             std::span<const Decomposition> regular) {
  return list_readings(tiles, context, rules, &regular);
}

}  // namespace tenbin
