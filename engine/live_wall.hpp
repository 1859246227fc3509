// Which wall position each live draw of a hand takes: the draw order of a wall scheme
// (engine/wall.hpp), kept apart from the wall's tiles so the referee, `verify` and the studies
// that read the live wall follow one rule.
//
// - In turn (tenbin-wall-v1, v2): the live draws in wall order, 52, 53, ...; a kan's replacement
//   tile moves the last live tile to the dead wall.
// - By seat (tenbin-wall-v3): live position 52 + i belongs to seat (dealer + i) mod 4, the seat
//   that draws it when nobody calls. A seat draws its first own position still in the live wall,
//   or, when it has none left (calls gave it more turns than its 17 or 18), the last position
//   still there, as a kan moves the last one to the dead wall. A call that skips a seat's turn
//   then shifts nobody's draws: each seat draws the tiles it would have drawn without the call,
//   so duplicate games whose players called differently keep dealing each seat the same tiles
//   (all but the last few, which a seat past its own or a kan may take).
//
// Both rules choose a position from the positions drawn before, never from the tiles, so each
// draw is uniform over the tiles not yet seen whatever the players did: the game is the same
// game under either order.
#pragma once

#include <bitset>
#include <cstdint>
#include <vector>

namespace tenbin {

enum class DrawOrder : std::uint8_t { in_turn, by_seat };

class LiveWall {
 public:
  static constexpr int kFirstPosition = 52;
  static constexpr int kPositions = 70;

  LiveWall() = default;
  LiveWall(DrawOrder order, int dealer) : order_(order), dealer_(dealer) {}

  // Live draws left: 70 less the draws made and the tiles kans moved to the dead wall.
  int left() const { return kPositions - drawn_count_ - moved_count_; }
  // The wall position `seat`'s next live draw takes, taken; -1 when the live wall is empty.
  int draw(int seat);
  // A kan: one tile of the live wall moves to the dead wall (the replacement draw's).
  void kan();
  // The wall positions still in the live wall, in wall order.
  std::vector<int> positions_left() const;

 private:
  bool in_wall(int index) const {
    const auto at = static_cast<std::size_t>(index);
    return !drawn_[at] && !moved_[at];
  }
  int first_own(int seat) const;  // -1 when none: the indices below are 0..69
  int first_left() const;
  int last_left() const;

  DrawOrder order_ = DrawOrder::in_turn;
  int dealer_ = 0;
  std::bitset<kPositions> drawn_;
  std::bitset<kPositions> moved_;
  int drawn_count_ = 0;
  int moved_count_ = 0;
};

}  // namespace tenbin
