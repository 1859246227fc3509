#include "engine/live_wall.hpp"

namespace tenbin {

int LiveWall::first_own(int seat) const {
  for (int index = 0; index < kPositions; ++index) {
    if (in_wall(index) && (dealer_ + index) % 4 == seat) return index;
  }
  return -1;
}

int LiveWall::first_left() const {
  for (int index = 0; index < kPositions; ++index) {
    if (in_wall(index)) return index;
  }
  return -1;
}

int LiveWall::last_left() const {
  for (int index = kPositions - 1; index >= 0; --index) {
    if (in_wall(index)) return index;
  }
  return -1;
}

int LiveWall::draw(int seat) {
  if (left() <= 0) return -1;
  int index = -1;
  if (order_ == DrawOrder::in_turn) {
    index = first_left();
  } else {
    index = first_own(seat);
    if (index < 0) index = last_left();
  }
  drawn_.set(static_cast<std::size_t>(index));
  ++drawn_count_;
  return kFirstPosition + index;
}

void LiveWall::kan() {
  const int index = last_left();
  if (index < 0) return;
  moved_.set(static_cast<std::size_t>(index));
  ++moved_count_;
}

std::vector<int> LiveWall::positions_left() const {
  std::vector<int> positions;
  for (int index = 0; index < kPositions; ++index) {
    if (in_wall(index)) positions.push_back(kFirstPosition + index);
  }
  return positions;
}

}  // namespace tenbin
