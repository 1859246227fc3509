#include "engine/wall.hpp"

#include <openssl/evp.h>

#include <stdexcept>
#include <vector>

namespace tenbin {
namespace {

std::array<unsigned char, 32> sha256(const std::string& text) {
  std::array<unsigned char, 32> digest{};
  unsigned int length = 0;
  if (EVP_Digest(text.data(), text.size(), digest.data(), &length, EVP_sha256(), nullptr) != 1 ||
      length != digest.size()) {
    throw std::runtime_error("SHA-256 failed");
  }
  return digest;
}

constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

std::array<Tile, Wall::kTiles> sorted_set() {
  std::array<Tile, Wall::kTiles> tiles{};
  for (int kind = 0; kind < kNumKinds; ++kind) {
    const bool has_red = kind == kinds::m5 || kind == kinds::p5 || kind == kinds::s5;
    for (int copy = 0; copy < 4; ++copy) tiles[static_cast<std::size_t>(kind * 4 + copy)] = Tile::of(kind, has_red && copy == 0);
  }
  return tiles;
}

}  // namespace

std::string sha256_hex(const std::string& text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (const unsigned char byte : sha256(text)) {
    hex += kHex[byte >> 4];
    hex += kHex[byte & 15];
  }
  return hex;
}

std::uint64_t Xoshiro256::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t Xoshiro256::below(std::uint64_t bound) {
  // Reject the top partial block of 2^64 so that every residue is equally likely.
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  while (true) {
    const std::uint64_t x = next();
    if (x < limit) return x % bound;
  }
}

namespace {

// The generator's state from the digest of a seed's text: four little-endian words.
std::array<std::uint64_t, 4> seed_state_of(const std::string& text) {
  const auto digest = sha256(text);
  std::array<std::uint64_t, 4> state{};
  for (std::size_t word = 0; word < 4; ++word) {
    for (std::size_t byte = 0; byte < 8; ++byte) {
      state[word] |= static_cast<std::uint64_t>(digest[word * 8 + byte]) << (8 * byte);
    }
  }
  if (state == std::array<std::uint64_t, 4>{}) state[0] = 1;  // xoshiro's one forbidden state
  return state;
}

}  // namespace

std::array<std::uint64_t, 4> wall_seed_state(std::uint64_t seed, std::uint64_t game, std::uint64_t hand) {
  return seed_state_of("tenbin-wall-v1 " + std::to_string(seed) + " " + std::to_string(game) + " " + std::to_string(hand));
}

std::array<std::uint64_t, 4> round_wall_seed_state(WallScheme scheme, std::uint64_t seed, std::uint64_t game, int round,
                                                  int repeat) {
  return seed_state_of(std::string(wall_scheme_name(scheme)) + " " + std::to_string(seed) + " " + std::to_string(game) +
                       " " + std::to_string(round) + " " + std::to_string(repeat));
}

const char* wall_scheme_name(WallScheme scheme) {
  switch (scheme) {
    case WallScheme::by_hand: return "tenbin-wall-v1";
    case WallScheme::by_round: return "tenbin-wall-v2";
    case WallScheme::by_round_seat_draws: return "tenbin-wall-v3";
  }
  return "tenbin-wall-v1";
}

std::optional<WallScheme> wall_scheme_named(const std::string& name) {
  for (const WallScheme scheme : {WallScheme::by_hand, WallScheme::by_round, WallScheme::by_round_seat_draws}) {
    if (name == wall_scheme_name(scheme)) return scheme;
  }
  return std::nullopt;
}

Wall Wall::generate(std::uint64_t seed, std::uint64_t game, std::uint64_t hand) {
  return shuffled(wall_seed_state(seed, game, hand));
}

Wall Wall::generate(WallScheme scheme, std::uint64_t seed, std::uint64_t game, const HandOfGame& hand) {
  if (scheme == WallScheme::by_hand) return generate(seed, game, static_cast<std::uint64_t>(hand.index));
  return shuffled(round_wall_seed_state(scheme, seed, game, hand.round, hand.repeat));
}

Wall Wall::shuffled(const std::array<std::uint64_t, 4>& state) {
  Xoshiro256 rng(state);
  std::array<Tile, kTiles> unplaced = sorted_set();
  std::size_t remaining = unplaced.size();
  Wall wall;
  for (std::size_t position = 0; position < static_cast<std::size_t>(kTiles); ++position) {
    const std::size_t chosen = static_cast<std::size_t>(rng.below(remaining));
    wall.tiles_[position] = unplaced[chosen];
    unplaced[chosen] = unplaced[remaining - 1];
    --remaining;
  }
  return wall;
}

Wall Wall::from_tiles(const std::array<Tile, kTiles>& tiles) {
  std::array<int, kNumKinds> counts{};
  std::array<int, 3> reds{};
  for (const Tile tile : tiles) {
    if (tile.is_hidden()) throw std::invalid_argument("a wall cannot hold \"?\"");
    ++counts[tile.kind()];
    if (tile.is_red()) ++reds[suit_of(tile.kind())];
  }
  for (const int count : counts) {
    if (count != 4) throw std::invalid_argument("a wall needs four of every kind");
  }
  for (const int red : reds) {
    if (red != 1) throw std::invalid_argument("a wall needs one red five per suit");
  }
  Wall wall;
  wall.tiles_ = tiles;
  return wall;
}

std::array<int, 13> Wall::deal_positions(int offset) {
  std::array<int, 13> positions{};
  for (int block = 0; block < 3; ++block) {
    for (int i = 0; i < 4; ++i) positions[static_cast<std::size_t>(block * 4 + i)] = block * 16 + offset * 4 + i;
  }
  positions[12] = 48 + offset;
  return positions;
}

std::array<Tile, 13> Wall::deal(int offset) const {
  std::array<Tile, 13> hand{};
  const auto positions = deal_positions(offset);
  for (std::size_t i = 0; i < positions.size(); ++i) hand[i] = at(positions[i]);
  return hand;
}

std::string Wall::canonical_text() const {
  std::string text;
  for (std::size_t i = 0; i < tiles_.size(); ++i) {
    if (i > 0) text += ' ';
    text += tiles_[i].to_string();
  }
  return text;
}

std::string Wall::commitment() const { return sha256_hex(canonical_text()); }

}  // namespace tenbin
