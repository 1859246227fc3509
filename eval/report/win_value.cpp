#include "eval/report/win_value.hpp"

#include <bit>
#include <cmath>

#include "engine/score.hpp"

namespace tenbin::arena {
namespace {

constexpr int kHonbaPoints = 300;
constexpr int kRiichiStick = 1000;

int wind_of(int seat, int dealer) { return kinds::east + (seat - dealer + 4) % 4; }

bool is_closed(const HandPosition& position, int seat) {
  for (int i = 0; i < position.calls[seat]; ++i) {
    if (position.melds[seat][static_cast<std::size_t>(i)].is_open()) return false;
  }
  return true;
}

WinningHand winning_hand(const HandPosition& position, int seat, const TileCounts& concealed, int win_kind) {
  WinningHand hand;
  hand.concealed = concealed;
  hand.win_kind = win_kind;
  hand.red_fives = position.reds[seat];
  for (int i = 0; i < position.calls[seat]; ++i) {
    hand.melds[static_cast<std::size_t>(i)] = position.melds[seat][static_cast<std::size_t>(i)];
  }
  hand.meld_count = position.calls[seat];
  return hand;
}

WinContext win_context(const HandPosition& position, int seat, const WinningHand& hand, bool tsumo) {
  WinContext context;
  context.round_wind = position.round_wind;
  context.seat_wind = wind_of(seat, position.dealer);
  context.dealer = position.dealer;
  context.winner = seat;
  context.discarder = tsumo ? seat : (seat + 1) % 4;
  context.tsumo = tsumo;
  context.riichi = position.riichi[seat];
  int dora = 0;
  for (int i = 0; i < position.indicators; ++i) {
    const int kind = position.dora_kinds[static_cast<std::size_t>(i)];
    dora += hand.concealed[kind] + position.melded[seat][kind];
  }
  context.dora = dora;
  context.aka_dora = hand.red_fives;
  return context;
}

int collected(const HandPosition& position, const ScoreOutcome& outcome) {
  if (!outcome.ok()) return 0;
  return outcome.score.points + kHonbaPoints * position.honba + kRiichiStick * position.riichi_sticks;
}

}  // namespace

int tsumo_points(const HandPosition& position, int seat) {
  if (position.last_drawer != seat) return 0;
  const WinningHand hand = winning_hand(position, seat, position.concealed[seat], position.last_draw.kind());
  return collected(position, score_win(hand, win_context(position, seat, hand, true)));
}

int ron_points(const HandPosition& position, int seat, const TileCounts& waiting, int win_kind) {
  TileCounts concealed = waiting;
  ++concealed[win_kind];
  const WinningHand hand = winning_hand(position, seat, concealed, win_kind);
  WinContext context = win_context(position, seat, hand, false);
  context.riichi = context.riichi || is_closed(position, seat);
  return collected(position, score_win(hand, context));
}

int wait_chance_percent(int live, int unseen, int tries) {
  if (live <= 0 || unseen <= 0 || tries <= 0) return 0;
  const double miss = 1.0 - static_cast<double>(live) / unseen;
  return static_cast<int>(std::lround(100.0 * (1.0 - std::pow(miss, tries))));
}

ReadyProspects ready_prospects(const HandPosition& position, int seat, const TileCounts& waiting, std::uint64_t waits) {
  ReadyProspects prospects;
  long weighted = 0;
  for (std::uint64_t kinds = waits; kinds != 0; kinds &= kinds - 1) {
    const int kind = std::countr_zero(kinds);
    if (waiting[kind] + position.melded[seat][kind] >= kCopiesPerKind) continue;
    const int points = ron_points(position, seat, waiting, kind);
    prospects.ron[static_cast<std::size_t>(kind)] = points;
    int unseen = position.unseen[static_cast<std::size_t>(kind)];
    if (is_five(kind)) unseen += position.unseen[static_cast<std::size_t>(kNumKinds + suit_of(kind))];
    prospects.live += unseen;
    weighted += static_cast<long>(unseen) * points;
  }
  if (prospects.live == 0) return prospects;
  prospects.mean_points = static_cast<int>(weighted / prospects.live);
  prospects.win_chance = wait_chance_percent(prospects.live, position.unseen_total(), position.live_draws_left() / 2);
  return prospects;
}

}  // namespace tenbin::arena
