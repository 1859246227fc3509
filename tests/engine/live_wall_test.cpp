#include "engine/live_wall.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <set>
#include <vector>

namespace tenbin {
namespace {

// The seat that draws live position `position` when nobody calls: the dealer draws first.
int owner(int position, int dealer) { return (dealer + position - LiveWall::kFirstPosition) % 4; }

// In turn, the live draws are the wall's positions in order whoever draws, and a kan takes the
// last one away: the first two schemes' order.
TEST(LiveWall, InTurnDrawsInWallOrderAndAKanTakesTheLast) {
  LiveWall live(DrawOrder::in_turn, 2);
  EXPECT_EQ(live.left(), 70);
  EXPECT_EQ(live.draw(2), 52);
  EXPECT_EQ(live.draw(0), 53);  // a call skipped seats 3, 0 draws next
  live.kan();
  EXPECT_EQ(live.left(), 67);
  const std::vector<int> left = live.positions_left();
  ASSERT_EQ(left.size(), 67U);
  EXPECT_EQ(left.front(), 54);
  EXPECT_EQ(left.back(), 120);  // 121 went to the dead wall
  for (int i = 0; i < 67; ++i) EXPECT_EQ(live.draw(i % 4), 54 + i);
  EXPECT_EQ(live.left(), 0);
  EXPECT_EQ(live.draw(0), -1);
}

// By seat, without calls, the draws are the wall in order, as in turn.
TEST(LiveWall, BySeatWithoutCallsIsTheWallInOrder) {
  for (int dealer = 0; dealer < 4; ++dealer) {
    LiveWall live(DrawOrder::by_seat, dealer);
    for (int i = 0; i < 70; ++i) EXPECT_EQ(live.draw((dealer + i) % 4), 52 + i) << "dealer " << dealer;
    EXPECT_EQ(live.draw(dealer), -1);
  }
}

// A call that skips a seat shifts nobody's draws: the seat skipped draws its own next position at
// its next turn, and every other seat goes on with its own.
TEST(LiveWall, BySeatACallShiftsNobodysDraws) {
  LiveWall live(DrawOrder::by_seat, 0);
  EXPECT_EQ(live.draw(0), 52);
  // Seat 2 pons seat 0's discard: seat 1's turn is skipped, seat 3 draws next.
  EXPECT_EQ(live.draw(3), 55);
  EXPECT_EQ(live.draw(0), 56);
  EXPECT_EQ(live.draw(1), 53);  // its first own position, as without the pon
  EXPECT_EQ(live.draw(2), 54);
  EXPECT_EQ(live.draw(3), 59);
  // Under the other order the same turns take the wall in order.
  LiveWall in_turn(DrawOrder::in_turn, 0);
  for (const int seat : {0, 3, 0, 1, 2, 3}) in_turn.draw(seat);
  EXPECT_EQ(in_turn.positions_left().front(), 58);
}

// A seat that has drawn all its own positions takes the last position left, as a kan does,
// whoever owns it: the others' early draws stay theirs.
TEST(LiveWall, BySeatASeatPastItsOwnTakesTheLastLeft) {
  LiveWall live(DrawOrder::by_seat, 0);
  for (int k = 0; k < 18; ++k) EXPECT_EQ(live.draw(0), 52 + 4 * k);  // seat 0 owns 18: 52, 56, ..., 120
  EXPECT_EQ(live.draw(0), 121);                                        // seat 1's last, the last left
  EXPECT_EQ(live.draw(1), 53);                                         // seat 1 goes on with its own
  live.kan();
  EXPECT_EQ(live.positions_left().back(), 118);  // 119 (seat 3's last) went to the dead wall
  EXPECT_EQ(live.left(), 70 - 20 - 1);
  for (int k = 1; k < 17; ++k) EXPECT_EQ(live.draw(1), 53 + 4 * k);  // seat 1's own up to 117
  EXPECT_EQ(live.draw(1), 118);  // past its own (121 taken): the last left, seat 2's
}

// Any sequence of draws and kans: no position is drawn twice, a kan's position is never drawn,
// the count left is the positions left, the wall empties after exactly 70 less the kans, and each
// seat's k-th draw is its k-th own position while it has one (the duplicate's promise).
TEST(LiveWall, BySeatRandomTurnsKeepTheCountsAndEachSeatsOwnDraws) {
  std::mt19937 random(20261206);
  for (int trial = 0; trial < 500; ++trial) {
    const int dealer = static_cast<int>(random() % 4);
    LiveWall live(DrawOrder::by_seat, dealer);
    std::set<int> drawn;
    std::array<int, 4> own_drawn{};
    std::array<bool, 4> past_own{};
    int kans = 0;
    while (live.left() > 0) {
      if (kans < 4 && random() % 20 == 0) {
        // A kan's position is the last one left.
        const std::vector<int> before = live.positions_left();
        live.kan();
        ++kans;
        const std::vector<int> after = live.positions_left();
        ASSERT_EQ(after.size() + 1, before.size());
        EXPECT_TRUE(std::equal(after.begin(), after.end(), before.begin()));  // the last one went
        continue;
      }
      const int seat = static_cast<int>(random() % 4);
      const std::vector<int> before = live.positions_left();
      const int position = live.draw(seat);
      ASSERT_TRUE(std::find(before.begin(), before.end(), position) != before.end());
      EXPECT_TRUE(drawn.insert(position).second);
      const bool own = owner(position, dealer) == seat;
      if (!own) {
        // Only once the seat has none of its own left, and then the last one left.
        for (const int p : before) EXPECT_NE(owner(p, dealer), seat);
        EXPECT_EQ(position, before.back());
        past_own[static_cast<std::size_t>(seat)] = true;
        continue;
      }
      auto& k = own_drawn[static_cast<std::size_t>(seat)];
      if (!past_own[static_cast<std::size_t>(seat)]) {
        EXPECT_EQ(position, 52 + (seat - dealer + 4) % 4 + 4 * k);
      }
      ++k;
      EXPECT_EQ(live.left(), static_cast<int>(live.positions_left().size()));
    }
    EXPECT_EQ(static_cast<int>(drawn.size()), 70 - kans);
    EXPECT_EQ(live.draw(0), -1);
  }
}

}  // namespace
}  // namespace tenbin
