// The opponents' side of a decision, in points: what discarding each kind now costs, and how the
// danger unfolds over the go-rounds still to come (the chance that an opponent finishes the hand
// in each go-round, and what pushing a tile from the wall costs at each of our later discards).
// Built from MJ-0's estimate (bot/mj0/mj0.hpp) or, for comparison, from a flat rule in which
// every tile an opponent has not discarded is equally dangerous. docs/full.md gives the model.
#pragma once

#include <array>
#include <vector>

#include "bot/dp/dp.hpp"
#include "bot/mj0/mj0.hpp"
#include "bot/strategy/full_params.hpp"
#include "engine/table.hpp"

namespace tenbin {

inline constexpr int kMaxGoRounds = dp::kMaxDraws + 1;

struct OpponentThreat {
  int seat = 0;
  bool declared = false;  // in riichi: its waits are fixed, and the rivers grow its genbutsu
  std::array<double, kMaxGoRounds + 1> tenpai{};  // [j]: tenpai probability at go-round j (0: now)
  std::array<double, kNumKinds> deal_in{};       // P(discarding the kind now deals in to them)
  std::array<double, kNumKinds> loss{};          // expected points paid to them for it
  double live_waits = 0;                          // expected live copies of their waits, if tenpai
  // Chances per go-round to complete a tenpai hand, counted in wall draws: its own draw and the
  // discards of the two seats that are not us (the params' chances in riichi or other).
  double win_chances = 0;
  // What we pay when it wins by tsumo: its mean win (its expected loss per deal-in, or the flat
  // ron) times our share of a tsumo.
  double tsumo_payment = 0;
};

struct Threat {
  std::vector<OpponentThreat> opponents;
  std::array<double, kNumKinds> wall{};  // expected copies of each kind in the live wall
  int live_tiles = 0;
  // Over all opponents: the kind's deal-in probability and expected loss now.
  std::array<double, kNumKinds> deal_in{};
  std::array<double, kNumKinds> loss{};
  // [j], j = 1..kMaxGoRounds: P(an opponent wins during go-round j, none before), and the
  // deal-in probability and expected loss of discarding a tile drawn from the wall at our j-th
  // later discard.
  std::array<double, kMaxGoRounds + 1> hazard{};
  std::array<double, kMaxGoRounds + 1> push_deal_in{};
  std::array<double, kMaxGoRounds + 1> push_loss{};
  // The same from the opponents that have not declared alone (how their danger grows with their
  // pace, which the fold line's held tiles follow).
  std::array<double, kMaxGoRounds + 1> undeclared_deal_in{};
  std::array<double, kMaxGoRounds + 1> undeclared_loss{};
  // The same for a discard chosen as the safer of two tiles from the wall (a hand not yet tenpai
  // chooses among its drawn tile and the tiles it does not need).
  std::array<double, kMaxGoRounds + 1> choice_deal_in{};
  std::array<double, kMaxGoRounds + 1> choice_loss{};
  // [j]: the expected points we pay for an opponent's tsumo during go-round j, none before (one
  // chance in its win_chances is its own draw).
  std::array<double, kMaxGoRounds + 1> tsumo_loss{};
  // Each opponent's share of the deal-in danger of a wall tile (who is paid when we deal in).
  PerSeat<double> payee_share{};
  // An opponent has declared riichi (the push line's win odds are then the DP's as they are).
  bool opponent_declared = false;
};

// An opponent's share of the wins that end the hand without us (the race's hazard split by
// seat, over the next `go_rounds`), and the mean points of its win (its expected loss per
// deal-in; the params' flat ron, a dealer's by the dealer factor, when it holds no wait yet).
struct OpponentWin {
  int seat = 0;
  double share = 0;
  double points = 0;
};
std::vector<OpponentWin> opponent_wins(const Threat& threat, const Table& table, int go_rounds,
                                       const FullParams& params = kDefaultFullParams);

// The deal-in odds we play with against an open hand that has not declared, from MJ-0's
// `forecast`: the params' power calibration (docs/full.md), scaled by the hand's `calls`. Zero
// stays zero (genbutsu), and the order of one hand's tiles is kept.
double open_hand_deal_in(double forecast, int calls, const FullParams& params = kDefaultFullParams);

// From MJ-0: the estimate's per-opponent deal-in and loss, the wall estimate (or, with
// `flat_wall`, the unseen copies scaled to the live wall; against an open hand that has not
// declared, the odds and losses of open_hand_deal_in), and each non-riichi opponent's tenpai
// probability growing over the go-rounds as the share of tenpai players by turn does (params),
// slowed by the fold share while another seat is in riichi.
Threat threat_from_estimate(const Table& table, const mj0::Estimate& estimate, bool flat_wall,
                            const FullParams& params = kDefaultFullParams);

// How an opponent's danger at go-round j compares with now: its tenpai odds' growth, and, in
// riichi when the params count the rivers, the share of the kinds not yet safe against it that
// no seat has thrown past it by then (the params' river rate a go-round).
double danger_growth(const OpponentThreat& o, int j, const FullParams& params = kDefaultFullParams);

// The share of the seat's progress that stops while it faces a riichi: the params' fold share,
// moved by how often the seat has thrown genbutsu against a riichi this match (its SeatRecord).
double fold_share_of(const Table& table, int seat, const FullParams& params = kDefaultFullParams);

// Our riichi's ron chances at this table over the population's: a ron needs a discard from a
// seat still building its hand, so the chances follow the share of the opponents' progress that
// goes on against a riichi (1 - fold_share_of), averaged over the opponents not in riichi and
// taken over the population's (1 - the params' fold share), to the params' push power (power 0,
// or no such opponent: 1).
double riichi_ron_factor(const Table& table, const FullParams& params = kDefaultFullParams);

// The params a decision at this table plays with: both riichi ron chances moved by
// riichi_ron_factor, the band of equivalent points scaled before any other seat's riichi
// (equivalent_points_factor_before_riichi), the rest as given.
FullParams params_at_table(const Table& table, const FullParams& params);

// The threat once we have declared riichi: every opponent that has not declared races at the pace
// left by the players who fold against a riichi (the params' fold share).
Threat threat_after_our_riichi(const Threat& threat, const Table& table, const FullParams& params = kDefaultFullParams);

// The comparison rule: each opponent's tenpai probability from the tenpai model (1 in riichi),
// every kind it has not discarded (nor passed since its riichi) equally likely to be in its
// wait (the params' wait kinds among them), a ron worth the params' flat ron points (a
// dealer's by the dealer factor).
Threat flat_threat(const Table& table, const FullParams& params = kDefaultFullParams);

// The live copies of each kind if the unseen copies were spread evenly over the live wall and
// the opponents' hands.
std::array<double, kNumKinds> flat_wall(const Table& table);

}  // namespace tenbin
