#include "engine/tile.hpp"

#include <cctype>

namespace tenbin {
namespace {

constexpr std::string_view kHonorLetters = "ESWNPFC";
constexpr std::string_view kSuitLetters = "mps";

[[noreturn]] void bad_tile(std::string_view text) {
  throw TileParseError("bad tile \"" + std::string(text) + "\"");
}

}  // namespace

std::string Tile::to_string() const {
  if (is_hidden()) return "?";
  std::string name = kind_to_string(kind_);
  if (red_) name += 'r';
  return name;
}

std::string kind_to_string(int kind) {
  if (kind < 0 || kind >= kNumKinds) return "?";
  if (is_honor(kind)) return std::string(1, kHonorLetters[kind - kinds::east]);
  return std::string{static_cast<char>('1' + kind % 9), kSuitLetters[suit_of(kind)]};
}

Tile parse_tile(std::string_view text) {
  if (text.size() == 1) {
    const auto position = kHonorLetters.find(text[0]);
    if (position == std::string_view::npos) bad_tile(text);
    return Tile::of(kinds::east + static_cast<int>(position));
  }
  if (text.size() != 2 && text.size() != 3) bad_tile(text);
  if (text[0] < '1' || text[0] > '9') bad_tile(text);
  const auto suit = kSuitLetters.find(text[1]);
  if (suit == std::string_view::npos) bad_tile(text);
  const int number = text[0] - '0';
  const bool red = text.size() == 3;
  if (red && (text[2] != 'r' || number != 5)) bad_tile(text);
  return Tile::of(static_cast<int>(suit) * 9 + number - 1, red);
}

Tile parse_tile_or_hidden(std::string_view text) {
  return text == "?" ? Tile::hidden() : parse_tile(text);
}

int parse_kind(std::string_view text) { return parse_tile(text).kind(); }

TileCounts parse_counts(std::string_view text) {
  TileCounts counts{};
  const auto add = [&](int kind) {
    if (counts[kind] >= kCopiesPerKind) {
      throw TileParseError("more than four of " + kind_to_string(kind) + " in \"" +
                           std::string(text) + "\"");
    }
    ++counts[kind];
  };
  if (text.find(' ') != std::string_view::npos) {
    std::size_t start = 0;
    while (start < text.size()) {
      const auto end = std::min(text.find(' ', start), text.size());
      if (end > start) add(parse_kind(text.substr(start, end - start)));
      start = end + 1;
    }
    return counts;
  }
  std::string digits;
  for (const char c : text) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      digits += c;
      continue;
    }
    const auto suit = std::string_view("mpsz").find(c);
    if (suit == std::string_view::npos || digits.empty()) bad_tile(text);
    for (const char d : digits) {
      const int number = d == '0' ? 5 : d - '0';
      if (suit == 3 && (number < 1 || number > 7)) bad_tile(text);
      add(suit == 3 ? kinds::east + number - 1 : static_cast<int>(suit) * 9 + number - 1);
    }
    digits.clear();
  }
  if (!digits.empty()) bad_tile(text);
  return counts;
}

}  // namespace tenbin
