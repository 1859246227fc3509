// Random hands for the benchmarks, from a fixed seed so every run measures the same inputs.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "engine/score.hpp"
#include "engine/tile.hpp"

namespace tenbin::bench {

// `count` hands of `size` tiles, each the first tiles of a uniformly shuffled 136-tile wall.
inline std::vector<TileCounts> dealt_hands(int count, int size, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::array<std::uint8_t, 136> wall{};
  for (int i = 0; i < 136; ++i) wall[i] = static_cast<std::uint8_t>(i / 4);
  std::vector<TileCounts> hands;
  hands.reserve(static_cast<std::size_t>(count));
  for (int n = 0; n < count; ++n) {
    std::shuffle(wall.begin(), wall.end(), rng);
    TileCounts hand{};
    for (int i = 0; i < size; ++i) ++hand[wall[i]];
    hands.push_back(hand);
  }
  return hands;
}

// Random complete closed hands (four sets and a pair, every kind at most four) with a winning
// tile drawn from them, won by riichi so that every hand has a yaku.
struct BenchWin {
  WinningHand hand;
  WinContext context;
};

inline std::vector<BenchWin> winning_hands(int count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<BenchWin> wins;
  while (static_cast<int>(wins.size()) < count) {
    TileCounts counts{};
    bool fits = true;
    for (int set = 0; set < 4 && fits; ++set) {
      const int pick = static_cast<int>(rng() % 55);  // 34 triplets, 21 runs
      if (pick < 34) {
        counts[pick] += 3;
        fits = counts[pick] <= 4;
      } else {
        const int start = (pick - 34) / 7 * 9 + (pick - 34) % 7;
        for (int k = 0; k < 3; ++k) fits = fits && ++counts[start + k] <= 4;
      }
    }
    const int pair = static_cast<int>(rng() % 34);
    counts[pair] += 2;
    if (!fits || counts[pair] > 4) continue;
    BenchWin win;
    win.hand.concealed = counts;
    std::vector<int> kinds;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (counts[kind] > 0) kinds.push_back(kind);
    }
    win.hand.win_kind = kinds[rng() % kinds.size()];
    win.context.winner = static_cast<int>(rng() % 4);
    win.context.seat_wind = kinds::east + win.context.winner;
    win.context.tsumo = rng() % 2 == 0;
    win.context.discarder = win.context.tsumo ? win.context.winner : (win.context.winner + 1) % 4;
    win.context.riichi = true;
    win.context.dora = static_cast<int>(rng() % 3);
    wins.push_back(win);
  }
  return wins;
}

}  // namespace tenbin::bench
