// Scoring of wins (docs/dp.md, "Scoring of wins"): each winning hand is scored once by
// engine/score, and dora, red fives and ura dora add their han as a distribution, the expected
// points being taken over it.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "bot/dp/laid_down_meld.hpp"
#include "bot/dp/solver_impl.hpp"
#include "engine/agari.hpp"
#include "engine/score.hpp"

namespace tenbin::dp {
namespace {

// The distribution of the sum of two independent extra-han counts.
HanDistribution convolve(const HanDistribution& a, const HanDistribution& b) {
  HanDistribution out{};
  const int a_last = last_nonzero(a);
  const int b_last = last_nonzero(b);
  for (int i = 0; i <= a_last; ++i) {
    if (a[i] == 0) continue;
    for (int j = 0; j <= b_last; ++j) out[std::min(i + j, kHanBins - 1)] += a[i] * b[j];
  }
  return out;
}

// The expected points over `extra` with `added` more han.
double expected_points(const PointsByHan& points, int added, const HanDistribution& extra) {
  double total = 0;
  const int last = last_nonzero(extra);
  for (int e = 0; e <= last; ++e) total += extra[e] * points[static_cast<std::size_t>(added + e)];
  return total;
}

// A win's points with `share` of its wins by ron: that share at the ron's points, the rest at the
// tsumo's.
double with_rons(double tsumo, double ron, double share) { return (1 - share) * tsumo + share * ron; }

}  // namespace

// The score inputs fixed for a solve: the win context, the melds' red fives, the ura odds.
void Solver::Impl::set_up_scoring() {
  context.round_wind = position.round_wind;
  context.seat_wind = position.seat_wind;
  context.winner = 0;
  context.dealer = (4 - (position.seat_wind - kinds::east)) % 4;
  context.discarder = 0;
  context.tsumo = true;
  for (const Meld& meld : position.melds) aka_melds += meld.red_fives();
  if (!position.rules.red_fives) aka_melds = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    ura_weight[dora_from_indicator(kind)] += position.weights[kind] / wall;
  }
  ron_context = context;
  ron_context.tsumo = false;
  ron_context.discarder = 1;
}

// Every tile of the winning hand: `held` (its concealed tiles and the path's laid-down meld) and
// the position's melds.
inline TileCounts Solver::Impl::all_tiles(const TileCounts& held) const {
  TileCounts all = held;
  for (const Meld& meld : position.melds) {
    for (const Tile tile : meld.all_tiles()) ++all[tile.kind()];
  }
  return all;
}

// Dora and red fives of a winning hand holding `held` (concealed and laid down: a laid-down five
// may be a drawn red one too), with the key's `flags` (without ura dora).
inline HanDistribution Solver::Impl::extra_han(const TileCounts& held, std::uint64_t flags) const {
  const TileCounts all = all_tiles(held);
  int fixed = aka_melds;
  for (const Tile marker : position.dora_markers) fixed += all[dora_from_indicator(marker.kind())];
  // The drawn red fives: up to three independent chances, their count's distribution built in
  // place (reds[j]: j of them red).
  std::array<double, 4> reds{1, 0, 0, 0};
  int chances = 0;
  for (int suit = 0; suit < 3; ++suit) {
    const int five = five_of_suit(suit);
    if ((flags & red_flag(suit)) != 0) {
      ++fixed;  // held from the start (kept while a copy of that five is)
    } else if (position.red_unseen[suit] && position.unseen_copies[five] > 0) {
      const int drawn = std::max(0, held[five] - root[five]);
      const double p = std::min(1.0, static_cast<double>(drawn) / position.unseen_copies[five]);
      if (p <= 0) continue;
      ++chances;
      for (int j = chances; j >= 1; --j) reds[j] = reds[j] * (1 - p) + reds[j - 1] * p;
      reds[0] *= 1 - p;
    }
  }
  HanDistribution d{};
  for (int j = 0; j <= chances; ++j) d[std::min(fixed + j, kHanBins - 1)] += reds[j];
  return d;
}

