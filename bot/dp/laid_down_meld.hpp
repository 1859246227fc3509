// The meld a closed hand's call lays down in the DP (docs/dp.md, "Calls", Options::lay_down_calls),
// as the six-bit code a state's key keeps: 0 none, 1-34 a pon of kind 0-33, 35-55 a chi by its
// lowest kind (seven runs in each suit).
#pragma once

#include <array>

#include "engine/meld.hpp"
#include "engine/tile.hpp"

namespace tenbin::dp {

inline constexpr int kNoMeld = 0;
inline constexpr int kFirstChiCode = 1 + kNumKinds;
inline constexpr int kRunsPerSuit = 7;

constexpr int pon_code(int kind) { return 1 + kind; }
constexpr int chi_code(int low) { return kFirstChiCode + kRunsPerSuit * suit_of(low) + low % 9; }
constexpr bool is_chi_code(int code) { return code >= kFirstChiCode; }

// The meld's three kinds, lowest first.
constexpr std::array<int, 3> meld_kinds(int code) {
  if (!is_chi_code(code)) return {code - 1, code - 1, code - 1};
  const int run = code - kFirstChiCode;
  const int low = 9 * (run / kRunsPerSuit) + run % kRunsPerSuit;
  return {low, low + 1, low + 2};
}

constexpr bool meld_holds(int code, int kind) {
  if (code == kNoMeld) return false;
  const std::array<int, 3> kinds = meld_kinds(code);
  return kinds[0] == kind || kinds[1] == kind || kinds[2] == kind;
}

// A hand's tiles with its laid-down meld's: what it holds of each kind, called or concealed.
constexpr TileCounts with_meld_tiles(TileCounts counts, int code) {
  if (code == kNoMeld) return counts;
  for (const int kind : meld_kinds(code)) ++counts[kind];
  return counts;
}

// The meld as the engine scores it: plain tiles (a red five laid down stays counted by the key's
// red flag), a chi from the seat before seat 0 and a pon from the seat across.
inline Meld meld_of_code(int code) {
  const std::array<int, 3> kinds = meld_kinds(code);
  const std::array<Tile, 2> consumed = {Tile::of(kinds[1]), Tile::of(kinds[2])};
  return Meld::make(is_chi_code(code) ? MeldType::chi : MeldType::pon, Tile::of(kinds[0]), consumed,
                    is_chi_code(code) ? 3 : 2);
}

}  // namespace tenbin::dp
