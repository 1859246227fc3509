#include "engine/match_end.hpp"

#include <algorithm>

namespace tenbin {

bool match_ends(const MatchEnding& ending, const std::array<int, 4>& scores, bool dealer_keeps) {
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
