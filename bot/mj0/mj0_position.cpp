// MJ-0's position: what the observing seat knows of the table, and the mode rule.
#include <algorithm>
#include <cmath>

#include "bot/mj0/mj0.hpp"
#include "engine/table.hpp"

namespace tenbin::mj0 {
namespace {

void note_red(Tile tile, std::array<bool, 3>& seen) {
  if (tile.is_red() && !is_honor(tile.kind())) seen[suit_of(tile.kind())] = true;
}

// The seat as the table shows it, its modes not yet read.
Opponent seat_as_seen(const Table& table, int seat, double default_tenpai) {
  const SeatView& view = table.player(seat);
  Opponent opponent;
  opponent.seat = seat;
  opponent.melds = view.melds;
  opponent.concealed = 13 - 3 * static_cast<int>(view.melds.size());
  opponent.discarded = view.discarded;
  opponent.riichi = view.riichi;
  opponent.double_riichi = view.double_riichi;
  opponent.ippatsu = view.ippatsu;
  opponent.passed_in_riichi = view.passed_in_riichi;
  opponent.tenpai_probability = view.riichi ? 1.0 : default_tenpai;
  opponent.seat_wind = table.seat_wind_of(seat);
  opponent.dealer = seat == table.dealer();
  opponent.river_size = static_cast<int>(view.river.size());
  for (const RiverTile& r : view.river) ++opponent.river_by_group[suit_of(r.tile.kind())];
  return opponent;
}

Opponent opponent_from_table(const Table& table, int seat, double default_tenpai, const ModeParams& modes) {
  Opponent opponent = seat_as_seen(table, seat, default_tenpai);
  opponent.modes = estimate_modes(opponent, modes);
  return opponent;
}

}  // namespace

bool Opponent::closed() const { return all_closed(melds); }

Position position_from_table(const Table& table, double default_tenpai, const ModeParams& modes) {
  Position position;
  position.observer = table.seat();
  position.dealer = table.dealer();
  const TileCounts visible = table.visible();
  for (int kind = 0; kind < kNumKinds; ++kind) {
    position.unseen[kind] = static_cast<std::uint8_t>(kCopiesPerKind - visible[kind]);
  }
  std::array<bool, 3> reds_seen{};
  for (const Tile tile : table.hand_tiles()) note_red(tile, reds_seen);
  for (int seat = 0; seat < kSeats; ++seat) {
    for (const RiverTile& r : table.player(seat).river) note_red(r.tile, reds_seen);
    for (const Meld& meld : table.player(seat).melds) {
      for (const Tile tile : meld.all_tiles()) note_red(tile, reds_seen);
    }
  }
  for (const Tile marker : table.dora_markers()) note_red(marker, reds_seen);
  for (int suit = 0; suit < 3; ++suit) {
    position.red_unseen[suit] = table.rules().red_fives && !reds_seen[suit] &&
                                position.unseen[five_of_suit(suit)] > 0;
  }
  position.observer_hand = table.hand();
  for (int i = 1; i < 4; ++i) {
    position.opponents.push_back(opponent_from_table(table, (table.seat() + i) % 4, default_tenpai, modes));
  }
  position.round_wind = table.round_wind();
  position.honba = table.honba();
  position.kyotaku = table.kyotaku();
  position.dora_markers = table.dora_markers();
  position.live_tiles_left = table.tiles_left();
  position.rules = table.rules();
  return position;
}

ModeReading read_modes(const Opponent& opponent, const ModeParams& params) {
  ModeReading reading;
  ModeOdds& odds = reading.odds;
  int numbered_melds = 0;
  int chi = 0;
  int triplets = 0;
  std::array<int, 3> melds_in_suit{};
  for (const Meld& meld : opponent.melds) {
    if (meld.is_open()) odds.caller = true;
    if (meld.is_run()) {
      ++chi;
    } else {
      ++triplets;
    }
    if (!is_honor(meld.kind())) {
      ++numbered_melds;
      ++melds_in_suit[suit_of(meld.kind())];
    }
  }
  const auto& river = opponent.river_by_group;
  const int melds = static_cast<int>(opponent.melds.size());
  for (int suit = 0; suit < 3; ++suit) {
    if (numbered_melds > 0) {
      // Every numbered meld in this suit: likely a flush, less so the more of it they discard.
      if (melds_in_suit[suit] != numbered_melds) continue;
      const double p = std::min(params.flush_cap, params.flush_base + params.flush_per_meld * melds) -
                       params.flush_less_per_discard * river[suit];
      odds.flush[suit] = std::max(0.0, p);
      reading.flush[suit] = FlushReading::melds_in_suit;
      continue;
    }
    // No numbered meld: a long river without this suit and with both others.
    const int a = (suit + 1) % 3;
    const int b = (suit + 2) % 3;
    if (opponent.river_size >= params.river_flush_discards && river[suit] == 0 && river[a] >= 2 &&
        river[b] >= 2) {
      odds.flush[suit] = params.river_flush;
      reading.flush[suit] = FlushReading::long_river;
    }
  }
  if (chi == 0 && triplets >= 2) {
    odds.all_triplets = params.triplets_two_calls;
    reading.all_triplets = TripletsReading::two_triplet_melds;
  } else if (chi == 0 && triplets == 1 && odds.caller) {
    odds.all_triplets = params.triplets_one_call;
    reading.all_triplets = TripletsReading::one_open_triplet;
  }
  return reading;
}

ModeOdds estimate_modes(const Opponent& opponent, const ModeParams& params) {
  return read_modes(opponent, params).odds;
}

ModeReading read_modes_at(const Table& table, int seat, const ModeParams& params) {
  return read_modes(seat_as_seen(table, seat, kDefaultTenpai), params);
}

double deal_in_probability(const Estimate& estimate, int kind) {
  double safe = 1;
  for (const OpponentEstimate& o : estimate.opponents) safe *= 1 - o.tiles[kind].deal_in;
  return 1 - safe;
}

double expected_loss(const Estimate& estimate, int kind) {
  double loss = 0;
  for (const OpponentEstimate& o : estimate.opponents) loss += o.tiles[kind].expected_loss;
  return loss;
}

}  // namespace tenbin::mj0
