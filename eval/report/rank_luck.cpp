#include "eval/report/rank_luck.hpp"

#include <optional>
#include <stdexcept>

#include "bot/strategy/placement.hpp"
#include "eval/report/match_stats.hpp"

namespace tenbin::arena {
namespace {

// The score step of the slopes' central difference: a small win's size, over which the
// placement's noise (or, in the last hand, the ranks) changes.
constexpr int kStep = 1000;

}  // namespace

RankPointSlopes rank_point_slopes(const Table& table, MatchLength length) {
  const double hands_left = hands_left_after(table, length);
  std::optional<MatchEnding> ending;
  if (hands_left <= 0) ending = ending_of(table, length);
  PerSeat<int> scores{};
  for (int seat = 0; seat < 4; ++seat) scores[seat] = table.score(seat);
  RankPointSlopes slopes{};
  for (int seat = 0; seat < 4; ++seat) {
    const Placement placement(scores, seat, hands_left, kMatchRankPoints, ending, deposits_of(table));
    for (int moved = 0; moved < 4; ++moved) {
      PerSeat<int> up{};
      PerSeat<int> down{};
      up[moved] = kStep;
      down[moved] = -kStep;
      slopes[seat][moved] = (placement.value(up) - placement.value(down)) / (2.0 * kStep);
    }
  }
  return slopes;
}

PerSeat<double> rank_point_luck(const std::vector<Event>& log, const GameLuck& luck, MatchLength length) {
  PerSeat<double> total{};
  std::size_t hand = 0;
  for (const Event& event : log) {
    if (event.type != EventType::start_kyoku) continue;
    if (hand >= luck.hands.size()) throw std::invalid_argument("the log has more hands than its luck");
    Table table(0);
    table.apply(event);
    const RankPointSlopes slopes = rank_point_slopes(table, length);
    const PerSeat<double>& points = luck.hands[hand].luck;
    for (int seat = 0; seat < 4; ++seat) {
      for (int moved = 0; moved < 4; ++moved) total[seat] += slopes[seat][moved] * points[moved];
    }
    ++hand;
  }
  if (hand != luck.hands.size()) throw std::invalid_argument("the log has fewer hands than its luck");
  return total;
}

}  // namespace tenbin::arena