// Ura dora of a riichi win: one indicator drawn from the unseen weights.
inline HanDistribution Solver::Impl::ura_han(const TileCounts& held) const {
  const TileCounts all = all_tiles(held);
  // Over the kinds held only (the rest of the indicator's odds is "no ura"), summed per number
  // of copies in four separate sums (not through the distribution in memory, a dependency chain).
  double one = 0, two = 0, three = 0, four = 0;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    const int copies = all[kind];
    if (copies == 0) continue;
    const double w = ura_weight[kind];
    one += copies == 1 ? w : 0.0;
    two += copies == 2 ? w : 0.0;
    three += copies == 3 ? w : 0.0;
    four += copies >= 4 ? w : 0.0;
  }
  HanDistribution ura{};
  ura[1] = one;
  ura[2] = two;
  ura[3] = three;
  ura[4] = four;
  ura[0] = std::max(0.0, 1.0 - (one + two + three + four));
  return ura;
}

// For each number of extra han (dora, riichi, ...) up to `most`, the best reading's points by
// tsumo or by ron: which reading is best may change with the extra han (a reading of more han
// reaches haneman first).
inline PointsByHan Solver::Impl::points_by_han(const ReadingValues& readings, int most, bool tsumo) {
  PointsByHan points;  // entries past `most` are never read
  std::fill(points.begin(), points.begin() + most + 1, 0.0);
  for (int r = 0; r < readings.count; ++r) {
    const ReadingValue& reading = readings.values[static_cast<std::size_t>(r)];
    for (int extra = 0; extra <= most; ++extra) {
      const double value = hand_points(reading.han + extra, reading.fu, reading.yakuman, tsumo);
      auto& best = points[static_cast<std::size_t>(extra)];
      best = std::max(best, value);
      if (reading.yakuman > 0 || reading.han + extra >= 13) {
        for (int more = extra + 1; more <= most; ++more) {
          auto& later = points[static_cast<std::size_t>(more)];
          later = std::max(later, value);
        }
        break;
      }
    }
  }
  return points;
}

// What a win of han/fu (or a yakuman multiple) takes from the others, by tsumo or by ron,
// remembered per solve for the non-yakuman hands (every winning hand asks for several).
inline int Solver::Impl::hand_points(int han, int fu, int yakuman, bool tsumo) {
  const bool memo = yakuman == 0 && fu % 5 == 0 && fu / 5 < kMemoFu;
  const std::size_t slot = static_cast<std::size_t>(((tsumo ? 0 : 14) + std::min(han, 13)) * kMemoFu + fu / 5);
  if (memo && points_memo[slot] > 0) return points_memo[slot];
  const bool dealer = context.dealer_wins();
  const Payment pay = payments(basic_points(han, fu, yakuman, position.rules), dealer, tsumo);
  const int points = !tsumo ? pay.ron : dealer ? 3 * pay.non_dealer : pay.dealer + 2 * pay.non_dealer;
  if (memo) points_memo[slot] = points;
  return points;
}

// The regular readings of the complete hand x, read once for all its winning tiles (a complete
// hand is met with several).
inline std::span<const Decomposition> Solver::Impl::regular_readings(const HandKey& key, const TileCounts& x) {
  const auto [id, inserted] = readings_index.find_or_insert(key, static_cast<std::uint32_t>(readings_begin.size()));
  if (inserted) {
    readings_begin.push_back(static_cast<std::uint32_t>(reading_store.size()));
    for (const Decomposition& reading : decompose(x)) reading_store.push_back(reading);
    readings_end.push_back(static_cast<std::uint32_t>(reading_store.size()));
  }
  return {reading_store.data() + readings_begin[id], readings_end[id] - readings_begin[id]};
}

// Whether the solve prices rons apart from tsumo wins (options.ron_share).
inline bool Solver::Impl::prices_rons(bool riichi) const {
  return options.ron_share.without_riichi > 0 || (riichi && options.ron_share.riichi > 0);
}

