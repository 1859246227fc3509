// How verify and validate name tiles in their messages: "1m 2m 3m".
#pragma once

#include <span>
#include <string>

#include "engine/tile.hpp"

namespace tenbin::arena {

inline std::string tiles_text(std::span<const Tile> tiles) {
  std::string text;
  for (const Tile tile : tiles) {
    if (!text.empty()) text += ' ';
    text += tile.to_string();
  }
  return text;
}

}  // namespace tenbin::arena
