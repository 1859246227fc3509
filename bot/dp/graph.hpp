// The DP's graph (docs/dp.md, "The model"): draw states (3n+1 tiles), their draws, the discard
// states a draw leads to (3n+2 tiles) and the draw states a discard leads back to.
#pragma once

#include <cstdint>

#include "bot/dp/hand_key.hpp"

namespace tenbin::dp {

inline constexpr std::uint32_t kNone = 0xFFFFFFFFu;

struct DrawNode {
  HandKey key;  // the hand, the changed-plan flag and the red fives held
  std::int8_t shanten = 0;
  std::uint8_t depth = 0;  // the fewest draws from a candidate (states are made in this order)
  float ukeire = 0;
  std::uint32_t edge_begin = 0;
  std::uint32_t edge_end = 0;
  std::int32_t tenpai_slot = -1;  // row of the dama / riichi tables
};

struct DrawEdge {
  std::uint32_t discard = kNone;  // the discard state, kNone when the draw can only win
  std::int32_t win = -1;          // the winning hand, -1 when x does not score
  float weight = 0;
  std::uint16_t allowed = 0;      // hand-change successors this edge may use (a prefix)
  std::uint8_t kind = 0;
};

struct DiscardNode {
  HandKey key;
  bool improving = false;
  std::int8_t source_shanten = 0;  // shanten of the hands it is drawn from
  std::uint32_t begin = 0;         // successors [begin, end): forward, or hand changes by ukeire
  std::uint32_t end = 0;
  std::uint32_t enqueued = 0;      // hand changes made draw states so far (a prefix)
};

struct Successor {
  std::uint32_t node = kNone;
  float ukeire = 0;
  std::uint8_t discard = 0;
};

}  // namespace tenbin::dp
