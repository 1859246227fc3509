// Melds: the sets a hand shows (chi, pon, the three kinds of kan), as mjai describes them.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

#include "engine/tile.hpp"

namespace tenbin {

enum class MeldType : std::uint8_t { chi, pon, daiminkan, kakan, ankan };

std::string_view meld_type_name(MeldType type);  // the mjai event type: "chi", "pon", ...

class MeldError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// A called or concealed set. `called` is mjai's `pai`: the tile taken from `target` (chi, pon,
// daiminkan), the tile added (kakan), or the first tile (ankan). `target` is the absolute seat the
// tile came from (for kakan, the seat of the original pon) or -1 for an ankan.
struct Meld {
  MeldType type = MeldType::chi;
  std::array<Tile, 4> tiles{};  // every tile of the set, sorted; tiles[3] unused unless a kan
  Tile called{};
  std::int8_t target = -1;

  // Validates mjai's (pai, consumed) pair and builds the meld; throws MeldError saying why not.
  static Meld make(MeldType type, Tile called, std::span<const Tile> consumed, int target);

  int size() const { return is_kan() ? 4 : 3; }
  std::span<const Tile> all_tiles() const { return {tiles.data(), static_cast<std::size_t>(size())}; }
  bool is_kan() const {
    return type == MeldType::daiminkan || type == MeldType::kakan || type == MeldType::ankan;
  }
  bool is_run() const { return type == MeldType::chi; }
  bool is_open() const { return type != MeldType::ankan; }
  int kind() const { return tiles[0].kind(); }  // the lowest kind of the set
  int red_fives() const;
};

// A hand is closed (menzen) when none of its melds is open: no melds, or concealed kans only.
inline bool all_closed(std::span<const Meld> melds) {
  for (const Meld& m : melds) {
    if (m.is_open()) return false;
  }
  return true;
}

// The two kinds beside `kind` in each run a chi of `kind` can make: for 5m, 34m, 46m and 67m;
// for 1m only 23m. Honours make no run.
struct ChiPartners {
  std::array<std::array<int, 2>, 3> pairs{};
  int count = 0;
};

constexpr ChiPartners chi_partners(int kind) {
  ChiPartners out;
  if (is_honor(kind)) return out;
  const int number = kind % 9;
  for (int low = number - 2; low <= number; ++low) {
    if (low < 0 || low + 2 > 8) continue;
    std::array<int, 2>& pair = out.pairs[out.count++];
    int n = 0;
    for (int k = low; k <= low + 2; ++k) {
      if (k != number) pair[n++] = kind - number + k;
    }
  }
  return out;
}

}  // namespace tenbin
