// A game played to its end in process, each seat answered by a policy: the loop behind the
// in-process benchmarks, the referee's whole-game tests and the evaluation tests.
#pragma once

#include <array>

#include "bot/strategy/policy.hpp"
#include "engine/game.hpp"

namespace tenbin {

// Answers every pending decision of `game` with the seat's policy until the game is finished or
// `max_steps` answers were given (a referee that stalls is the caller's to catch). Returns how
// many replies the referee replaced as illegal (none for a correct policy).
int play_out(Game& game, const PerSeat<Policy*>& seats, int max_steps = 100000);

}  // namespace tenbin
