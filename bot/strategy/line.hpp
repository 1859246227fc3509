// A line of play from a candidate to the end of the hand, priced in points piece by piece: our
// wins (the DP's values by draws, cut short by the chance that an opponent finishes first),
// the deal-ins of the discards still to come, and the exhaustive-draw payments. Two lines
// exist for every candidate: push (play the hand on) and fold (discard the safest tile held at
// each later turn); the policy takes the better one. docs/full.md gives the model.
#pragma once

#include <array>
#include <vector>

#include "bot/strategy/full_params.hpp"
#include "bot/strategy/threat.hpp"
#include "engine/seats.hpp"
#include "engine/tile.hpp"

namespace tenbin {

struct Line {
  double win_prob = 0;
  double win_points = 0;      // expected points won: win_prob x the mean win
  double deal_in_prob = 0;    // later deal-ins (this discard's own risk is the candidate's)
  double deal_in_points = 0;  // expected points paid for them
  double draw_prob = 0;       // the hand reaches the exhaustive draw
  double draw_payment = 0;    // expected noten payment received (+) or paid (-) at that draw
  double draw_tenpai = 0;     // our tenpai odds at that draw
  double tsumo_points = 0;    // expected points paid for the opponents' tsumo wins (their hazard's share)
  // Who is paid for the later deal-ins: each seat's share of deal_in_points (placement prices a
  // payment by whom it lifts).
  PerSeat<double> payee{};
  // The riichi deposit this line puts on the table (a declaration's): lost unless we win, taken
  // back with the win (win_points count a win net of it).
  double deposit = 0;

  double value() const {
    return win_points - deal_in_points - tsumo_points + draw_prob * draw_payment - deposit * (1 - win_prob);
  }
};

// A candidate's own-hand values by draws left, from the DP: [r - 1] with r draws left; NaN where
// the DP cannot reach that point.
struct HandCurve {
  std::vector<double> win;
  std::vector<double> score;
  std::vector<double> tenpai;
  // Our chances of ron per go-round, counted in wall draws and added to the DP's own draw (the
  // discards of three seats, each as likely to win for us as a draw at most): the params' riichi
  // or dama chances, fewer when the hand's wins need menzen tsumo for a yaku.
  double ron_chances = 0;
  // A ron's mean points as a share of the DP's mean win, which is a tsumo's (ron_points_share in
  // bot/strategy/hand_curve); 1 where the waits are not known.
  double ron_points_share = 1;
  // The hand after the candidate: its shanten, whether it is closed (no open meld; a closed
  // tenpai hand that has not declared is dama), and whether it has declared riichi (or declares
  // with this candidate); the push line's win odds are calibrated by them (win_odds_class).
  int shanten = 0;
  bool closed = false;
  bool declared = false;
  // The riichi deposit the candidate pays by declaring (0 once declared, or without a
  // declaration): lost unless the hand wins, which the line charges (`score` counts the wins
  // alone).
  double deposit = 0;
};

// Both lines run from the candidate to the end of the hand: our `draws` (none when the wall has
// no draw left for us), a go-round of the other seats before each, and what is left of the wall
// to them after our last. The first and the last
// of their go-rounds may be partial, counted by the wall (others_turns); their hazard, their
// tsumo wins and, before our first draw, our ron chances are scaled by the share played.
struct OthersTurns {
  // Before our first draw: all of a go-round after our discard (1); none when our draw is next
  // (0: a pass of the discard of the seat on our left, a kan's rinshan tile); a third for each
  // seat that draws first (a pass of a discard from across or from our right).
  double first = 1;
  // After our last draw: a third for each tile of the live wall left to the others.
  double last = 1;
};

// The others' turns from the live wall's `tiles_left` when `draws_before_ours` seats draw before
// our next draw (3 when we discard next; a kan's rinshan tile is not the live wall's, 0) and we
// have `draws` of the tiles (the rinshan tile among them). With no draw of ours the tiles left
// are all theirs, after the candidate (`last`).
OthersTurns others_turns(int tiles_left, int draws_before_ours, int draws);

// Pushing: the DP's wins, made faster by ron chances and cut short by the opponents' hazard;
// each later discard (the one after our last draw too) pays the danger of a tile from the wall
// while the hand goes on. The draw payments count within the params' noten window only. The
// line's win odds are calibrated by the hand after the candidate and by whether an opponent has
// declared (calibrated_win_odds), its points with them.
Line push_line(const HandCurve& curve, const Threat& threat, int draws,
               const FullParams& params = kDefaultFullParams, const OthersTurns& turns = {});

// The index of the params' win-odds calibration for the hand after a candidate: tenpai open,
// tenpai dama (closed, not declared), closed one-, two-, three-shanten and more, open one-,
// two-shanten and more, or the last hand class for a declared riichi; the classes facing an
// opponent's riichi follow the kWinOddsHandClasses with none.
int win_odds_class(const HandCurve& curve, bool facing_riichi);

// The push line's win odds as played for a hand of that class: Platt scaling of `forecast`, its
// odds ratio raised to the params' power and multiplied by their factor.
double calibrated_win_odds(double forecast, int win_class, const FullParams& params = kDefaultFullParams);

// Folding from `hand` (the tiles held after this turn's discard): at each of the next turns (up
// to the params' fold horizon) the safest tile held (or the drawn one when safer), no win,
// noten at the draw. Facing a riichi with the params' count_rivers, the fold also throws the
// tiles the rivers and its own discards make safe against it as they come (docs/full.md, "The
// rivers").
Line fold_line(const TileCounts& hand, const Threat& threat, int draws, const FullParams& params = kDefaultFullParams,
               const OthersTurns& turns = {});

// The exhaustive-draw payment to us when tenpai (positive) and when noten (negative), with the
// opponents' tenpai odds at that point (3000 points from the noten hands to the tenpai ones).
struct DrawPayments {
  double tenpai = 0;
  double noten = 0;
};
DrawPayments draw_payments(const Threat& threat, int draws);

}  // namespace tenbin
