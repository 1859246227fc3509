// The wall: 136 tiles in a fixed order that is a pure function of the match seed, the game's wall
// group and the hand (by the wall scheme below), and the fixed positions everything is dealt and
// drawn from.
//
// Fairness (after "麻雀アプリに「牌操作」はあるのか?",
// https://blog.kobalab.net/entry/2020/06/29/215810): each next tile is drawn
// uniformly from the tiles not yet placed (never by swapping random pairs), from a documented
// PRNG seeded by a documented expansion of the seed, and the wall is published as a SHA-256
// commitment before the hand so anyone can check it afterwards.
//
// - Seed expansion: the 32 bytes of SHA-256("tenbin-wall-v1 <seed> <game> <hand>"), or under
//   tenbin-wall-v2 and v3 SHA-256("tenbin-wall-vN <seed> <game> <round> <repeat>") (decimal
//   numbers, single spaces), are read as four little-endian 64-bit words: the state of a xoshiro256**
//   generator (a published public-domain algorithm).
// - Order: positions 0..135 are filled in turn; position i takes the j-th of the 136 - i tiles
//   not yet placed (kept in a list that starts sorted 1m 1m 1m 1m ... C and loses the chosen
//   tile by moving the last one into its place), j drawn uniformly by rejection sampling from
//   the generator's 64-bit outputs (no modulo bias). The first copy of each five is red.
// - Positions: the deal is 0..51 in blocks of four, dealer first (three rounds), then one tile
//   each (48..51); live draws are 52..121 (70 of them, fewer by one per kan; the order they are
//   drawn in is the scheme's, engine/live_wall.hpp); the dead wall
//   is 122..135: rinshan draws 122..125, dora indicators 126, 128, 130, 132, 134 and the ura
//   indicators beside them at 127, 129, 131, 133, 135.
// - Commitment: SHA-256 of the canonical text, the 136 mjai tile names joined by single spaces.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/live_wall.hpp"
#include "engine/tile.hpp"

namespace tenbin {

// What keys a hand's wall within its game (the game's wall group: duplicate games share it).
// - by_hand (tenbin-wall-v1): the hand's index in the game. Games of one group share walls hand
//   by hand until their rounds part (a dealer's repeat in one and not another), then never again.
// - by_round (tenbin-wall-v2): the hand's round (East 1 = 0 ... West 4 = 11) and its repeat, the
//   hands of that round the game dealt before it (the dealer's repeats and abortive draws; not
//   the honba, which a draw carries into the next round). Games of one group that reach the n-th
//   hand of a round are dealt it from the same wall however they got there, as a duplicate bridge
//   board is the same deal at every table.
// - by_round_seat_draws (tenbin-wall-v3): v2's key, and each seat draws its own positions of the
//   live wall (engine/live_wall.hpp), so a call in one game and not another shifts nobody's draws.
enum class WallScheme : std::uint8_t { by_hand, by_round, by_round_seat_draws };

// The order a scheme's live draws take (engine/live_wall.hpp).
constexpr DrawOrder draw_order(WallScheme scheme) {
  return scheme == WallScheme::by_round_seat_draws ? DrawOrder::by_seat : DrawOrder::in_turn;
}

// "tenbin-wall-v1", "tenbin-wall-v2" or "tenbin-wall-v3", as meta.json names the scheme.
const char* wall_scheme_name(WallScheme scheme);
// The scheme of that name; nothing for any other.
std::optional<WallScheme> wall_scheme_named(const std::string& name);

// A round's number: East 1 = 0, ..., South 1 = 4, ..., West 4 = 11 (round_wind a kind, E to N).
constexpr int round_number(int round_wind, int kyoku) { return 4 * (round_wind - kinds::east) + kyoku - 1; }

// A hand as the schemes key it.
struct HandOfGame {
  int index = 0;   // in the game, from 0
  int round = 0;   // round_number
  int repeat = 0;  // the hands of this round the game dealt before it
};

class Wall {
 public:
  static constexpr int kTiles = 136;
  static constexpr int kFirstLiveDraw = 52;
  static constexpr int kLiveDraws = 70;
  static constexpr int kFirstRinshan = 122;
  static constexpr int kFirstDoraIndicator = 126;

  // The wall of hand `hand` (0, 1, ... within a game) of game `game` of a match seeded `seed`
  // (tenbin-wall-v1).
  static Wall generate(std::uint64_t seed, std::uint64_t game, std::uint64_t hand);
  // The wall of `hand` of wall group `game` of a match seeded `seed`, under `scheme`.
  static Wall generate(WallScheme scheme, std::uint64_t seed, std::uint64_t game, const HandOfGame& hand);
  // A wall given tile by tile (tests); throws std::invalid_argument unless it is a full set.
  static Wall from_tiles(const std::array<Tile, kTiles>& tiles);

  const std::array<Tile, kTiles>& tiles() const { return tiles_; }
  Tile at(int position) const { return tiles_[static_cast<std::size_t>(position)]; }

  // The 13 tiles dealt to the seat `offset` places after the dealer (0 = dealer).
  std::array<Tile, 13> deal(int offset) const;
  static std::array<int, 13> deal_positions(int offset);
  Tile live_draw(int index) const { return at(kFirstLiveDraw + index); }
  Tile rinshan_draw(int index) const { return at(kFirstRinshan + index); }
  Tile dora_indicator(int index) const { return at(kFirstDoraIndicator + 2 * index); }
  Tile ura_indicator(int index) const { return at(kFirstDoraIndicator + 2 * index + 1); }

  std::string canonical_text() const;
  std::string commitment() const;  // lowercase hex SHA-256 of canonical_text()

 private:
  // The wall the generator seeded with `state` shuffles (the order above).
  static Wall shuffled(const std::array<std::uint64_t, 4>& state);
  std::array<Tile, kTiles> tiles_{};
};

// SHA-256 of a string, lowercase hex (OpenSSL's libcrypto).
std::string sha256_hex(const std::string& text);

// xoshiro256** (public domain), exposed for tests of the documented expansion.
class Xoshiro256 {
 public:
  explicit Xoshiro256(const std::array<std::uint64_t, 4>& state) : s_(state) {}
  std::uint64_t next();
  // Uniform in [0, bound) by rejection sampling.
  std::uint64_t below(std::uint64_t bound);

 private:
  std::array<std::uint64_t, 4> s_;
};

std::array<std::uint64_t, 4> wall_seed_state(std::uint64_t seed, std::uint64_t game, std::uint64_t hand);
// The state for a wall keyed by round under `scheme` (tenbin-wall-v2 or v3): the seed text begins
// with the scheme's name.
std::array<std::uint64_t, 4> round_wall_seed_state(WallScheme scheme, std::uint64_t seed, std::uint64_t game, int round,
                                                  int repeat);

}  // namespace tenbin
