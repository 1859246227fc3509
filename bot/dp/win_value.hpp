// What a winning hand is worth to the DP (docs/dp.md, "Scoring of wins"): expected points per way
// of winning, and the extra han (dora, red fives, ura dora) as a distribution.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

namespace tenbin::dp {

// How a hand wins: without riichi, with riichi, or with riichi on its ippatsu draw.
enum class WinVariant : std::uint8_t { dama = 0, riichi = 1, ippatsu = 2 };

// The han a variant adds to the hand's own: riichi one, ippatsu one more.
inline constexpr int added_han(WinVariant variant) { return static_cast<int>(variant); }

// Expected points of one winning hand, per variant; each without and with haitei.
struct WinValue {
  std::array<float, 6> points{};
  bool dama = false;    // wins without riichi (has a yaku)
  bool riichi = false;  // wins with riichi (closed)
  float get(WinVariant variant, bool haitei) const { return points[at(variant, haitei)]; }
  static std::size_t at(WinVariant variant, bool haitei) {
    return static_cast<std::size_t>(2 * static_cast<int>(variant) + (haitei ? 1 : 0));
  }
};

// Extra han as a distribution; the last bin holds everything from it up (13 han or more is the
// same limit).
inline constexpr int kHanBins = 16;
using HanDistribution = std::array<double, kHanBins>;

inline int last_nonzero(const HanDistribution& d) {
  int last = kHanBins - 1;
  while (last > 0 && d[static_cast<std::size_t>(last)] == 0) --last;
  return last;
}

// A tsumo's points for each number of extra han (13 han and more are one limit).
using PointsByHan = std::array<double, 2 * kHanBins>;

}  // namespace tenbin::dp
