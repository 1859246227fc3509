// Placement: what a change of scores in this hand is worth in final rank points, with a simple
// model of the hands still to come (each seat's score moves by independent normal noise of a
// fixed size per hand), so that late in a match the bot prices outcomes by the rank they lead to;
// and the rank-point price of a line's outcomes (our win, our deal-ins, the draw, another seat's
// win without us).
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "bot/strategy/full_params.hpp"
#include "bot/strategy/line.hpp"
#include "engine/match_end.hpp"
#include "engine/seats.hpp"
#include "engine/table.hpp"

namespace tenbin {

// The odds of each step for a win whose mean payment is `mean`: the measured shares tilted
// exponentially (share * exp(theta * points), theta solved for the mean), the distribution
// nearest the measured one in relative entropy that has this mean (Kullback's minimum
// discrimination information). Means outside the steps take the end step.
std::array<double, kWinLevels> level_odds(const WinLevels& levels, double mean);

// The hands expected after this one in a match of `length` (East 1 .. its last hand, dealer
// repeats counted as the params' repeat share), 0 in the last hand; beyond it (the extension
// round) 0.
double hands_left_after(const Table& table, MatchLength length = MatchLength::hanchan,
                        const FullParams& params = kDefaultFullParams);

// What decides whether the match ends with this hand (engine/match_end: the referee's rule), as
// the bot sees it, in a match of `length`.
MatchEnding ending_of(const Table& table, MatchLength length = MatchLength::hanchan);

// What a win in this hand collects besides the hand itself: the honba and the riichi sticks.
int deposits_of(const Table& table);

// Whether the match ends when this hand ends with `scores` and the dealer keeping the deal or not.
bool game_ends_after(const Table& table, const PerSeat<int>& scores, bool dealer_keeps,
                     MatchLength length = MatchLength::hanchan);

class Placement {
 public:
  // `scores` before this hand's outcome; `hands_left` after it. In the last hand (`hands_left`
  // 0), `ending` says which outcomes go on to another hand: those are priced with the noise of
  // the hands a dealer repeat or the extension round adds. Without it every outcome is final.
  // `deposits`: what a win collects besides the hand (honba and riichi sticks). The noise per
  // hand, the repeats after the last hand and the negligible steps are the params'.
  Placement(const PerSeat<int>& scores, int seat, double hands_left, const RankPoints& points,
            std::optional<MatchEnding> ending = std::nullopt, int deposits = 0,
            const FullParams& params = kDefaultFullParams);

  // Who keeps the deal after an outcome: for a win, the dealer when its score rises (its own
  // win); at the exhaustive draw, the dealer when tenpai, which the caller knows. `final`: the
  // match ends whatever the scores.
  enum class Deal { by_dealer_score, dealer_keeps, dealer_passes, final };

  // Expected rank points of `seat` when this hand changes the scores by `deltas` (in the last
  // hand, then with `deal` deciding whether another hand follows).
  double value(const PerSeat<int>& deltas, Deal deal = Deal::by_dealer_score) const;

  // Expected rank points when this hand moves each seat's score by `direction` times the size of
  // a win of mean `mean` (e.g. a ron: +1 for the winner, -1 for the discarder), over the steps a
  // win of that mean falls on (level_odds; `levels`: the winner's, dealer or not). `mean` and the
  // sizes count the deposits the placement was made with.
  double value_of_size(const PerSeat<double>& direction, double mean, const WinLevels& levels) const;

  // The sizes a win of mean `mean` takes, with their odds (deposits included): computed once
  // for a win that several payers may pay, then priced per direction.
  struct WinSizes {
    std::array<double, kWinLevels> size{};
    std::array<double, kWinLevels> odds{};  // 0 for the negligible steps; all 0 for no win
  };
  WinSizes sizes_of(double mean, const WinLevels& levels) const;
  double value_of_size(const PerSeat<double>& direction, const WinSizes& sizes) const;

  // Rank points if the scores were final now (ties: the lower seat ranks higher).
  static int rank_of(const PerSeat<int>& scores, int seat);

 private:
  // Rank points after `after` with normal noise of `spread` on each seat's score.
  double noisy_value(const PerSeat<double>& after, double spread) const;
  // Whether the match ends after this hand's `deltas` (in the last hand).
  bool ends_with(const PerSeat<int>& deltas, Deal deal) const;
  PerSeat<int> scores_;
  int seat_;
  double spread_;  // noise standard deviation over the hands left
  RankPoints points_;
  std::optional<MatchEnding> ending_;
  int deposits_;
  double last_hand_spread_;  // the noise of the hands that follow a last hand that goes on
  double negligible_odds_;
};

// The price of a candidate's outcomes in expected rank points: a line's win, this discard's
// deal-in and the line's later ones, the draw payments, or another seat's win without us, each
// spread over who pays whom (placement's value of each score change).
class OutcomePricing {
 public:
  // `placement` for the table's scores now; `threat`: the opponents, who are paid and who win.
  OutcomePricing(const Table& table, const Threat& threat, const Placement& placement,
                 const FullParams& params = kDefaultFullParams);

  // Expected rank points of `line` after this discard, whose own deal-in odds are `now_prob` and
  // expected loss `now_loss` (`kind`: the discarded kind, -1 for none).
  double line_value(const Line& line, double now_prob, double now_loss, int kind) const;

  // Expected rank points when another seat ends the hand without us.
  double elsewhere() const { return elsewhere_; }

 private:
  double at_draw(const Line& line) const;
  double paid_to(double lost, const PerSeat<double>& share) const;
  double dealer_tenpai_at_draw(const Line& line) const;
  double win_worth(int winner, double points, double ron_share, int excluded) const;
  const WinLevels& levels_of(int winner) const;
  double elsewhere_worth() const;

  const Table& table_;
  const Threat& threat_;
  const Placement& placement_;
  const FullParams& params_;
  double elsewhere_ = 0;
};

}  // namespace tenbin
