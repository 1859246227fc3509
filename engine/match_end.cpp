#include "engine/match_end.hpp"

#include <algorithm>

#include "engine/seats.hpp"

namespace tenbin {

MatchEnding ending_of_hand(int round_wind, int kyoku, int dealer, int last_round, int target) {
  MatchEnding ending;
  ending.can_end = round_wind > last_round || (round_wind == last_round && kyoku == 4);
  ending.round_over = round_wind == last_round + 1 && kyoku == 4;
  ending.dealer = dealer;
  ending.target = target;
  return ending;
}

bool match_ends(const MatchEnding& ending, const PerSeat<int>& scores, bool dealer_keeps) {
  if (std::any_of(scores.begin(), scores.end(), [](int s) { return s < 0; })) return true;
  if (!ending.can_end) return false;
  if (dealer_keeps) {
    // The first seat: the highest score, the lowest seat among equals.
    const int top = static_cast<int>(std::max_element(scores.begin(), scores.end()) - scores.begin());
    return top == ending.dealer && scores[ending.dealer] >= ending.target;
  }
  if (std::any_of(scores.begin(), scores.end(), [&](int s) { return s >= ending.target; })) return true;
  return ending.round_over;
}

}  // namespace tenbin
