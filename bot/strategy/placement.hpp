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

// A win's size (points and deposits, so a deal-in's too) about its mean: log-normal with this
// standard deviation of its logarithm (scripts/win-stats DIR: all seats of matches of full against
// greedy). Placement prices an outcome known only by its mean over these sizes, since a mean win
// may fall short of passing a seat that a bigger one passes.
inline constexpr double kWinSizeLogSd = 0.69;
// The share of wins by ron (one seat pays) rather than tsumo (the three share the payment).
inline constexpr double kRonShare = 0.57;

// Outcomes are priced in rank points only with at most this many hands expected after this one:
// in the last hand (ranks there are exact when the match ends with it; the outcomes that carry
// it on take the noise of the hands that follow).
// Priced from South 2 on, with the normal noise of the hands to come, placement cost about a
// twentieth of a rank in play (docs/full.md): the noise model's rough parts cost more than it adds.
inline constexpr double kPlacementHandsLeft = 0.0;

// The hands expected after this one in a hanchan (East 1 .. South 4, dealer repeats counted as
// a fixed share), 0 in the last hand; beyond South 4 (the extension round) 0.
double hands_left_after(const Table& table);

// What decides whether the match ends with this hand (engine/match_end: the referee's rule), as
// the bot sees it: it assumes a hanchan.
MatchEnding ending_of(const Table& table);

// Whether the match ends when this hand ends with `scores` and the dealer keeping the deal or not.
bool game_ends_after(const Table& table, const std::array<int, 4>& scores, bool dealer_keeps);

class Placement {
 public:
  // `scores` before this hand's outcome; `hands_left` after it. In the last hand (`hands_left`
  // 0), `ending` says which outcomes go on to another hand: those are priced with the noise of
  // the hands a dealer repeat or the extension round adds. Without it every outcome is final.
  Placement(const std::array<int, 4>& scores, int seat, double hands_left, const RankPoints& points,
            std::optional<MatchEnding> ending = std::nullopt);

  // Who keeps the deal after an outcome: for a win, the dealer when its score rises (its own
  // win); at the exhaustive draw, the dealer when tenpai, which the caller knows. `final`: the
  // match ends whatever the scores.
  enum class Deal { by_dealer_score, dealer_keeps, dealer_passes, final };

  // Expected rank points of `seat` when this hand changes the scores by `deltas` (in the last
  // hand, then with `deal` deciding whether another hand follows).
  double value(const std::array<int, 4>& deltas, Deal deal = Deal::by_dealer_score) const;

  // Expected rank points when this hand moves each seat's score by `direction` times a size drawn
  // from the log-normal of kWinSizeLogSd with mean `mean` (e.g. a ron: +1 for the winner, -1 for
  // the discarder). In the last hand the expectation is exact (the ranks change at thresholds of
  // the size); before, it is taken over kSizeNodes equally likely sizes.
  double value_of_size(const std::array<double, 4>& direction, double mean) const;
  static constexpr int kSizeNodes = 16;

  // Rank points if the scores were final now (ties: the lower seat ranks higher).
  static int rank_of(const std::array<int, 4>& scores, int seat);

 private:
  // Rank points after `after` with normal noise of `spread` on each seat's score.
  double noisy_value(const std::array<double, 4>& after, double spread) const;
  // Whether the match ends after this hand's `deltas` (in the last hand).
  bool ends_with(const std::array<int, 4>& deltas, Deal deal) const;
  // The mean value over the sizes exp(mu + sd z), z in (from, to), by the normal's density.
  template <typename DeltasAt>
  double interval_value(const DeltasAt& deltas_at, double mu, double sd, double from, double to) const;

  std::array<int, 4> scores_;
  int seat_;
  double spread_;  // noise standard deviation over the hands left
  RankPoints points_;
  std::optional<MatchEnding> ending_;
};

}  // namespace tenbin
