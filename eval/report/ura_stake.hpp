// What a hand's wins stake on its last ura indicator, the one chance event the walk meets only at
// a win: a riichi win's ura dora are counted from the tiles under the indicators, turned at the
// win. Each winner's table just before its win is kept, so the win can be scored again with any
// tile under the last indicator (engine/table's evaluate_win, which knows ippatsu, haitei,
// rinshan and chankan). The earlier ura indicators of a hand with kans stay as they came.
#pragma once

#include <vector>

#include "engine/mjai.hpp"
#include "engine/seats.hpp"
#include "engine/table.hpp"
#include "eval/report/hand_position.hpp"

namespace tenbin::arena {

struct UraWin {
  Table before;          // the winner's table just before the win
  Event hora;            // the win, with its ura indicators and its deltas
  bool collects_sticks;  // the hand's first win takes the honba and the riichi sticks
};

struct UraStake {
  std::vector<UraWin> wins;  // the hand's wins with ura indicators (riichi wins), in log order
  std::vector<Tile> earlier;  // the ura indicators before the last, as they came
  Tile last{};                // the last ura indicator, as it came
  UnseenTiles unseen{};       // the tiles the last could have been: unseen at the win, less the earlier ones
};

// Every seat's score change from the stake's wins with `last` as the last ura indicator;
// std::invalid_argument when a win cannot be scored (not a complete hand with a yaku).
PerSeat<int> ura_deltas(const UraStake& stake, Tile last);

}  // namespace tenbin::arena
