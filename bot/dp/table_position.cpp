#include "bot/dp/table_position.hpp"

#include <algorithm>

#include "engine/seats.hpp"

namespace tenbin::dp {
namespace {

// The tiles `action` takes from the hand: an added kan's one tile, else its consumed tiles.
std::vector<Tile> tiles_taken(const Action& action) {
  if (action.type == EventType::kakan) return {action.pai};
  const auto consumed = action.consumed.view();
  return {consumed.begin(), consumed.end()};
}

}  // namespace

int draws_before_ours(const Table& table, int next_drawer) {
  const int seat = table.seat();
  if (next_drawer < 0) return 3;  // we hold our draw: the three others draw first
  return (seat - next_drawer + kSeats) % kSeats;
}

int own_draws_left(const Table& table, int next_drawer) {
  const int left = table.tiles_left();
  const int offset = draws_before_ours(table, next_drawer);
  return left > offset ? (left - offset + 3) / 4 : 0;
}

bool last_draw_is_haitei(const Table& table, int next_drawer) {
  const int draws = own_draws_left(table, next_drawer);
  return draws > 0 && draws <= kMaxDraws &&
         (table.tiles_left() - 1 - draws_before_ours(table, next_drawer)) % 4 == 0;
}

Position position_from_table(const Table& table, int next_drawer, Options* options) {
  const int seat = table.seat();
  Position position;
  for (const Tile tile : table.hand_tiles()) {
    ++position.hand[tile.kind()];
    if (tile.is_red()) position.red_in_hand[suit_of(tile.kind())] = true;
  }
  position.melds = table.player(seat).melds;
  position.round_wind = table.round_wind();
  position.seat_wind = table.seat_wind();
  position.dora_markers = table.dora_markers();
  position.rules = table.rules();

  const bool holding_draw = total_tiles(position.hand) % 3 == 2;
  const int turn_order = holding_draw ? -1 : next_drawer;
  const int draws = own_draws_left(table, turn_order);
  position.draws_left = std::clamp(draws, 1, kMaxDraws);
  position.haitei_on_last_draw = last_draw_is_haitei(table, turn_order);

  // Unseen: everything this seat cannot see (rivers and every other seat's melds).
  TileCounts others{};
  std::array<bool, 3> reds_seen{};
  for (int s = 0; s < kSeats; ++s) {
    for (const RiverTile& r : table.player(s).river) {
      if (r.tile.is_red()) reds_seen[suit_of(r.tile.kind())] = true;
      if (!r.called_away) ++others[r.tile.kind()];
    }
    if (s == seat) continue;
    for (const Meld& meld : table.player(s).melds) {
      for (const Tile tile : meld.all_tiles()) {
        ++others[tile.kind()];
        if (tile.is_red()) reds_seen[suit_of(tile.kind())] = true;
      }
    }
  }
  set_flat_unseen(position, others, reds_seen);
  position.honba = table.honba();
  position.riichi_sticks = table.kyotaku();
  const SeatView& self = table.player(seat);
  if (self.riichi_declared) {
    // Declared: the hand is locked and stays in riichi; its deposit is paid, and the riichi
    // values count it back with a win, so it is not one of the sticks to collect. The next draw
    // is the ippatsu draw while the declaration discard is still to come or was the last.
    if (options != nullptr) {
      options->hand_change = false;
      options->shanten_back = false;
      options->riichi = RiichiMode::always;
    }
    position.in_riichi = true;
    position.ippatsu = !self.riichi || (self.ippatsu && !holding_draw);
    if (self.riichi_accepted) --position.riichi_sticks;
  }
  // A discard now (our draw, after a call or a riichi declaration): only the legal discards.
  bool any_discard = false;
  std::array<bool, kNumKinds> discardable{};
  for (const Action& action : table.legal_actions()) {
    if (action.type != EventType::dahai) continue;
    discardable[action.pai.kind()] = true;
    any_discard = true;
  }
  if (holding_draw && any_discard) position.discardable = discardable;
  return position;
}

Position position_after(const Table& table, const Action& action, int next_drawer) {
  const bool on_own_draw = action.type == EventType::ankan || action.type == EventType::kakan;
  Position position = position_from_table(table, on_own_draw ? -1 : next_drawer);
  for (const Tile tile : tiles_taken(action)) {
    --position.hand[tile.kind()];
    if (tile.is_red()) position.red_in_hand[suit_of(tile.kind())] = false;
  }
  position.discardable = Position::all_kinds();
  if (action.type == EventType::kakan) {
    for (Meld& meld : position.melds) {
      if (meld.type == MeldType::pon && meld.kind() == action.pai.kind()) {
        meld = Meld::make(MeldType::kakan, action.pai, action.consumed.view(), meld.target);
      }
    }
    return position;
  }
  position.melds.push_back(Meld::make(meld_type_of(action.type), action.pai, action.consumed.view(),
                                      on_own_draw ? -1 : action.target));
  if (on_own_draw) return position;
  // A call: our next draw comes after the discard that follows it (a daiminkan's rinshan tile
  // first), and the wall's last tile is not ours.
  const bool kan = action.type == EventType::daiminkan;
  const int draws = std::max(1, own_draws_left(table, -1) + (kan ? 1 : 0));
  position.draws_left = std::min(draws, kMaxDraws);
  position.haitei_on_last_draw = false;
  if (kan) return position;
  for (int k = 0; k < kNumKinds; ++k) {
    position.discardable[k] = !is_kuikae(action.type, action.pai.kind(), action.consumed, k);
  }
  return position;
}

}  // namespace tenbin::dp
