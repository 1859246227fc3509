#include "engine/agari.hpp"

#include <algorithm>

#include <gtest/gtest.h>

namespace tenbin {
namespace {

bool has_reading(const std::vector<Decomposition>& readings, int pair,
                 std::vector<ConcealedSet> sets) {
  return std::any_of(readings.begin(), readings.end(), [&](const Decomposition& d) {
    if (d.pair != pair || d.sets != sets.size()) return false;
    return std::equal(sets.begin(), sets.end(), d.set.begin());
  });
}

ConcealedSet run(const char* low) { return {SetShape::run, static_cast<std::uint8_t>(parse_kind(low))}; }
ConcealedSet triplet(const char* kind) {
  return {SetShape::triplet, static_cast<std::uint8_t>(parse_kind(kind))};
}

TEST(Agari, TripletFirstAndRunFirstReadingsBoth) {
  const auto readings = decompose(parse_counts("222333444m567p11s"));
  EXPECT_EQ(readings.size(), 2u);
  const int pair = parse_kind("1s");
  EXPECT_TRUE(has_reading(readings, pair, {triplet("2m"), triplet("3m"), triplet("4m"), run("5p")}));
  EXPECT_TRUE(has_reading(readings, pair, {run("2m"), run("2m"), run("2m"), run("5p")}));
}

TEST(Agari, EveryPairChoiceIsTried) {
  // 11123444m (two melds called): pair 11 with 123 444, or pair 44 with 111 234.
  const auto readings = decompose(parse_counts("11123444m"));
  EXPECT_EQ(readings.size(), 2u);
  EXPECT_TRUE(has_reading(readings, parse_kind("1m"), {run("1m"), triplet("4m")}));
  EXPECT_TRUE(has_reading(readings, parse_kind("4m"), {triplet("1m"), run("2m")}));
  // The nine gates won on 5m reads one way only: 111 234 678 999 with the pair 55.
  const auto gates = decompose(parse_counts("11123455678999m"));
  ASSERT_EQ(gates.size(), 1u);
  EXPECT_TRUE(has_reading(gates, parse_kind("5m"),
                          {triplet("1m"), run("2m"), run("6m"), triplet("9m")}));
}

TEST(Agari, ReadingsWithCalledSets) {
  // Two melds called: 8 concealed tiles = two sets and a pair.
  const auto readings = decompose(parse_counts("123m789p55s"));
  ASSERT_EQ(readings.size(), 1u);
  EXPECT_EQ(readings[0].sets, 2);
  EXPECT_EQ(decompose(parse_counts("55s")).size(), 1u);
  EXPECT_TRUE(decompose(parse_counts("12m")).empty());
}

TEST(Agari, IncompleteHandsHaveNoReading) {
  EXPECT_TRUE(decompose(parse_counts("123m456p789s1122z")).empty());
  EXPECT_TRUE(decompose(parse_counts("123m456p789s12z")).empty());
  EXPECT_TRUE(decompose(parse_counts("124m456p789s11z")).empty());
}

TEST(Agari, SevenPairsNeedsSevenDifferentKinds) {
  EXPECT_TRUE(is_seven_pairs(parse_counts("1122m3344p5566s77z")));
  EXPECT_FALSE(is_seven_pairs(parse_counts("1111m3344p5566s77z")));
  EXPECT_TRUE(is_complete(parse_counts("1122m3344p5566s77z")));
  // Ryanpeikou shape is both seven pairs and a regular reading.
  EXPECT_TRUE(is_seven_pairs(parse_counts("112233m445566p77s")));
  EXPECT_FALSE(decompose(parse_counts("112233m445566p77s")).empty());
}

TEST(Agari, ThirteenOrphans) {
  EXPECT_TRUE(is_thirteen_orphans(parse_counts("19m19p19s12345677z")));
  EXPECT_TRUE(is_thirteen_orphans(parse_counts("119m19p19s1234567z")));
  EXPECT_FALSE(is_thirteen_orphans(parse_counts("19m19p19s1234566z")));
  EXPECT_FALSE(is_thirteen_orphans(parse_counts("129m19p19s123456z")));
}

}  // namespace
}  // namespace tenbin