// The ron of the winning hand: its points by extra han, from its readings without riichi when a
// ron has a yaku without it, else (a closed hand) from its readings under riichi.
inline Solver::Impl::RonPoints Solver::Impl::ron_points(const WinningHand& hand, std::span<const Decomposition> regular,
                                                        int most, bool with_riichi) {
  RonPoints ron;
  const ReadingValues dama = score_readings(hand, ron_context, position.rules, regular);
  if (dama.error == ScoreError::none) {
    ron.dama = true;
    ron.riichi = with_riichi;
    ron.points = points_by_han(dama, most, false);
    return ron;
  }
  if (!with_riichi) return ron;
  WinContext declared = ron_context;
  declared.riichi = true;
  const ReadingValues riichi = score_readings(hand, declared, position.rules, regular);
  if (riichi.error != ScoreError::none) return ron;
  ron.riichi = true;
  ron.riichi_han_included = 1;
  ron.points = points_by_han(riichi, most, false);
  return ron;
}

// The winning hand x (k drawn) as the DP values it: expected points per variant, or neither a dama
// nor a riichi win when it does not score at all. With rons priced (options.ron_share), each
// variant's points are those of its tsumo and its ron in their shares; a win whose ron has no yaku
// (a dama hand without one) comes by tsumo alone, and haitei's han is the tsumo's. A hand of the
// opened states (a closed hand's call, docs/dp.md "Calls") scores open, without riichi, with the
// meld the call laid down when it did.
WinValue Solver::Impl::score_win(const HandKey& x_key, const TileCounts& x, int k) {
  WinValue value;
  WinningHand hand;
  hand.concealed = x;
  hand.win_kind = k;
  const int laid_down = meld_code(x_key);
  hand.opened_by_call = is_opened(x_key) && laid_down == kNoMeld;
  for (const Meld& meld : position.melds) hand.melds[static_cast<std::size_t>(hand.meld_count++)] = meld;
  if (laid_down != kNoMeld) hand.melds[static_cast<std::size_t>(hand.meld_count++)] = meld_of_code(laid_down);
  const bool riichi = riichi_allowed(x_key);
  // The readings serve every variant: a closed tsumo always has menzen tsumo, so a dama win
  // exists whenever riichi is possible, and riichi, ippatsu and haitei only add han.
  const std::span<const Decomposition> regular = regular_readings(counts_only(x_key), x);
  const ReadingValues readings = score_readings(hand, context, position.rules, regular);
  if (readings.error != ScoreError::none) return value;
  value.dama = true;
  const TileCounts held = with_meld_tiles(x, laid_down);
  const HanDistribution extra = extra_han(held, flags_of(x_key));
  const HanDistribution with_ura = riichi ? convolve(extra, ura_han(held)) : extra;
  // Riichi, ippatsu and haitei add up to three han to the extra ones.
  const int most = last_nonzero(with_ura) + 3;
  const PointsByHan points = points_by_han(readings, most, true);
  const RonPoints ron = prices_rons(riichi) ? ron_points(hand, regular, most, riichi) : RonPoints{};
  // Besides the points a win collects the honba and the sticks on the table, and under riichi
  // its own deposit back.
  const double sticks = 300.0 * position.honba + 1000.0 * position.riichi_sticks;
  const double dama_share = ron.dama ? options.ron_share.without_riichi : 0.0;
  const double dama_ron = ron.dama ? expected_points(ron.points, 0, extra) : 0.0;
  for (const bool haitei : {false, true}) {
    const double tsumo = expected_points(points, haitei ? 1 : 0, extra);
    value.points[WinValue::at(WinVariant::dama, haitei)] = static_cast<float>(with_rons(tsumo, dama_ron, dama_share) + sticks);
  }
  if (!riichi) return value;
  value.riichi = true;
  const double riichi_share = ron.riichi ? options.ron_share.riichi : 0.0;
  for (const WinVariant variant : {WinVariant::riichi, WinVariant::ippatsu}) {
    const int added = added_han(variant);
    const double riichi_ron = ron.riichi ? expected_points(ron.points, added - ron.riichi_han_included, with_ura) : 0.0;
    for (const bool haitei : {false, true}) {
      const double tsumo = expected_points(points, added + (haitei ? 1 : 0), with_ura);
      value.points[WinValue::at(variant, haitei)] =
          static_cast<float>(with_rons(tsumo, riichi_ron, riichi_share) + sticks + kRiichiDeposit);
    }
  }
  return value;
}

}  // namespace tenbin::dp
