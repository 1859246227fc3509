// The unseen tiles of a position as this seat counts them, and the flat draw weights from them.
#include <algorithm>
#include <array>

#include "bot/dp/dp.hpp"
#include "bot/dp/hand_key.hpp"

namespace tenbin::dp {

TileCounts count_unseen(const Position& position, const TileCounts& also_seen) {
  std::array<int, kNumKinds> seen{};
  for (int kind = 0; kind < kNumKinds; ++kind) seen[kind] = position.hand[kind] + also_seen[kind];
  for (const Meld& meld : position.melds) {
    for (const Tile tile : meld.all_tiles()) ++seen[tile.kind()];
  }
  for (const Tile marker : position.dora_markers) ++seen[marker.kind()];
  TileCounts unseen{};
  for (int kind = 0; kind < kNumKinds; ++kind) {
    unseen[kind] = static_cast<std::uint8_t>(std::max(0, kCopiesPerKind - seen[kind]));
  }
  return unseen;
}

void set_flat_unseen(Position& position, const TileCounts& also_seen, std::array<bool, 3> reds_seen) {
  position.unseen_copies = count_unseen(position, also_seen);
  for (int kind = 0; kind < kNumKinds; ++kind) position.weights[kind] = position.unseen_copies[kind];
  for (const Meld& meld : position.melds) {
    for (const Tile tile : meld.all_tiles()) {
      if (tile.is_red()) reds_seen[suit_of(tile.kind())] = true;
    }
  }
  for (const Tile marker : position.dora_markers) {
    if (marker.is_red()) reds_seen[suit_of(marker.kind())] = true;
  }
  for (int suit = 0; suit < 3; ++suit) {
    position.red_unseen[suit] = position.rules.red_fives && !position.red_in_hand[suit] &&
                                !reds_seen[suit] && position.unseen_copies[five_of_suit(suit)] > 0;
  }
}

}  // namespace tenbin::dp
