// Tiles: the 34 kinds, the three red fives, mjai notation and count vectors.
//
// Kinds are numbered 0-8 (1m-9m), 9-17 (1p-9p), 18-26 (1s-9s), 27-30 (winds E S W N) and
// 31-33 (dragons P F C: white, green, red), the order mjai uses when it sorts tiles.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tenbin {

inline constexpr int kNumKinds = 34;
inline constexpr int kCopiesPerKind = 4;

// Named kinds for the honours and the fives (the kinds that have red copies).
namespace kinds {
inline constexpr int m1 = 0, m5 = 4, m9 = 8;
inline constexpr int p1 = 9, p5 = 13, p9 = 17;
inline constexpr int s1 = 18, s5 = 22, s9 = 26;
inline constexpr int east = 27, south = 28, west = 29, north = 30;
inline constexpr int white = 31, green = 32, red = 33;  // mjai P, F, C (haku, hatsu, chun)
}  // namespace kinds

constexpr bool is_honor(int kind) { return kind >= kinds::east; }
constexpr bool is_wind(int kind) { return kind >= kinds::east && kind <= kinds::north; }
constexpr bool is_dragon(int kind) { return kind >= kinds::white; }
// A kind whose triplet is a yaku (yakuhai) for a seat: the dragons, the round's and the seat's wind.
constexpr bool is_yakuhai(int kind, int round_wind, int seat_wind) {
  return is_dragon(kind) || kind == round_wind || kind == seat_wind;
}
constexpr int suit_of(int kind) { return kind / 9; }  // 0 m, 1 p, 2 s, 3 honours
constexpr int number_of(int kind) { return is_honor(kind) ? 0 : kind % 9 + 1; }
constexpr bool is_terminal(int kind) {
  return !is_honor(kind) && (kind % 9 == 0 || kind % 9 == 8);
}
constexpr bool is_terminal_or_honor(int kind) { return is_honor(kind) || is_terminal(kind); }
constexpr bool is_simple(int kind) { return !is_terminal_or_honor(kind); }
// The five of a suit (0 m, 1 p, 2 s): the kind whose copies include the suit's red five.
constexpr int five_of_suit(int suit) { return suit * 9 + 4; }
constexpr bool is_five(int kind) { return !is_honor(kind) && kind % 9 == 4; }

// The thirteen terminal and honour kinds (yaochuuhai) of thirteen orphans.
inline constexpr std::array<int, 13> kOrphanKinds = {0, 8, 9, 17, 18, 26, 27,
                                                     28, 29, 30, 31, 32, 33};

// The dora a dora indicator points at: the next number in its suit (9 -> 1), winds
// E -> S -> W -> N -> E, dragons P -> F -> C -> P.
constexpr int dora_from_indicator(int indicator) {
  if (!is_honor(indicator)) return indicator % 9 == 8 ? indicator - 8 : indicator + 1;
  if (is_wind(indicator)) return indicator == kinds::north ? kinds::east : indicator + 1;
  return indicator == kinds::red ? kinds::white : indicator + 1;
}

class TileParseError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// One physical tile: a kind, and whether it is a red five.
class Tile {
 public:
  constexpr Tile() = default;
  static constexpr Tile of(int kind, bool red = false) {
    return Tile(static_cast<std::uint8_t>(kind), red);
  }

  // A tile this seat cannot see: mjai's "?" (other seats' deal and draws).
  static constexpr Tile hidden() { return Tile(kHiddenKind, false); }

  constexpr int kind() const { return kind_; }
  constexpr bool is_red() const { return red_; }
  constexpr bool is_hidden() const { return kind_ == kHiddenKind; }

  // mjai notation: "1m".."9s", "E" "S" "W" "N" "P" "F" "C", red fives "5mr" "5pr" "5sr".
  std::string to_string() const;

  friend constexpr bool operator==(Tile, Tile) = default;
  // Orders by kind, a red five just after the plain fives of its suit.
  friend constexpr auto operator<=>(Tile a, Tile b) {
    return a.kind_ != b.kind_ ? a.kind_ <=> b.kind_ : a.red_ <=> b.red_;
  }

 private:
  static constexpr std::uint8_t kHiddenKind = kNumKinds;
  constexpr Tile(std::uint8_t kind, bool red) : kind_(kind), red_(red) {}
  std::uint8_t kind_ = 0;
  bool red_ = false;
};

// Parses mjai notation; throws TileParseError naming the string when it is not a tile.
Tile parse_tile(std::string_view text);
// The same, also accepting "?" (Tile::hidden()), as mjai events may carry it.
Tile parse_tile_or_hidden(std::string_view text);

// The kind of a tile name ("5mr" gives the kind of 5m); throws TileParseError.
int parse_kind(std::string_view text);

// The mjai name of a kind (never red).
std::string kind_to_string(int kind);

// How many copies of each kind: the representation every hand computation works on.
using TileCounts = std::array<std::uint8_t, kNumKinds>;

template <typename Tiles>
TileCounts count_tiles(const Tiles& tiles) {
  TileCounts counts{};
  for (const Tile tile : tiles) ++counts[tile.kind()];
  return counts;
}

inline int total_tiles(const TileCounts& counts) {
  int total = 0;
  for (const auto count : counts) total += count;
  return total;
}

// Parses a compact hand such as "123m456p789s11z" (z: 1-7 = E S W N P F C, 0 = red five) or a
// space-separated list of mjai names; used by tests and the command-line tools.
TileCounts parse_counts(std::string_view text);

}  // namespace tenbin
