// Tiles written out for tests: "1m 2m 5pr E" as a list.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "engine/tile.hpp"

namespace tenbin {

inline std::vector<Tile> tiles_of(const std::string& spaced) {
  std::istringstream in(spaced);
  std::vector<Tile> tiles;
  std::string name;
  while (in >> name) tiles.push_back(parse_tile(name));
  return tiles;
}

}  // namespace tenbin
