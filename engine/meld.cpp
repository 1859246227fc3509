#include "engine/meld.hpp"

#include <algorithm>

namespace tenbin {
namespace {

[[noreturn]] void bad_meld(MeldType type, const std::string& why) {
  throw MeldError(std::string(meld_type_name(type)) + ": " + why);
}

std::size_t consumed_count(MeldType type) {
  switch (type) {
    case MeldType::chi:
    case MeldType::pon: return 2;
    case MeldType::daiminkan:
    case MeldType::kakan: return 3;
    case MeldType::ankan: return 4;
  }
  return 0;
}

// Insertion sort of the first n (3 or 4) tiles; std::sort on so short a range trips GCC 12's
// array-bounds warning.
void sort_tiles(std::array<Tile, 4>& tiles, std::size_t n) {
  for (std::size_t i = 1; i < n; ++i) {
    for (std::size_t j = i; j > 0 && tiles[j] < tiles[j - 1]; --j) std::swap(tiles[j], tiles[j - 1]);
  }
}

}  // namespace

std::string_view meld_type_name(MeldType type) {
  switch (type) {
    case MeldType::chi: return "chi";
    case MeldType::pon: return "pon";
    case MeldType::daiminkan: return "daiminkan";
    case MeldType::kakan: return "kakan";
    case MeldType::ankan: return "ankan";
  }
  return "?";
}

Meld Meld::make(MeldType type, Tile called, std::span<const Tile> consumed, int target) {
  const std::size_t expected = consumed_count(type);
  if (consumed.size() != expected) {
    bad_meld(type, "consumed has " + std::to_string(consumed.size()) + " tiles, expected " +
                       std::to_string(expected));
  }
  if (type == MeldType::ankan) {
    if (target != -1 && target < 0) bad_meld(type, "bad target");
  } else if (target < 0 || target > 3) {
    bad_meld(type, "target " + std::to_string(target) + " is not a seat 0-3");
  }

  Meld meld;
  meld.type = type;
  meld.called = type == MeldType::ankan ? consumed[0] : called;
  meld.target = static_cast<std::int8_t>(type == MeldType::ankan ? -1 : target);
  std::size_t n = 0;
  for (const Tile tile : consumed) meld.tiles[n++] = tile;
  if (type != MeldType::ankan) meld.tiles[n++] = called;
  sort_tiles(meld.tiles, n);

  if (type == MeldType::chi) {
    const int low = meld.tiles[0].kind();
    if (is_honor(low) || low % 9 > 6 || meld.tiles[1].kind() != low + 1 ||
        meld.tiles[2].kind() != low + 2) {
      bad_meld(type, "tiles " + meld.tiles[0].to_string() + " " + meld.tiles[1].to_string() +
                         " " + meld.tiles[2].to_string() + " are not a run");
    }
    return meld;
  }
  const auto same_kind = [&](Tile tile) { return tile.kind() == meld.tiles[0].kind(); };
  if (!std::all_of(meld.tiles.begin(), n == 4 ? meld.tiles.end() : meld.tiles.begin() + 3,
                   same_kind)) {
    bad_meld(type, "tiles are not all of one kind");
  }
  const int reds = meld.red_fives();
  if (reds > 1) bad_meld(type, "more than one red five");
  return meld;
}

int Meld::red_fives() const {
  int reds = 0;
  for (const Tile tile : all_tiles()) reds += tile.is_red() ? 1 : 0;
  return reds;
}

}  // namespace tenbin
