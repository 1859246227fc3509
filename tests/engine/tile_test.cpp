#include "engine/tile.hpp"

#include <gtest/gtest.h>

namespace tenbin {
namespace {

TEST(Tile, ParsesEveryMjaiNameAndPrintsItBack) {
  const char* names[] = {"1m", "5m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"};
  for (const char* name : names) EXPECT_EQ(parse_tile(name).to_string(), name);
  EXPECT_EQ(parse_tile("1m").kind(), 0);
  EXPECT_EQ(parse_tile("9s").kind(), 26);
  EXPECT_EQ(parse_tile("E").kind(), kinds::east);
  EXPECT_EQ(parse_tile("P").kind(), kinds::white);
  EXPECT_EQ(parse_tile("C").kind(), kinds::red);
}

TEST(Tile, RedFivesKeepTheirKind) {
  for (const char* name : {"5mr", "5pr", "5sr"}) {
    const Tile tile = parse_tile(name);
    EXPECT_TRUE(tile.is_red());
    EXPECT_EQ(tile.to_string(), name);
    EXPECT_EQ(number_of(tile.kind()), 5);
  }
  EXPECT_EQ(parse_tile("5pr").kind(), parse_tile("5p").kind());
  EXPECT_NE(parse_tile("5pr"), parse_tile("5p"));
  EXPECT_LT(parse_tile("5p"), parse_tile("5pr"));
  EXPECT_LT(parse_tile("5pr"), parse_tile("6p"));
}

TEST(Tile, BadStringsAreErrorsNamingTheString) {
  for (const char* bad : {"", "0m", "10m", "5z", "4mr", "5mx", "m", "X", "EE", "5m "}) {
    try {
      parse_tile(bad);
      FAIL() << "accepted \"" << bad << "\"";
    } catch (const TileParseError& error) {
      EXPECT_NE(std::string(error.what()).find(std::string("\"") + bad + "\""), std::string::npos)
          << error.what();
    }
  }
}

TEST(Tile, DoraFollowsTheIndicatorCyclically) {
  EXPECT_EQ(dora_from_indicator(parse_kind("1m")), parse_kind("2m"));
  EXPECT_EQ(dora_from_indicator(parse_kind("9m")), parse_kind("1m"));
  EXPECT_EQ(dora_from_indicator(parse_kind("9p")), parse_kind("1p"));
  EXPECT_EQ(dora_from_indicator(parse_kind("9s")), parse_kind("1s"));
  EXPECT_EQ(dora_from_indicator(parse_kind("E")), parse_kind("S"));
  EXPECT_EQ(dora_from_indicator(parse_kind("N")), parse_kind("E"));
  EXPECT_EQ(dora_from_indicator(parse_kind("P")), parse_kind("F"));
  EXPECT_EQ(dora_from_indicator(parse_kind("C")), parse_kind("P"));
}

TEST(Tile, ClassifiesKinds) {
  EXPECT_TRUE(is_terminal(parse_kind("1p")));
  EXPECT_TRUE(is_terminal(parse_kind("9s")));
  EXPECT_FALSE(is_terminal(parse_kind("E")));
  EXPECT_TRUE(is_simple(parse_kind("2m")));
  EXPECT_FALSE(is_simple(parse_kind("C")));
  EXPECT_TRUE(is_wind(parse_kind("N")));
  EXPECT_FALSE(is_wind(parse_kind("P")));
  EXPECT_TRUE(is_dragon(parse_kind("F")));
}

TEST(Tile, CompactHandNotation) {
  const TileCounts counts = parse_counts("123m055p11z");
  EXPECT_EQ(total_tiles(counts), 8);
  EXPECT_EQ(counts[parse_kind("5p")], 3);
  EXPECT_EQ(counts[kinds::east], 2);
  EXPECT_EQ(parse_counts("1m 1m E"), parse_counts("11m1z"));
  EXPECT_THROW(parse_counts("11111m"), TileParseError);
  EXPECT_THROW(parse_counts("8z"), TileParseError);
  EXPECT_THROW(parse_counts("123"), TileParseError);
}

}  // namespace
}  // namespace tenbin
