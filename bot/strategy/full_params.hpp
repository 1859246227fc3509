// Every tunable of the `full` strategy in one place: each field's default is the value `full`
// plays with, and for_each_param (below) gives each its name, as `tenbin params` lists it and
// `--param NAME=VALUE` sets it, and a one-line note of what it is and where it was measured.
// docs/full.md explains the model each belongs to.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot/mj0/mj0.hpp"

namespace tenbin {

// A win's size: what the hand pays (before honba and riichi sticks) falls on the steps of the
// scoring table, and wins bunch on a few of them (mangan above all). `share`: the step's share
// of wins.
struct WinLevel {
  int points;
  double share;
};
inline constexpr int kWinLevels = 15;
using WinLevels = std::array<WinLevel, kWinLevels>;

// The push line's win odds are calibrated by the hand after the candidate (tenpai open, tenpai
// closed and not declared (dama); closed one-, two-, three-shanten and more; open one-, two-shanten
// and more; a declared riichi) and by whether an opponent has declared: the eight classes with no
// riichi shown, then the same eight facing one.
inline constexpr int kWinOddsHandClasses = 8;
inline constexpr int kWinOddsClasses = 2 * kWinOddsHandClasses;

// The share of players tenpai after their n-th discard of a hand, n = 0..kTenpaiTurns - 1.
inline constexpr int kTenpaiTurns = 21;

// An open hand's calls as the danger calibration tells them apart: 1, 2, 3 or more.
inline constexpr int kOpenDangerCallRows = 3;

// A shanten no hand reaches: riichi_safety_first_from_shanten at it never puts safety first.
inline constexpr int kNoSafetyFirst = 99;

struct FullParams {
  // The race: the chances of a go-round, counted in wall draws (bot/strategy/line, threat).
  // While no other seat's riichi stands: a riichi hand, and a dama or open hand.
  double riichi_ron_chances = 1.43;
  double dama_ron_chances = 2.72;
  // The same while another seat's riichi stands when we decide: the seats that fold stop throwing
  // an open hand's waits, and the riichi's holder throws what it draws into a chasing riichi.
  // Refitted with riichi_ron_chances on games against opponents who defend, on since their paired
  // runs (docs/strength.md, "The ron chances refitted on opponents who defend").
  double riichi_ron_chances_facing_riichi = 1.78;
  double open_ron_chances_facing_riichi = 1.40;
  double dama_ron_chances_facing_riichi = 1.73;
  // Both riichi figures read from the table (threat: riichi_ron_factor): they follow the
  // opponents' push share (1 - their fold shares, read from their rivers) over the population's,
  // to this power (0: the population's figures at every table; 1: in proportion, each ron a
  // discard from a seat still building its hand). On since its registered pair
  // (docs/strength.md, "The riichi's ron chances read from the table").
  double riichi_ron_chances_push_power = 1;
  double opponent_chances_in_riichi = 1.76;
  double opponent_chances_other = 2.93;
  // The share of players tenpai after their n-th discard with no other seat in riichi: the pace
  // of a seat that has not folded (riichi_fold_share is the slowing measured against it).
  std::array<double, kTenpaiTurns> tenpai_by_turn = {0,     0,     0.004, 0.011, 0.027, 0.058, 0.102,
                                                     0.159, 0.223, 0.295, 0.369, 0.447, 0.520, 0.592,
                                                     0.654, 0.719, 0.771, 0.819, 0.845, 0.845, 0.845};
  // The share of a not-yet-tenpai opponent's progress that stops once another seat (we included)
  // has declared riichi: the players who fold stop racing.
  double riichi_fold_share = 0.36;
  // Read from the seat (engine/table's SeatRecord): a seat that throws genbutsu against a riichi
  // more often than the population folds more. Its genbutsu share, drawn toward the population's
  // by `seat_reading_prior` discards' worth, moves its fold share by `fold_share_per_genbutsu_share`
  // per unit of difference (0: every seat is the population).
  double population_genbutsu_share = 0.64;
  double fold_share_per_genbutsu_share = 1.36;
  double seat_reading_prior = 40;
  // MJ-0's deal-in odds against an open hand that has not declared are too sharp where we throw:
  // the tiles it calls safest deal in more often than it says, those it calls dangerous less. The
  // odds we play with are pivot * (odds / pivot)^exponent (1: MJ-0's odds as they are).
  double open_danger_exponent = 0.935;
  double open_danger_pivot = 0.0101;
  // Then scaled by the open hand's calls (1, 2, 3 or more): the calibration above was fitted on
  // every open hand at once (1 and 1 and 1: as it is).
  std::array<double, kOpenDangerCallRows> open_danger_scale_by_calls = {1, 1, 1};
  // The lines (bot/strategy/line).
  int fold_horizon = 5;
  // Facing a riichi, both lines count the safe tiles the rivers give: each kind not yet safe
  // against it becomes safe at `river_safe_rate` a go-round (another seat throws it past the
  // riichi), and the fold's own discard makes the copies it keeps of that kind safe.
  // On since the rivers pair of seeds 25400 and 25402 (docs/strength.md, "The rivers").
  bool count_rivers = true;
  double river_safe_rate = 0.041;
  // The share of our payments for the opponents' tsumo wins that the lines count while the hand
  // is on (1: all of them; 0: left out). Both lines pay them, a push that wins first fewer.
  double opponent_tsumo_weight = 1;
  int noten_window_draws = 6;
  // The push line's win odds against what happened after the discards it priced, by the hand
  // after the candidate (index: tenpai open, tenpai dama, closed one-, two-, three-shanten and
  // more, open one-, two-shanten and more, a declared riichi), first with no opponent declared,
  // then facing a riichi. Platt scaling written on the odds ratio, so that no param is negative:
  // p / (1 - p) played = factor * (q / (1 - q))^power for the DP's q. Every class is at 1 and 1
  // (the DP's and the race's odds as they are): the fitted classes were fitted on outcomes that
  // include our own later folds, and lifted far hands' odds into discards that go back a shanten
  // (docs/full.md, "The calibration undone").
  std::array<double, kWinOddsClasses> win_odds_factor = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  std::array<double, kWinOddsClasses> win_odds_power = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  // Choosing among candidates (bot/strategy/full): candidates within `equivalent_points` of the
  // best value tie, and the hand's progress decides. While no other seat has declared riichi the
  // band is that times `equivalent_points_factor_before_riichi` (1: one band throughout), so speed
  // may be weighed apart from safety (docs/full.md, "The band before a riichi").
  double equivalent_points = 80;
  double equivalent_points_factor_before_riichi = 1;
  // Facing a riichi, whether the discard's own expected loss decides among the equivalent
  // discards before the hand's progress (true), or the progress alone (false). The loss is
  // measured (MJ-0 against a riichi); the lines' values within the equivalent points are not
  // (docs/full.md, "Safety first facing a riichi").
  bool riichi_safety_first = false;
  // The same for far hands alone: facing a riichi, the least own expected loss decides among the
  // equivalent discards when every one of them leaves the hand at least this many shanten from
  // tenpai, where a hand folds anyway (docs/full.md, "Far hands facing a riichi");
  // kNoSafetyFirst: never.
  int riichi_safety_first_from_shanten = 2;
  // The same facing open hands where no riichi stands: the least own expected loss decides among
  // the equivalent discards when an opponent has made at least `open_safety_first_calls` calls
  // and every equivalent discard leaves the hand at least this many shanten from tenpai (docs/full.md,
  // "Far hands facing open hands"); kNoSafetyFirst: never.
  int open_safety_first_from_shanten = kNoSafetyFirst;
  int open_safety_first_calls = 2;
  // Whether a call whose best line is the fold line may be taken (true) or the pass is kept
  // (false). A call is a plan to win or to reach tenpai; folding is done with the 13 closed tiles,
  // and after a call the hand pushes more often than its fold line assumes (docs/full.md, "Calls
  // that fold").
  bool calls_that_fold = false;
  // Whether a tenpai hand at a riichi chance prices its rons at a ron's points (true) or at the
  // DP's mean win (false), which is a tsumo's: a closed hand's ron lacks menzen tsumo's han and
  // the tsumo's fu, and a dama hand wins mostly by ron (docs/strength.md, "What holds against
  // both: the dama line's mean win"; its pair, "Rons at a ron's points").
  bool rons_at_ron_points = true;
  // Whether the DP prices each win at its ron and tsumo points in the hand's shares of each
  // (true: the share of rons from the ron chances, c / (1 + c) for the hand's kind; a dama ron
  // without a yaku leaves the win to tsumo), or every win as a tsumo (false). It covers every
  // hand the DP values and its policy; with it, rons_at_ron_points adds nothing (docs/full.md,
  // "Rons in the DP").
  bool rons_in_dp = false;
  // Whether a candidate's push line takes the win odds of the DP's score objective's own choices
  // (true), the policy whose expected score it already takes, or the win objective's, the fastest
  // policy's (false): with false a plan played for value is priced with the speed of one played
  // for speed (docs/full.md, "One policy's odds").
  bool one_policy_odds = false;
  // Whether, among the equivalent discards that leave the hand nearest tenpai, the push line's
  // win odds decide before the ukeire (true) or the ukeire alone (false). The ukeire counts the
  // tiles that advance the hand one step; the DP's odds count the whole way to a win (the shapes
  // those tiles leave), which is what an efficiency player looks ahead for (docs/full.md, "The
  // win odds as progress").
  bool progress_by_win_odds = true;
  // Whether a riichi declaration compares with the other equivalent candidates by the progress
  // of its discard (true), so that between declaring and staying dama on one tile the value
  // decides, or as a candidate of no progress (false), which any equivalent discard beats: then
  // riichi is taken only when its value leads every other by more than `equivalent_points`
  // (docs/full.md, "Riichi in the tie").
  bool riichi_ties_as_its_discard = true;
  // Whether a chi or pon and its pass compare by the progress of the hand each leaves (the call's
  // after its discard, the pass's as it stands) when their values are equivalent (true), as
  // discards do, so that a call within `equivalent_points` of the pass that leaves the hand
  // nearer tenpai or winning more often is taken; or by value alone (false: a call and its pass
  // carry no progress) (docs/full.md, "Calls in the tie"). Off since the pair against the
  // champion.
  bool calls_tie_by_progress = false;
  // While no other seat has declared riichi, a closed hand's calls and its pass tie within
  // `equivalent_points` times this (1: the one band): the DP prices a first call and its pass
  // each without the later calls, which an open hand makes more of, so its lead is known less
  // well than a discard's (docs/full.md, "A closed hand's first call in a wider tie"). 1 since
  // the pair against the champion (4 before).
  double first_call_band_factor = 1;
  // Calls in the DP (docs/dp.md, "Calls"): whether, once our hand is open at the table, its DP
  // counts its later pons and chis on the others' discards (true) or its own draws alone (false);
  // a closed hand's first call and its pass are both valued without them. Per unseen copy and
  // go-round, the chance that some other seat discards it (a pon offer) and that the seat before
  // ours does (a chi offer), by kind of tile (scripts/study/call-chances).
  bool open_hand_calls = false;
  // The same whether our hand is open or closed (docs/full.md, "A closed hand's calls"): a closed
  // hand's DP counts its calls too, each leading to the hand opened, whose wins need a yaku of
  // their own and have no riichi; the call and its pass are then both priced with later calls.
  bool closed_hand_calls = false;
  // The calls that bring their own yaku alone (docs/full.md, "A closed hand's yakuhai pons"): a
  // closed hand's DP counts its later pons of its yakuhai, each leading to the hand opened, which
  // calls on at every rate; an open hand counts its later calls, and a closed hand's yakuhai pon
  // offered at the table is priced with them, its other calls without (as open_hand_calls).
  bool closed_hand_yakuhai_pons = false;
  // The weight of a closed hand's later calls in the value of its discards while no other seat
  // has declared riichi (docs/full.md, "Later calls in a closed hand's discards"): each discard's
  // curve mixes the DP's without calls (1 - weight) and the DP's that opens the hand by every call
  // the offer rates give (weight). The claim decisions take claim_call_weight. 0: none (both
  // weights off since the pair of later calls off; 0.5 before it).
  double discard_call_weight = 0;
  // The same weight in a closed hand's claim decisions while no other seat has declared riichi
  // (docs/full.md, "Later calls in a closed hand's claims"): the pass's curve and each call's
  // discards' curves mix the DP's without later calls and the DP's with them. 0: none, the pass
  // and the calls priced on their own draws (off since the pair of later calls off).
  double claim_call_weight = 0;
  // How the DP values a closed hand's call wherever its calls count (the two weights above,
  // closed_hand_calls, closed_hand_yakuhai_pons): true, the call lays its meld down
  // (dp::Options::lay_down_calls: the set leaves the concealed hand for good, kuikae holds, the
  // wins score with the meld); false, the called tile joins the concealed hand as a draw would.
  bool lay_down_calls = false;
  double pon_offer_rate_honour = 0.065;
  double pon_offer_rate_terminal = 0.045;
  double pon_offer_rate_middle = 0.019;
  double chi_offer_rate_terminal = 0.015;
  double chi_offer_rate_middle = 0.0067;
  double rank_value_noise = 2e-4;
  // The ukeire stand-in (bot/strategy/ukeire_curve) and where it takes the DP's place.
  int dp_max_shanten = 4;
  double stand_in_win_points = 5000;
  double stand_in_riichi_factor = 1.3;
  // The work plan of a decision (bot/strategy/full: WorkPlan).
  int large_budget_ms = 300;
  int small_budget_ms = 60;
  // The DP weighs the discards that raise the shanten only from hands at most this far from
  // tenpai (0: from tenpai alone); the budget's plan may allow fewer.
  int shanten_back_up_to = 2;
  int samples_large = 2000;
  int samples_medium = 1000;
  int samples_small = 300;
  int scored_sample_divisor = 4;
  double sampling_deadline_share = 0.4;
  double dp_deadline_share = 0.7;
  // The comparison rule without MJ-0 (full-no-danger) and an opponent holding no wait yet.
  double flat_ron_points = 5200;
  double flat_wait_kinds = 1.5;
  double dealer_factor = 1.5;
  // Placement (bot/strategy/placement).
  double placement_hands_left = 0;
  double score_swing_per_hand = 4589;
  double repeat_share = 0.301;
  double ron_share = 0.63;
  double negligible_level_odds = 1e-4;
  WinLevels non_dealer_wins = {{{1000, 0.1116}, {1300, 0.0271}, {1600, 0.0189}, {2000, 0.1591},
                                {2600, 0.0757}, {3200, 0.0158}, {3900, 0.1478}, {5200, 0.0906},
                                {6400, 0.0193}, {7700, 0.0675}, {8000, 0.1877}, {12000, 0.0687},
                                {16000, 0.0091}, {24000, 0.0002}, {32000, 0.0009}}};
  WinLevels dealer_wins = {{{1500, 0.0874}, {2000, 0.0333}, {2400, 0.0064}, {2900, 0.1294},
                            {3900, 0.0736}, {4800, 0.0204}, {5800, 0.1374}, {7700, 0.1014},
                            {9600, 0.0207}, {11600, 0.1164}, {12000, 0.1755}, {18000, 0.0858},
                            {24000, 0.0107}, {36000, 0.0003}, {48000, 0.0012}}};
  // MJ-0's hand-building modes (bot/mj0: estimate_modes and the sampler's caller weights).
  mj0::ModeParams modes;
};

// The defaults, for callers that take no parameters.
inline const FullParams kDefaultFullParams{};

// Calls visit(name, field, note) for every tunable, in the order `tenbin params` lists them;
// `field` is a double, an int, a bool (a switch), a table of doubles or a WinLevels (whose shares
// are the tunable).
template <typename Params, typename Visit>
void for_each_param(Params& p, Visit&& visit) {
  visit("riichi_ron_chances", p.riichi_ron_chances,
        "our ron chances per go-round in riichi, in wall draws: full's rons / tsumo wins, by the standing at the win, vs 3 majiang-ai and vs 3 champions (seeds 25454, 25460, 25470); refitted with the three figures facing a riichi (docs/strength.md, \"The ron chances refitted on opponents who defend\"); 0.97 before");
  visit("dama_ron_chances", p.dama_ron_chances,
        "the same for a dama hand, and for an open hand while no other seat's riichi stands: full (35e772b, 0162705) vs 3 majiang-ai (seeds 25250, 25260)");
  visit("riichi_ron_chances_facing_riichi", p.riichi_ron_chances_facing_riichi,
        "riichi_ron_chances while another seat's riichi stands: the same games and refit; 1.23 before");
  visit("open_ron_chances_facing_riichi", p.open_ron_chances_facing_riichi,
        "an open hand's ron chances while another seat's riichi stands (with none shown it is dama_ron_chances): the same games and refit; 1.29 before");
  visit("dama_ron_chances_facing_riichi", p.dama_ron_chances_facing_riichi,
        "a dama hand's ron chances while another seat's riichi stands: the same games and refit; dama_ron_chances' 2.72 before");
  visit("riichi_ron_chances_push_power", p.riichi_ron_chances_push_power,
        "both riichi ron chances times (the opponents' push share / the population's)^power, the push share 1 - fold share as each seat's rivers read (0: off); a riichi won 0.85 rons per tsumo against majiang-ai, 1.38 against champions and 0.44 against greedy, all priced at 1.43 (seeds 25500, 25504, 25512); 1: on since its paired runs of seeds 25522 and 25520 (pooled -0.014 +- 0.040 in average rank)");
  visit("opponent_chances_in_riichi", p.opponent_chances_in_riichi,
        "an opponent's chances per go-round in riichi: 1 + its rons off the other two / its tsumo wins, majiang-ai seats vs full (seeds 25250, 25260)");
  visit("opponent_chances_other", p.opponent_chances_other,
        "the same for an open or dama opponent, majiang-ai seats vs full (seeds 25250, 25260)");
  visit("tenpai_by_turn", p.tenpai_by_turn,
        "share of players tenpai after their n-th discard with no other seat in riichi, n = 0..20: all seats of full vs 3 majiang-ai (seeds 25300, 25320, 25360 pooled, scripts/study/tenpai-by-turn; a turn seen under 500 times takes the last turn seen more, kept from falling)");
  visit("riichi_fold_share", p.riichi_fold_share,
        "share of a not-yet-tenpai opponent's progress to tenpai that stops facing another seat's riichi: scripts/study/fold-rates, full and majiang-ai seats (seeds 7171, 7272)");
  visit("population_genbutsu_share", p.population_genbutsu_share,
        "share of discards that are genbutsu while facing another's riichi, all seats of full vs 3 majiang-ai (seeds 7171, 7272), where riichi_fold_share was measured");
  visit("fold_share_per_genbutsu_share", p.fold_share_per_genbutsu_share,
        "fold share per unit of genbutsu share: least squares over full (0.53, 0.28), majiang-ai (0.69, 0.41) and greedy (0.80, 0.64) seats");
  visit("seat_reading_prior", p.seat_reading_prior,
        "discards facing a riichi, at the population's genbutsu share, a seat's own share is drawn toward (first estimate)");
  visit("open_danger_exponent", p.open_danger_exponent,
        "the power of the open-hand danger calibration: maximum likelihood over every seat's discards against open hands with MJ-0's measured modes (tenbin-arena danger-table --every 12, full vs 3 majiang-ai and vs 3 champions, seeds 25710-25800, 59,591 pairs); 0.71 with the modes' first rule");
  visit("open_danger_pivot", p.open_danger_pivot,
        "the deal-in odds the open-hand calibration leaves as they are (fitted with the exponent; 0: no calibration); 0.023 with the modes' first rule");
  visit("open_danger_scale_by_calls", p.open_danger_scale_by_calls,
        "the open-hand danger calibration's odds scaled by the hand's calls: 1, 2, 3 or more (1,1,1: not scaled)");
  visit("win_odds_factor", p.win_odds_factor,
        "the push line's win odds calibrated against the hands' outcomes, by the hand after the candidate (tenpai open, tenpai dama, closed 1, 2, 3+ shanten, open 1, 2+ shanten, riichi declared), first with no riichi shown, then facing one; all 1 and 1 (no calibration) since the paired runs of seeds 25380 and 25382 (the fit of scripts/study/line-outcomes --undo-calibration --fit is docs/full.md's)");
  visit("win_odds_power", p.win_odds_power, "the power of the odds in that calibration (fitted with the factor; 1 and 1: no calibration)");
  visit("fold_horizon", p.fold_horizon, "later turns the fold line prices (then the rivers give safe tiles)");
  visit("count_rivers", p.count_rivers,
        "facing a riichi, both lines count the tiles the rivers and the fold's own discards make safe (false: today's danger at every later turn); on since the paired runs of seeds 25400 and 25402");
  visit("river_safe_rate", p.river_safe_rate,
        "facing a riichi, share of the kinds not yet safe against it that turn safe each go-round: full's kept kinds vs 3 majiang-ai (the rivers column of scripts/study/riichi-defence; 0.041 on development games of seeds 25300-25350, 0.040-0.041 on seed 25380)");
  visit("opponent_tsumo_weight", p.opponent_tsumo_weight,
        "share of our payments for the others' tsumo wins the lines count (0: left out, as before the lines paid them)");
  visit("noten_window_draws", p.noten_window_draws,
        "the draw payments count only with at most this many own draws left (the DP's tenpai odds are those of a tenpai-only policy)");
  visit("equivalent_points", p.equivalent_points,
        "candidates closer than this in points tie, and the hand's progress decides (a first estimate, checked only by play)");
  visit("equivalent_points_factor_before_riichi", p.equivalent_points_factor_before_riichi,
        "equivalent_points times this while no other seat has declared riichi (1: one band throughout); 2: +0.018 +- 0.079 in average rank pooled over its paired runs (seeds 25670 and 25672), above zero: faster hands, no rank shown");
  visit("riichi_safety_first", p.riichi_safety_first,
        "facing a riichi, the least own expected loss decides among the equivalent discards before the hand's progress (false: the progress alone); off: on top of the rivers it lost 0.077 +- 0.068 in average rank in its paired runs (seeds 25410 and 25412)");
  visit("riichi_safety_first_from_shanten", p.riichi_safety_first_from_shanten,
        "riichi_safety_first for the hands that every equivalent discard leaves at least this many shanten from tenpai (99: never); facing a riichi, full's hands left two shanten or more threw another tile while holding a genbutsu in 21-28% of such discards, majiang-ai's in 2% (seeds 25380 to 25520); 2: on since its paired runs of seeds 25570 and 25572 (pooled -0.012 +- 0.045 in average rank); 1: +0.005 +- 0.054 pooled over its paired runs (seeds 25660 and 25662), above zero");
  visit("open_safety_first_from_shanten", p.open_safety_first_from_shanten,
        "with no riichi standing and an opponent of open_safety_first_calls calls or more, safety first for the hands that every equivalent discard leaves at least this many shanten from tenpai (99: never); full's closed hands left two shanten or more dealt in on 2.6% of their discards facing two calls or more against 3 majiang-ai, majiang-ai's seats on 1.5% (seed 25580); 2: 0.9% against main's 2.1%, but +0.018 +- 0.040 in average rank pooled over its paired runs (seeds 25610 and 25612), above zero");
  visit("open_safety_first_calls", p.open_safety_first_calls,
        "the calls another seat has made from which open_safety_first_from_shanten applies");
  visit("calls_that_fold", p.calls_that_fold,
        "true: a call whose best line folds may be taken; false: the pass instead (such calls won 4% and lost some 800 points below their forecast on full's odd walls of seeds 25340 and 25350 against 3 majiang-ai)");
  visit("rons_at_ron_points", p.rons_at_ron_points,
        "true: at a riichi chance the dama and the declaring lines price their rons at the waits' ron points over their tsumo points (false: every win at the DP's mean, a tsumo's); the dama line's mean win forecast 25-50% over what followed against majiang-ai and champions (seeds 25460, 25454); on: -0.006 +- 0.050 in average rank pooled over its paired runs (seeds 25470 and 25472), no loss in either");
  visit("rons_in_dp", p.rons_in_dp,
        "true: the DP prices each win at c / (1 + c) of its ron points and the rest of its tsumo points, c the hand's ron chances (false: every win a tsumo); supersedes rons_at_ron_points; off: +0.002 +- 0.085 in average rank pooled over its paired runs (seeds 25480 and 25482), above zero");
  visit("one_policy_odds", p.one_policy_odds,
        "true: the push line's win odds are those of the DP's score objective's own choices, whose expected score it takes (false: the win objective's, the fastest policy's, so a value plan is priced with a speed plan's odds); off: +0.014 +- 0.034 in average rank pooled over its paired runs (seeds 25620 and 25622), above zero, the pace unchanged");
  visit("progress_by_win_odds", p.progress_by_win_odds,
        "true: among the equivalent discards that leave the hand nearest tenpai, the push line's win odds (to a tenth of a percent) decide before the ukeire (false: the ukeire alone); on: -0.093 +- 0.113 in average rank pooled over its paired runs (seeds 25640 and 25642), no loss in either");
  visit("riichi_ties_as_its_discard", p.riichi_ties_as_its_discard,
        "true: a riichi declaration takes its discard's progress (shanten, win odds, ukeire, keep order) in the tie, so declaring and dama on one tile compare by value (false: no progress, so any equivalent discard beats it and riichi needs a lead over every candidate of more than equivalent_points); on: -0.010 +- 0.030 in average rank pooled over its paired runs (seeds 25650 and 25652), no loss in either; the lead was in that band with a discard played at 10 of 386 riichi chances in 110 reviewed games of seeds 25640 and 25642");
  visit("calls_tie_by_progress", p.calls_tie_by_progress,
        "true: a chi or pon and its pass compare by the progress of the hand each leaves (shanten, then the push line's win odds, then ukeire) when their values are equivalent, as discards do (false: value alone; a call and its pass carry no progress); on: -0.031 +- 0.041 in average rank pooled over its paired runs (seeds 25680 and 25682), no loss in either; off again with first_call_band_factor at 1: -0.043 +- 0.045 pooled over its pairs against the champion, majiang-ai and greedy (seeds 25840, 25850 and 25852), no loss in any");
  visit("first_call_band_factor", p.first_call_band_factor,
        "while no other seat has declared riichi, a closed hand's calls and its pass tie (the progress deciding, with calls_tie_by_progress; a daiminkan has none) within equivalent_points times this (1: the one band); 4: -0.006 +- 0.044 in average rank pooled over its paired runs (seeds 25700 and 25702), no loss in either; 1 again with calls_tie_by_progress off: -0.043 +- 0.045 pooled over its pairs against the champion, majiang-ai and greedy (seeds 25840, 25850 and 25852), no loss in any");
  visit("open_hand_calls", p.open_hand_calls,
        "true: once our hand is open at the table, its DP counts its later pons and chis on the others' discards at the offer rates below (false: its own draws alone); counted for the first call's side too (b064f29), the pair of seeds 25542 and 25540 called on 55% of the hands against greedy; as now, off: +0.001 +- 0.072 in average rank pooled over its paired runs (seeds 25550 and 25552), above zero");
  visit("closed_hand_calls", p.closed_hand_calls,
        "true: our later calls are counted in the DP whether our hand is open or closed, a closed hand's call leading to its opened states (wins need a yaku, no riichi), so a call and its pass are both priced with them (false: as open_hand_calls says); on: +0.106 +- 0.124 in average rank pooled over its paired runs (seeds 25590 and 25592), -9.0 +- 8.9 rank points, calls on half the hands");
  visit("closed_hand_yakuhai_pons", p.closed_hand_yakuhai_pons,
        "true: a closed hand's DP counts its later pons of its yakuhai, each leading to the hand opened, which calls on at every rate; an open hand's DP counts its later calls, and a closed hand's yakuhai pon at the table is priced with them, its other calls without (false: as open_hand_calls and closed_hand_calls say); on: +0.180 +- 0.157 in average rank against majiang-ai (seed 25600's odd walls, a loss), -0.102 +- 0.124 against greedy (seed 25602), pooled +0.007 +- 0.097");
  visit("discard_call_weight", p.discard_call_weight,
        "the weight of a closed hand's later calls in its discards' values while no other seat has declared riichi: each discard's curve mixes the DP's without calls and the DP's that opens the hand by its calls (0: none; the claim decisions take claim_call_weight); 0.5: -0.092 +- 0.099 in average rank pooled over its paired runs (seeds 25730 and 25732), no loss in either, luck-adjusted +358 +- 171 points a hand against majiang-ai; 1: +0.038 +- 0.099 pooled over its paired runs (seeds 25760 and 25762), above zero; both weights off against both at 0.5: -0.074 +- 0.108 pooled (seeds 25780 and 25782), no loss in either, so 0");
  visit("claim_call_weight", p.claim_call_weight,
        "the same weight in a closed hand's claim decisions while no other seat has declared riichi: the pass's curve and each call's discards' curves mix the DP's without later calls and the DP's with them (0: none, the pass and the calls on their own draws); 0.5: -0.007 +- 0.087 in average rank pooled over its paired runs (seeds 25770 and 25772), no loss in either, a tie; calls on 41-48% of hands against 31-35%; both weights off against both at 0.5: -0.074 +- 0.108 pooled (seeds 25780 and 25782), no loss in either, so 0");
  visit("lay_down_calls", p.lay_down_calls,
        "true: wherever a closed hand's later calls count, its call lays the meld down in the DP (the set leaves the concealed hand, kuikae holds for the discard after it, the wins score with the meld) instead of the called tile joining the concealed hand as a draw would (false); not yet played");
  visit("pon_offer_rate_honour", p.pon_offer_rate_honour,
        "per unseen copy of an honour, the chance per go-round that another seat discards it: every seat's windows of full vs 3 majiang-ai (seeds 25510, 25520 odd walls; scripts/study/call-chances; 0.068 vs 3 greedy, seed 25522)");
  visit("pon_offer_rate_terminal", p.pon_offer_rate_terminal, "the same for a 1 or a 9 (0.044 vs 3 greedy)");
  visit("pon_offer_rate_middle", p.pon_offer_rate_middle, "the same for a 2 to 8 (0.018 vs 3 greedy)");
  visit("chi_offer_rate_terminal", p.chi_offer_rate_terminal,
        "per unseen copy of a 1 or a 9, the chance per go-round that the seat before ours discards it: the same windows (0.016 vs 3 greedy)");
  visit("chi_offer_rate_middle", p.chi_offer_rate_middle, "the same for a 2 to 8 (0.0069 vs 3 greedy)");
  visit("rank_value_noise", p.rank_value_noise,
        "rank values closer than this share of the rank-point spread tie (MJ-0's deal-in odds are known to ~0.5%)");
  visit("dp_max_shanten", p.dp_max_shanten, "beyond this shanten the ukeire stand-in values the hand instead of the DP");
  visit("stand_in_win_points", p.stand_in_win_points, "the stand-in's win: a typical closed win");
  visit("stand_in_riichi_factor", p.stand_in_riichi_factor, "the stand-in's riichi win over its dama win (riichi, ura dora)");
  visit("large_budget_ms", p.large_budget_ms, "from this budget: samples_large, and shanten-back up to shanten_back_up_to");
  visit("small_budget_ms", p.small_budget_ms,
        "from this budget: samples_medium, shanten-back up to 1-shanten (at most shanten_back_up_to) and hand changes up to 2-shanten");
  visit("shanten_back_up_to", p.shanten_back_up_to,
        "the DP weighs discards that raise the shanten only from hands at most this far from tenpai (0: from tenpai alone; the plan below large_budget_ms allows 1 at most, below small_budget_ms 0); 2: capped at tenpai it lost 0.072 +- 0.078 in average rank in its paired runs (seeds 25420 and 25432)");
  visit("samples_large", p.samples_large, "MJ-0 joint samples a decision with a large budget");
  visit("samples_medium", p.samples_medium, "MJ-0 joint samples a decision with a medium budget");
  visit("samples_small", p.samples_small, "MJ-0 joint samples below small_budget_ms");
  visit("scored_sample_divisor", p.scored_sample_divisor, "samples per scored sample (per opponent, for the expected loss)");
  visit("sampling_deadline_share", p.sampling_deadline_share, "MJ-0's sampling stops at this share of the budget");
  visit("dp_deadline_share", p.dp_deadline_share, "no DP starts after this share of the budget (the stand-in values the rest)");
  visit("flat_ron_points", p.flat_ron_points,
        "a non-dealer's ron where no sample says (full-no-danger, or an opponent holding no wait yet)");
  visit("flat_wait_kinds", p.flat_wait_kinds, "kinds a tenpai hand waits on, for full-no-danger");
  visit("dealer_factor", p.dealer_factor, "a dealer's win over a non-dealer's (Tenhou's scoring: 1.5)");
  visit("placement_hands_left", p.placement_hands_left,
        "outcomes are priced in rank points with at most this many hands expected after this one (0: the last hand)");
  visit("score_swing_per_hand", p.score_swing_per_hand,
        "standard deviation of one seat's score change per hand still to come: every seat of full vs 3 majiang-ai and vs 3 champions (seeds 25710-25800; scripts/study/win-stats); 4000 before (4,670 on greedy self-play)");
  visit("repeat_share", p.repeat_share, "share of a hanchan's hands that repeat (dealer repeats and draws): the same hands; 0.25 before");
  visit("ron_share", p.ron_share, "share of wins by ron: the same hands; 0.65 before (full and majiang-ai seats, seeds 7171, 7272)");
  visit("negligible_level_odds", p.negligible_level_odds, "win-size steps less likely than this are left out of a pricing");
  visit("non_dealer_wins", p.non_dealer_wins,
        "shares of a non-dealer's wins by step of the scoring table: every seat of full vs 3 majiang-ai and vs 3 champions (seeds 25710-25800; scripts/study/win-stats), 33,219 wins with the dealer's; before, 53,748 wins of full vs greedy (seeds 6464, 7575); the refit paired on the start book: +0.002 +- 0.008 in average rank pooled (seeds 25810, 25812)");
  visit("dealer_wins", p.dealer_wins, "the same for a dealer's wins");
  visit("mj0_flush_base", p.modes.flush_base,
        "MJ-0: P(flush) of a seat whose numbered melds share a suit, before the melds: least squares with the next two over every seat's hands that ended tenpai, full vs 3 majiang-ai and vs 3 champions (seeds 25710-25800; scripts/study/mode-odds --fit); 0.35 first");
  visit("mj0_flush_per_meld", p.modes.flush_per_meld, "MJ-0: added per meld (0.2 first)");
  visit("mj0_flush_cap", p.modes.flush_cap, "MJ-0: at most (first estimate)");
  visit("mj0_flush_less_per_discard", p.modes.flush_less_per_discard, "MJ-0: less per discard of that suit (0.1 first)");
  visit("mj0_river_flush", p.modes.river_flush,
        "MJ-0: P(flush) of a seat with no numbered meld whose river shuns one suit: the share of such hands that were, on the same hands (0.25 first)");
  visit("mj0_river_flush_discards", p.modes.river_flush_discards, "MJ-0: the river that shows it: at least this many discards (first estimate)");
  visit("mj0_triplets_two_calls", p.modes.triplets_two_calls,
        "MJ-0: P(all triplets) with no chi and two or more pon/kan: the share of such hands that were, on the same hands (0.5 first)");
  visit("mj0_triplets_one_call", p.modes.triplets_one_call, "MJ-0: P(all triplets) with no chi and one open pon/kan: the same (0.1 first)");
  visit("mj0_caller_triplet_weight", p.modes.caller_triplet_weight, "MJ-0: a caller's triplets weigh this much more");
  visit("mj0_caller_run_weight", p.modes.caller_run_weight, "MJ-0: a caller's runs weigh this much more");
}

// One parameter as `tenbin params` lists it: its name, its value ("0.8", or a table as
// comma-separated values) and its note.
struct ParamListing {
  std::string name;
  std::string value;
  std::string note;
};
std::vector<ParamListing> list_params(const FullParams& params);

// Every parameter as a JSON object, name to value (a table as an array of its values).
nlohmann::json params_json(const FullParams& params);

// Sets one parameter from "NAME=VALUE" (a table takes all its values, comma-separated). Throws
// std::invalid_argument naming the problem: an unknown name, a value that is not a number of
// the field's kind, or a table of the wrong length.
void set_param(FullParams& params, std::string_view assignment);

}  // namespace tenbin
