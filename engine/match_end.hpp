// Whether a match ends when a hand ends: the referee's rule (Tenhou's), shared by the referee
// (engine/game) and by the bot's placement model, which asks it of outcomes not yet played.
#pragma once

#include <array>
#include <cstdint>

#include "engine/seats.hpp"

namespace tenbin {

// What the rule needs to know of the hand that is ending.
// How long a match is: East only (tonpuusen) or East and South (hanchan).
enum class MatchLength : std::uint8_t { east, hanchan };

struct MatchEnding {
  bool can_end = false;     // the last hand of the last round, or the extension round
  bool round_over = false;  // the extension round's last hand (unless the dealer keeps the deal)
  int dealer = 0;
  int target = 30000;       // Rules::target_points
};

// The ending of hand `kyoku` of round `round_wind` (kinds) with `dealer`, in a match whose last
// round is `last_round` (south in a hanchan, east in a tonpuusen; the next is the extension).
MatchEnding ending_of_hand(int round_wind, int kyoku, int dealer, int last_round, int target);

// A seat below zero ends the match at once. Otherwise, in a hand that can end it: when the dealer
// keeps the deal, only if the dealer is first with the target or more (agari-yame); when the deal
// passes, if a seat has the target, or the extension round is over. Ties rank by seat order.
bool match_ends(const MatchEnding& ending, const PerSeat<int>& scores, bool dealer_keeps);

}  // namespace tenbin
