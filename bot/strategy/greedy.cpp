#include "bot/strategy/greedy.hpp"

#include <algorithm>
#include <limits>
#include <tuple>

#include "engine/seats.hpp"
#include "engine/shanten.hpp"

namespace tenbin {
namespace {

bool is_dora(const Table& table, int kind) {
  return std::any_of(table.dora_markers().begin(), table.dora_markers().end(),
                     [&](Tile marker) { return dora_from_indicator(marker.kind()) == kind; });
}

}  // namespace

int keep_value(const Table& table, Tile tile) {
  const int kind = tile.kind();
  int value = 0;
  if (is_honor(kind)) {
    value = table.is_yakuhai(kind) ? 2 : 0;
  } else {
    const int number = number_of(kind);
    value = (number == 1 || number == 9) ? 1 : (number == 2 || number == 8) ? 3 : 4;
  }
  if (is_dora(table, kind)) value += 10;
  if (tile.is_red()) value += 10;
  return value;
}

namespace {

struct DiscardScore {
  int shanten;
  int ukeire;
  int keep;
};

DiscardScore score_discard(const Table& table, Tile tile, const TileCounts& visible) {
  TileCounts after = table.hand();
  --after[tile.kind()];
  const Ukeire u = ukeire(after, visible);
  return {u.shanten, u.total, keep_value(table, tile)};
}

bool better_discard(const DiscardScore& a, const DiscardScore& b) {
  return std::make_tuple(-a.shanten, a.ukeire, -a.keep) > std::make_tuple(-b.shanten, b.ukeire, -b.keep);
}

bool someone_in_riichi(const Table& table) {
  for (int seat = 0; seat < kSeats; ++seat) {
    if (seat != table.seat() && table.player(seat).riichi_declared) return true;
  }
  return false;
}

// Safe against one riichi seat: its own discards, and what anyone discarded after its riichi.
bool is_genbutsu(const Table& table, int riichi_seat, int kind) {
  const SeatView& player = table.player(riichi_seat);
  return player.discarded[kind] > 0 || player.passed_in_riichi[kind] > 0;
}

// Suji: a 4 is suji when 1 and 7 are discarded, a 1 when 4 is, a 7 when 4 is, and so on.
bool is_suji(const Table& table, int riichi_seat, int kind) {
  if (is_honor(kind)) return false;
  const auto& discarded = table.player(riichi_seat).discarded;
  const int number = number_of(kind);
  const int base = kind - (number - 1);
  const bool low = number - 3 >= 1 && discarded[base + number - 4] > 0;
  const bool high = number + 3 <= 9 && discarded[base + number + 2] > 0;
  if (number <= 3) return high;
  if (number >= 7) return low;
  return low && high;
}

// The fold order the baseline follows: genbutsu, then suji (terminal suji first), then honours
// (the more copies already seen, the safer), then the remaining tiles from the edges inwards.
int danger_against(const Table& table, int riichi_seat, Tile tile, const TileCounts& visible) {
  const int kind = tile.kind();
  if (is_genbutsu(table, riichi_seat, kind)) return 0;
  const int number = number_of(kind);
  const bool terminal = number == 1 || number == 9;
  if (is_suji(table, riichi_seat, kind)) return terminal ? 1 : 2;
  if (is_honor(kind)) return 3 + (3 - std::min<int>(visible[kind], 3));  // 3..6
  if (terminal) return 7;
  if (number == 2 || number == 8) return 8;
  return 9;
}

Action best_discard(const Table& table, std::span<const Action> legal) {
  const TileCounts visible = table.visible();
  const Action* best = nullptr;
  DiscardScore best_score{};
  for (const Action& action : legal) {
    if (action.type != EventType::dahai) continue;
    const DiscardScore score = score_discard(table, action.pai, visible);
    if (best == nullptr || better_discard(score, best_score) ||
        (!better_discard(best_score, score) && action.tsumogiri && !best->tsumogiri)) {
      best = &action;
      best_score = score;
    }
  }
  return best != nullptr ? *best : legal.front();
}

Action safest_discard(const Table& table, std::span<const Action> legal) {
  const Action* best = nullptr;
  std::tuple<int, int> best_key{std::numeric_limits<int>::max(), 0};
  for (const Action& action : legal) {
    if (action.type != EventType::dahai) continue;
    const std::tuple<int, int> key{fold_danger(table, action.pai), keep_value(table, action.pai)};
    if (best == nullptr || key < best_key) {
      best = &action;
      best_key = key;
    }
  }
  return best != nullptr ? *best : legal.front();
}

const Action* find(std::span<const Action> legal, EventType type) {
  const auto it = std::find_if(legal.begin(), legal.end(), [&](const Action& a) { return a.type == type; });
  return it == legal.end() ? nullptr : &*it;
}

Action choose_on_draw(const Table& table, std::span<const Action> legal) {
  if (const Action* win = find(legal, EventType::hora)) return *win;
  if (const Action* abort = find(legal, EventType::ryukyoku); abort && shanten_kokushi(table.hand()) > 2) {
    return *abort;
  }
  const Action discard = best_discard(table, legal);
  TileCounts after = table.hand();
  --after[discard.pai.kind()];
  const int shanten_after = shanten(after);
  if (shanten_after == 0) {
    if (const Action* reach = find(legal, EventType::reach)) return *reach;
    return discard;
  }
  if (someone_in_riichi(table)) return safest_discard(table, legal);
  return discard;
}

// Pon a yakuhai only when the hand after the call and its best discard is no further from
// tenpai than now.
Action choose_claim(const Table& table, std::span<const Action> legal) {
  if (const Action* win = find(legal, EventType::hora)) return *win;
  const Action* pass = find(legal, EventType::none);
  const Action fallback = pass != nullptr ? *pass : legal.front();
  if (someone_in_riichi(table)) return fallback;
  const int now = shanten(table.hand());
  for (const Action& action : legal) {
    if (action.type != EventType::pon || !table.is_yakuhai(action.pai.kind())) continue;
    TileCounts after = table.hand();
    for (const Tile tile : action.consumed.view()) --after[tile.kind()];
    int best = std::numeric_limits<int>::max();
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (after[kind] == 0) continue;
      --after[kind];
      best = std::min(best, shanten(after));
      ++after[kind];
    }
    if (best <= now) return action;
  }
  return fallback;
}

}  // namespace

int fold_danger(const Table& table, Tile tile) {
  const TileCounts visible = table.visible();
  int danger = 0;
  for (int seat = 0; seat < kSeats; ++seat) {
    if (seat == table.seat() || !table.player(seat).riichi_declared) continue;
    danger = std::max(danger, danger_against(table, seat, tile, visible));
  }
  return danger;
}

Action GreedyPolicy::choose(const Table& table, std::span<const Action> legal) {
  switch (table.decision()) {
    case Decision::own_draw: return choose_on_draw(table, legal);
    case Decision::discard_after_call:
    case Decision::discard_after_riichi: {
      const Action discard = best_discard(table, legal);
      TileCounts after = table.hand();
      --after[discard.pai.kind()];
      if (table.decision() == Decision::discard_after_call && shanten(after) > 0 && someone_in_riichi(table)) {
        return safest_discard(table, legal);
      }
      return discard;
    }
    case Decision::claim_discard:
    case Decision::claim_kakan:
    case Decision::claim_ankan: return choose_claim(table, legal);
    case Decision::none: break;
  }
  return legal.front();
}

}  // namespace tenbin
