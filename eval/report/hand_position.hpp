// The omniscient position of one hand as a game log tells it: every seat's concealed tiles and
// melds, the dora indicators, how many draws were made, and the tiles whose identity is still
// unknown (136 less every tile dealt, drawn or revealed). The luck adjustment (eval/report/luck)
// walks a hand through it; it holds no allocation, so a position is cheap to copy.
#pragma once

#include <array>
#include <cstdint>

#include "engine/meld.hpp"
#include "engine/mjai.hpp"
#include "engine/seats.hpp"
#include "engine/tile.hpp"

namespace tenbin::arena {

// A tile's identity as the wall knows it: the 34 kinds with red fives apart (34 + suit).
inline constexpr int kTileIdentities = kNumKinds + 3;
int identity_of(Tile tile);
Tile tile_of_identity(int identity);

// How many tiles of each identity have not been seen: 4 of a kind (3 of a five and 1 red five).
using UnseenTiles = std::array<std::uint8_t, kTileIdentities>;
UnseenTiles full_wall();

// Live draws a hand starts with (136 - 52 dealt - 14 in the dead wall).
inline constexpr int kLiveDraws = 70;

struct HandPosition {
  PerSeat<TileCounts> concealed{};
  PerSeat<TileCounts> melded{};  // tiles in the seat's calls, by kind
  PerSeat<int> reds{};           // red fives the seat holds, concealed or called
  PerSeat<int> dealt{};          // tiles dealt so far (13 once the deal is done)
  PerSeat<int> calls{};
  PerSeat<std::array<Meld, 4>> melds{};  // the first calls[seat] are the seat's melds
  PerSeat<bool> riichi{};
  PerSeat<std::uint64_t> river{};  // kinds the seat has discarded (bit k for kind k): its furiten
  // For a seat in riichi, the kinds it can no longer win on by ron: its river and every tile
  // discarded since its declaration (genbutsu, the tiles safe against it).
  PerSeat<std::uint64_t> safe_against{};
  int last_drawer = -1;  // the seat that drew last, until it discards or calls
  Tile last_draw{};
  std::array<int, 5> dora_kinds{};
  int indicators = 0;
  int draws = 0;  // draws so far, rinshan draws included
  int dealer = 0;
  int round_wind = kinds::east;  // kind
  int honba = 0;
  int riichi_sticks = 0;  // on the table: the hand's start and every riichi since
  UnseenTiles unseen = full_wall();

  int unseen_total() const;
  int live_draws_left() const { return kLiveDraws - draws; }
  // The dora the seat holds: by the indicators (concealed and called) and its red fives.
  int dora_held(int seat) const;

  // The chance events: each takes `tile` out of the unseen tiles (std::invalid_argument when no
  // such tile is left: the log is not a game).
  void deal(int seat, Tile tile);
  void draw(int seat, Tile tile);
  void reveal_indicator(Tile tile);
  // The seats' decisions.
  void discard(int seat, Tile tile);
  void call(const Event& event);  // chi, pon, daiminkan, ankan, kakan
  void declare_riichi(int seat) {
    riichi[seat] = true;
    safe_against[seat] = river[seat];
    ++riichi_sticks;
  }
  // The seat cannot win by ron on `waits`: one is in its river (furiten) or, in riichi, was let go
  // since its declaration.
  bool furiten(int seat, std::uint64_t waits) const {
    return ((riichi[seat] ? safe_against[seat] : river[seat]) & waits) != 0;
  }

 private:
  void take_unseen(Tile tile);
  void remove_concealed(int seat, Tile tile);
  void add_concealed(int seat, Tile tile);
  void upgrade_pon(int seat, const Event& event);
};

}  // namespace tenbin::arena
