// Placement: what a change of scores in this hand is worth in final rank points, with a simple
// model of the hands still to come (each seat's score moves by independent normal noise of a
// fixed size per hand), so that late in a match the bot prices outcomes by the rank they lead to.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "engine/match_end.hpp"
#include "engine/table.hpp"

namespace tenbin {

// Rank points for 1st..4th; the default is Tenhou's ranked-room scale.
using RankPoints = std::array<double, 4>;
inline constexpr RankPoints kTenhouRankPoints = {90, 45, 0, -135};

// The standard deviation of one seat's score change over one hand: a first estimate (README
// gives the figure measured on arena logs).
inline constexpr double kScoreSwingPerHand = 4000;

// A win's size: what the hand pays (before honba and riichi sticks) falls on the steps of the
// scoring table, and wins bunch on a few of them (mangan above all). These are the shares of the
// steps among the wins of full and full-no-placement against greedy (scripts/win-stats DIR: all
// seats, each payment binned to its nearest step, a tsumo's total too), for a non-dealer's wins
// and a dealer's.
struct WinLevel {
  int points;
  double share;
};
inline constexpr int kWinLevels = 15;
using WinLevels = std::array<WinLevel, kWinLevels>;
inline constexpr WinLevels kNonDealerWins = {{{1000, 0.0954}, {1300, 0.0379}, {1600, 0.0135}, {2000, 0.1384},
                                              {2600, 0.0910}, {3200, 0.0119}, {3900, 0.1289}, {5200, 0.1045},
                                              {6400, 0.0147}, {7700, 0.0502}, {8000, 0.2135}, {12000, 0.0870},
                                              {16000, 0.0128}, {24000, 0.0003}, {32000, 0.0001}}};
inline constexpr WinLevels kDealerWins = {{{1500, 0.0737}, {2000, 0.0398}, {2400, 0.0055}, {2900, 0.1260},
                                           {3900, 0.0956}, {4800, 0.0139}, {5800, 0.1384}, {7700, 0.1028},
                                           {9600, 0.0185}, {11600, 0.0997}, {12000, 0.1819}, {18000, 0.0886},
                                           {24000, 0.0142}, {36000, 0.0007}, {48000, 0.0008}}};

// The odds of each step for a win whose mean payment is `mean`: the measured shares tilted
// exponentially (share * exp(theta * points), theta solved for the mean), the distribution
// nearest the measured one in relative entropy that has this mean (Kullback's minimum
// discrimination information). Means outside the steps take the end step.
std::array<double, kWinLevels> level_odds(const WinLevels& levels, double mean);

// The share of wins by ron (one seat pays) rather than tsumo (the three share the payment).
inline constexpr double kRonShare = 0.57;

// Outcomes are priced in rank points only with at most this many hands expected after this one:
// in the last hand (ranks there are exact when the match ends with it; the outcomes that carry
// it on take the noise of the hands that follow).
// Priced from South 2 on, with the normal noise of the hands to come, placement cost about a
// twentieth of a rank in play (docs/full.md): the noise model's rough parts cost more than it adds.
inline constexpr double kPlacementHandsLeft = 0.0;

// The hands expected after this one in a match of `length` (East 1 .. its last hand, dealer
// repeats counted as a fixed share), 0 in the last hand; beyond it (the extension round) 0.
double hands_left_after(const Table& table, MatchLength length = MatchLength::hanchan);

// What decides whether the match ends with this hand (engine/match_end: the referee's rule), as
// the bot sees it, in a match of `length`.
MatchEnding ending_of(const Table& table, MatchLength length = MatchLength::hanchan);

// What a win in this hand collects besides the hand itself: the honba and the riichi sticks.
int deposits_of(const Table& table);

// Whether the match ends when this hand ends with `scores` and the dealer keeping the deal or not.
bool game_ends_after(const Table& table, const std::array<int, 4>& scores, bool dealer_keeps,
                     MatchLength length = MatchLength::hanchan);

class Placement {
 public:
  // `scores` before this hand's outcome; `hands_left` after it. In the last hand (`hands_left`
  // 0), `ending` says which outcomes go on to another hand: those are priced with the noise of
  // the hands a dealer repeat or the extension round adds. Without it every outcome is final.
  // `deposits`: what a win collects besides the hand (honba and riichi sticks).
  Placement(const std::array<int, 4>& scores, int seat, double hands_left, const RankPoints& points,
            std::optional<MatchEnding> ending = std::nullopt, int deposits = 0);

  // Who keeps the deal after an outcome: for a win, the dealer when its score rises (its own
  // win); at the exhaustive draw, the dealer when tenpai, which the caller knows. `final`: the
  // match ends whatever the scores.
  enum class Deal { by_dealer_score, dealer_keeps, dealer_passes, final };

  // Expected rank points of `seat` when this hand changes the scores by `deltas` (in the last
  // hand, then with `deal` deciding whether another hand follows).
  double value(const std::array<int, 4>& deltas, Deal deal = Deal::by_dealer_score) const;

  // Expected rank points when this hand moves each seat's score by `direction` times the size of
  // a win of mean `mean` (e.g. a ron: +1 for the winner, -1 for the discarder), over the steps a
  // win of that mean falls on (level_odds; `levels`: the winner's, dealer or not). `mean` and the
  // sizes count the deposits the placement was made with.
  double value_of_size(const std::array<double, 4>& direction, double mean, const WinLevels& levels) const;

  // The sizes a win of mean `mean` takes, with their odds (deposits included): computed once
  // for a win that several payers may pay, then priced per direction.
  struct WinSizes {
    std::array<double, kWinLevels> size{};
    std::array<double, kWinLevels> odds{};  // 0 for the negligible steps; all 0 for no win
  };
  WinSizes sizes_of(double mean, const WinLevels& levels) const;
  double value_of_size(const std::array<double, 4>& direction, const WinSizes& sizes) const;

  // Rank points if the scores were final now (ties: the lower seat ranks higher).
  static int rank_of(const std::array<int, 4>& scores, int seat);

 private:
  // Rank points after `after` with normal noise of `spread` on each seat's score.
  double noisy_value(const std::array<double, 4>& after, double spread) const;
  // Whether the match ends after this hand's `deltas` (in the last hand).
  bool ends_with(const std::array<int, 4>& deltas, Deal deal) const;
  std::array<int, 4> scores_;
  int seat_;
  double spread_;  // noise standard deviation over the hands left
  RankPoints points_;
  std::optional<MatchEnding> ending_;
  int deposits_;
};

}  // namespace tenbin
