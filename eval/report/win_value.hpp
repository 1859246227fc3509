// What a seat's win would collect, priced by the engine's scoring (engine/score) from the
// omniscient position: the hand and its melds, the winds, the dora revealed so far, the honba and
// the riichi sticks on the table. Ura dora and the yaku of the moment (ippatsu, haitei, rinshan)
// are left out. The luck adjustment's value estimate (eval/report/luck_value) reads it.
#pragma once

#include <array>
#include <cstdint>

#include "eval/report/hand_position.hpp"

namespace tenbin::arena {

// Points a tsumo of the seat's complete 14-tile hand collects (the last tile drawn the winning
// one); 0 when the hand has no yaku or the seat did not just draw.
int tsumo_points(const HandPosition& position, int seat);

// Points a ron on `win_kind` collects for the seat holding `waiting` (3n+1 tiles, its melds
// those of the position). A closed hand is priced as if in riichi (it can declare); 0 when the
// win has no yaku.
int ron_points(const HandPosition& position, int seat, const TileCounts& waiting, int win_kind);

// A tenpai hand's prospects: its waits' ron values and unseen copies, and the chance that a
// wait comes out while the hand lasts.
struct ReadyProspects {
  std::array<int, kNumKinds> ron{};  // points per wait kind; 0 off the waits or without yaku
  int live = 0;                      // unseen copies of the waits
  int mean_points = 0;               // the waits' ron points weighted by their unseen copies
  int win_chance = 0;                // percent
};
ReadyProspects ready_prospects(const HandPosition& position, int seat, const TileCounts& waiting, std::uint64_t waits);

// The chance (percent) that at least one of `live` tiles among `unseen` comes in `tries` draws
// with replacement, 1 - (1 - live/unseen)^tries: a hazard of the waits coming out. A tenpai
// hand has about half the live draws left as tries (its own draws and the discards it may ron).
int wait_chance_percent(int live, int unseen, int tries);

}  // namespace tenbin::arena
