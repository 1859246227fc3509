// The bounded JSON line reader: nesting is counted outside strings only, a line nested past the
// bound is refused before parsing, and UTF-8 is told from other bytes.
#include "bot/protocol/json_line.hpp"

#include <string>

#include <gtest/gtest.h>

namespace tenbin {
namespace {

TEST(JsonLine, DepthCountsBracketsOutsideStringsOnly) {
  EXPECT_EQ(json_depth(R"({"type":"none"})", 10), 1);
  EXPECT_EQ(json_depth(R"([{"tehais":[["1m"],["?"]]}])", 10), 4);
  EXPECT_EQ(json_depth(R"({"s":"[[[{{{\"[[["})", 10), 1);
  EXPECT_EQ(json_depth("1", 10), 0);
  EXPECT_EQ(json_depth(std::string(1000, '['), 10), 11);  // stops counting past the limit
}

TEST(JsonLine, TooDeepIsRefusedAndTheBoundIsAccepted) {
  const auto nested = [](int depth) { return std::string(depth, '[') + std::string(depth, ']'); };
  EXPECT_NO_THROW(parse_json_line(nested(kMaxJsonDepth)));
  EXPECT_THROW(parse_json_line(nested(kMaxJsonDepth + 1)), JsonLineError);
  EXPECT_THROW(parse_json_line(R"({"type":)"), JsonLineError);
  EXPECT_EQ(parse_json_line(R"({"type":"none"})").at("type").get<std::string>(), std::string("none"));
}

TEST(JsonLine, Utf8) {
  EXPECT_TRUE(is_utf8("tenbin"));
  EXPECT_TRUE(is_utf8("\xe5\xa4\xa9\xe7\xa7\xa4"));  // 天秤
  EXPECT_FALSE(is_utf8("\xff"));
  EXPECT_FALSE(is_utf8("ab\xe5\xa4"));
}

}  // namespace
}  // namespace tenbin
