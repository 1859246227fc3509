// Our hand's side of a candidate: its win odds, expected score and tenpai odds by draws left
// (HandCurve), from the DP or, where the DP does not run, from the ukeire stand-in; and the ron
// chances per go-round that the hand gets.
#pragma once

#include <array>
#include <cstddef>

#include "bot/dp/dp.hpp"
#include "bot/strategy/full_params.hpp"
#include "bot/strategy/line.hpp"
#include "engine/table.hpp"

namespace tenbin {

// Our hand's kind as the race counts its ron chances.
enum class RonHand { riichi, dama, open };

// Our ron chances per go-round (in wall draws) for a hand of that kind, while another seat's
// riichi stands (`facing_riichi`) or not.
double ron_chances(RonHand hand, bool facing_riichi, const FullParams& params);

// Our hand as the DP's call offers see it: as it stands at the table, or a closed hand after the
// call it is offered (a pon of its yakuhai, or another call).
enum class CallingHand { closed, open, opened_by_yakuhai_pon, opened_by_other_call };

// The DP's call offers (docs/dp.md, "Calls") from the params: their rates by kind of tile, or
// none. Rates for an open hand with `open_hand_calls`, for every hand with `closed_hand_calls`
// (the DP then opens a closed hand by its calls), and with `closed_hand_yakuhai_pons` for all but
// a closed hand's other calls (the DP's closed states then call its yakuhai alone). Without
// them, a closed hand's call is valued against its pass with no later calls on either side
// (docs/full.md, "Later calls in the DP").
void set_call_offers(dp::Position& position, const FullParams& params, CallingHand hand);

// The offer rates by kind of tile that the params give (set_call_offers, where calls are counted).
void set_offer_rates(dp::Position& position, const FullParams& params);

// The curve of each discard of a 3n+2 hand: the DP's (a discard it did not value, one that
// raises the shanten beyond its options, keeps an empty curve: no win), or, without a solver or
// beyond the params' DP reach, the ukeire stand-in's for every discard. `states` counts the
// DP's draw states. `facing_riichi`: another seat's riichi stands (the ron chances).
std::array<HandCurve, kNumKinds> discard_curves(dp::Solver* solver, const dp::Position& position,
                                                const dp::Options& options, bool facing_riichi,
                                                const FullParams& params, std::size_t& states);

// Later calls counted in a hand's discards' curves (`curves`, from discard_curves without calls)
// at `weight`: each curve's win, score and tenpai odds become (1 - weight) x its own + weight x
// the DP's with every call the offer rates give, a closed hand opened by them
// (dp::ClosedHandCalls::all). Within the DP's reach only; the stand-in's curves stay.
void mix_in_later_calls(std::array<HandCurve, kNumKinds>& curves, dp::Solver* solver, dp::Position position,
                        dp::Options options, bool facing_riichi, const FullParams& params, double weight,
                        std::size_t& states);

// The curve of a 3n+1 hand (a draw state), the same way.
HandCurve hand_curve(dp::Solver* solver, const dp::Position& position, const dp::Options& options,
                     bool facing_riichi, const FullParams& params, std::size_t& states);

// The same mix for a 3n+1 hand's curve (`curve`, from hand_curve without calls).
void mix_in_later_calls(HandCurve& curve, dp::Solver* solver, dp::Position position, dp::Options options,
                        bool facing_riichi, const FullParams& params, double weight, std::size_t& states);

// A closed tenpai hand's rons, over its waits weighed by their copies in the wall.
struct TenpaiRons {
  // The share of the waits on which a ron has a yaku without riichi: staying dama, the others
  // need menzen tsumo.
  double dama_share = 0;
  // Over the waits on which a ron has a yaku, its points over the tsumo's, dama and declared (1
  // when no wait has a ron): the DP prices every win as a tsumo, with menzen tsumo's han and the
  // tsumo's fu. The dora by the table's indicators and the hand's red fives count on both sides.
  double dama_points_share = 1;
  double riichi_points_share = 1;
};

// `hand` (13 tiles, tenpai) holds `red_fives`; seat, winds and dora are the table's.
TenpaiRons tenpai_rons(const Table& table, const TileCounts& hand, int red_fives, const std::array<double, kNumKinds>& wall);

}  // namespace tenbin
