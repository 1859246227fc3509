// The ukeire stand-in for the DP: a hand's win odds by draws from its ukeire alone, where the
// DP does not run (beyond its reach in shanten, past a decision's deadline, or switched off).
#pragma once

#include "bot/dp/dp.hpp"
#include "bot/strategy/full_params.hpp"
#include "bot/strategy/line.hpp"

namespace tenbin {

// A draw improves the hand with odds ukeire / pool (its own ukeire for the first step, a typical
// hand's for the later ones), a win needs shanten + 1 improvements and is worth the params'
// stand-in win; an open hand wins only with a simple road to a yaku. `hand`: a 3n+1 hand.
HandCurve ukeire_curve(const TileCounts& hand, const dp::Position& position, const FullParams& params);

// Whether an open hand keeps a simple road to a yaku: a pon or kan of a dragon or of the round
// or seat wind, or nothing but simples (open tanyao). A closed hand always has riichi.
bool has_yaku_road(const TileCounts& hand, const dp::Position& position);

}  // namespace tenbin
