// The DP's position for the seat a Table belongs to: its concealed hand and melds, the winds and
// indicators, the tiles it cannot see as flat draw weights, its own draws left before the wall
// runs out, the sticks, a declared riichi, and the kinds it may discard now.
#pragma once

#include "bot/dp/dp.hpp"
#include "engine/table.hpp"

namespace tenbin::dp {

// How many seats draw from the live wall before the seat's next draw: 3 when it holds its draw
// (`next_drawer` -1), else the seats from `next_drawer` up to it.
int draws_before_ours(const Table& table, int next_drawer);

// The seat's own draws left: the live tiles are drawn in turn from `next_drawer` (-1 when the seat
// holds its draw and discards next), the seat's share of them, or 0.
int own_draws_left(const Table& table, int next_drawer);
// Whether the seat's last such draw takes the wall's last tile (haitei).
bool last_draw_is_haitei(const Table& table, int next_drawer);

// The position as the table stands (draws_left capped at kMaxDraws; at least 1 even when the wall
// has no draw left for the seat, so a DP can still value the hand). A hand in riichi is marked
// as such (ippatsu when due); `options`, when given, is locked to the riichi hand's (no hand
// change, no shanten-back, riichi always).
Position position_from_table(const Table& table, int next_drawer, Options* options = nullptr);

// The position after our `action`, a call (chi, pon, daiminkan on another's discard; the next
// draw from `next_drawer`) or a kan on our draw (ankan, kakan): the tiles it takes from the hand
// (a red five among them leaves the hand), its meld, and after a chi or pon the discards kuikae
// allows. A kan leaves a draw state (the rinshan tile comes next).
Position position_after(const Table& table, const Action& action, int next_drawer);

}  // namespace tenbin::dp
