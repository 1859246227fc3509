// The wall: the documented construction (seed expansion, xoshiro256**, uniform draws from the
// unplaced tiles, fixed positions, SHA-256 commitment), and its fairness measured against the exact
// shanten distribution of dealt hands and a uniform tile at every position.
#include "engine/wall.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/shanten.hpp"

namespace tenbin {
namespace {

// --- the construction ----------------------------------------------------------------------------

TEST(Wall, SameSeedGameAndHandGiveTheSameWall) {
  EXPECT_EQ(Wall::generate(42, 3, 7).tiles(), Wall::generate(42, 3, 7).tiles());
}

TEST(Wall, EveryOtherSeedGameOrHandGivesAnotherWall) {
  const auto base = Wall::generate(42, 3, 7).tiles();
  EXPECT_NE(Wall::generate(42, 3, 8).tiles(), base);
  EXPECT_NE(Wall::generate(42, 4, 7).tiles(), base);
  EXPECT_NE(Wall::generate(43, 3, 7).tiles(), base);
  std::set<std::string> commitments;
  for (std::uint64_t hand = 0; hand < 50; ++hand) commitments.insert(Wall::generate(1, 0, hand).commitment());
  EXPECT_EQ(commitments.size(), 50u);
}

TEST(Wall, HoldsAFullSetWithOneRedFivePerSuit) {
  for (std::uint64_t hand = 0; hand < 20; ++hand) {
    const Wall wall = Wall::generate(5, 1, hand);
    std::array<int, kNumKinds> counts{};
    std::array<int, 3> reds{};
    for (const Tile tile : wall.tiles()) {
      ASSERT_FALSE(tile.is_hidden());
      ++counts[tile.kind()];
      if (tile.is_red()) {
        ASSERT_EQ(number_of(tile.kind()), 5);
        ++reds[suit_of(tile.kind())];
      }
    }
    for (const int count : counts) EXPECT_EQ(count, 4);
    EXPECT_EQ(reds, (std::array<int, 3>{1, 1, 1}));
    EXPECT_NO_THROW(Wall::from_tiles(wall.tiles()));
  }
}

TEST(Wall, FromTilesRejectsAnythingButAFullSet) {
  auto tiles = Wall::generate(5, 0, 0).tiles();
  auto five_ones = tiles;
  const auto first_two = std::find_if(five_ones.begin(), five_ones.end(), [](Tile t) { return t.kind() == 1; });
  *first_two = Tile::of(0);
  EXPECT_THROW(Wall::from_tiles(five_ones), std::invalid_argument);
  auto no_red = tiles;
  *std::find(no_red.begin(), no_red.end(), Tile::of(kinds::m5, true)) = Tile::of(kinds::m5);
  EXPECT_THROW(Wall::from_tiles(no_red), std::invalid_argument);
}

// Deal: blocks of four from the dealer (three rounds), then one each at 48..51.
TEST(Wall, DealsFromFixedPositions) {
  EXPECT_EQ(Wall::deal_positions(0), (std::array<int, 13>{0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48}));
  EXPECT_EQ(Wall::deal_positions(3), (std::array<int, 13>{12, 13, 14, 15, 28, 29, 30, 31, 44, 45, 46, 47, 51}));
  std::set<int> dealt;
  for (int offset = 0; offset < 4; ++offset) {
    for (const int position : Wall::deal_positions(offset)) dealt.insert(position);
  }
  EXPECT_EQ(dealt.size(), 52u);
  EXPECT_EQ(*dealt.rbegin(), 51);

  const Wall wall = Wall::generate(9, 2, 4);
  for (int offset = 0; offset < 4; ++offset) {
    const auto hand = wall.deal(offset);
    const auto positions = Wall::deal_positions(offset);
    for (std::size_t i = 0; i < 13; ++i) EXPECT_EQ(hand[i], wall.at(positions[i]));
  }
}

// Draws from 52 on; dead wall: rinshan 122..125, indicators 126, 128, ..., ura beside them.
TEST(Wall, DrawsAndTheDeadWallComeFromFixedPositions) {
  const Wall wall = Wall::generate(9, 2, 4);
  EXPECT_EQ(wall.live_draw(0), wall.at(52));
  EXPECT_EQ(wall.live_draw(69), wall.at(121));
  EXPECT_EQ(wall.rinshan_draw(0), wall.at(122));
  EXPECT_EQ(wall.rinshan_draw(3), wall.at(125));
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(wall.dora_indicator(i), wall.at(126 + 2 * i));
    EXPECT_EQ(wall.ura_indicator(i), wall.at(127 + 2 * i));
  }
}

TEST(Sha256, KnownAnswers) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

// Commitment: SHA-256 of the 136 mjai names joined by single spaces.
TEST(Wall, CommitmentIsTheSha256OfTheCanonicalText) {
  const Wall wall = Wall::generate(2024, 3, 5);
  std::string text;
  for (const Tile tile : wall.tiles()) {
    if (!text.empty()) text += ' ';
    text += tile.to_string();
  }
  EXPECT_EQ(wall.canonical_text(), text);
  EXPECT_EQ(std::count(text.begin(), text.end(), ' '), 135);
  EXPECT_EQ(wall.commitment(), sha256_hex(text));
  EXPECT_EQ(wall.commitment().size(), 64u);
}

// A hex digest's 32 bytes as four little-endian 64-bit words.
std::array<std::uint64_t, 4> little_endian_words(const std::string& digest) {
  std::array<std::uint64_t, 4> words{};
  for (std::size_t word = 0; word < 4; ++word) {
    for (std::size_t byte = 0; byte < 8; ++byte) {
      const auto value = std::stoull(digest.substr(2 * (word * 8 + byte), 2), nullptr, 16);
      words[word] |= value << (8 * byte);
    }
  }
  return words;
}

// Seed expansion: SHA-256("tenbin-wall-v1 <seed> <game> <hand>") as four little-endian words.
TEST(Wall, SeedExpansionIsTheDocumentedOne) {
  const auto words = little_endian_words(sha256_hex("tenbin-wall-v1 7 0 0"));
  EXPECT_EQ(wall_seed_state(7, 0, 0), words);
  EXPECT_EQ(words[0], 0x36539d879761ff4eULL);
}

// tenbin-wall-v2: SHA-256("tenbin-wall-v2 <seed> <game> <round> <repeat>"), the round counted from
// East 1 = 0 (South 2 is 5).
TEST(Wall, RoundSeedExpansionIsTheDocumentedOne) {
  const auto words = little_endian_words(sha256_hex("tenbin-wall-v2 7 0 5 2"));
  EXPECT_EQ(round_wall_seed_state(WallScheme::by_round, 7, 0, 5, 2), words);
  EXPECT_NE(round_wall_seed_state(WallScheme::by_round, 7, 0, 5, 2), wall_seed_state(7, 0, 5));
  EXPECT_EQ(round_number(kinds::east, 1), 0);
  EXPECT_EQ(round_number(kinds::south, 2), 5);
  EXPECT_EQ(round_number(kinds::west, 4), 11);
}

// Under tenbin-wall-v2 the round and repeat key the wall, never the hand's index; under
// tenbin-wall-v1 the index, never the round.
TEST(Wall, EachSchemeKeysTheHandByItsOwnFields) {
  const HandOfGame hand{.index = 3, .round = 5, .repeat = 2};
  const auto by_round = Wall::generate(WallScheme::by_round, 7, 4, hand).tiles();
  EXPECT_EQ(Wall::generate(WallScheme::by_round, 7, 4, HandOfGame{.index = 9, .round = 5, .repeat = 2}).tiles(), by_round);
  EXPECT_NE(Wall::generate(WallScheme::by_round, 7, 4, HandOfGame{.index = 3, .round = 5, .repeat = 1}).tiles(), by_round);
  EXPECT_NE(Wall::generate(WallScheme::by_round, 7, 4, HandOfGame{.index = 3, .round = 6, .repeat = 2}).tiles(), by_round);
  EXPECT_NE(Wall::generate(WallScheme::by_round, 7, 5, hand).tiles(), by_round);
  EXPECT_NE(Wall::generate(WallScheme::by_round, 8, 4, hand).tiles(), by_round);

  EXPECT_EQ(Wall::generate(WallScheme::by_hand, 7, 4, hand).tiles(), Wall::generate(7, 4, 3).tiles());
  EXPECT_EQ(Wall::generate(WallScheme::by_hand, 7, 4, HandOfGame{.index = 3, .round = 7, .repeat = 0}).tiles(),
            Wall::generate(7, 4, 3).tiles());
}

TEST(Wall, SchemesAreNamedAsMetaJsonNamesThem) {
  EXPECT_STREQ(wall_scheme_name(WallScheme::by_hand), "tenbin-wall-v1");
  EXPECT_STREQ(wall_scheme_name(WallScheme::by_round), "tenbin-wall-v2");
  EXPECT_EQ(wall_scheme_named("tenbin-wall-v1"), WallScheme::by_hand);
  EXPECT_EQ(wall_scheme_named("tenbin-wall-v2"), WallScheme::by_round);
  EXPECT_STREQ(wall_scheme_name(WallScheme::by_round_seat_draws), "tenbin-wall-v3");
  EXPECT_EQ(wall_scheme_named("tenbin-wall-v3"), WallScheme::by_round_seat_draws);
  EXPECT_EQ(wall_scheme_named("tenbin-wall-v4"), std::nullopt);
  EXPECT_EQ(wall_scheme_named(""), std::nullopt);
}

// xoshiro256**'s published outputs for the state {1, 2, 3, 4}.
TEST(Xoshiro256, KnownAnswers) {
  Xoshiro256 rng({1, 2, 3, 4});
  for (const std::uint64_t expected : {11520ULL, 0ULL, 1509978240ULL, 1215971899390074240ULL, 1216172134540287360ULL}) {
    EXPECT_EQ(rng.next(), expected);
  }
}

TEST(Xoshiro256, BelowStaysInRange) {
  Xoshiro256 rng(wall_seed_state(1, 2, 3));
  for (std::uint64_t bound = 1; bound <= 136; ++bound) EXPECT_LT(rng.below(bound), bound);
}

// The whole construction against an independent implementation of the documented steps.
TEST(Wall, KnownAnswerFromTheDocumentedConstruction) {
  const Wall wall = Wall::generate(2024, 3, 5);
  const std::vector<std::string> first = {"6p", "5m", "C", "6p", "F", "P", "7s", "5m",
                                          "8s", "3s", "7p", "4p", "8s", "4s", "C", "3m"};
  for (std::size_t i = 0; i < first.size(); ++i) EXPECT_EQ(wall.at(static_cast<int>(i)).to_string(), first[i]);
  EXPECT_EQ(wall.commitment(), "a5f1751e6e1a53661e346bee57ef59637b3d1b8a002a92d27883e9d59168d97f");
}

// The same under tenbin-wall-v2: the second hand of South 2 in wall group 3 (its seed text
// "tenbin-wall-v2 2024 3 5 1"), against the same independent implementation.
TEST(Wall, KnownAnswerOfARoundKeyedWall) {
  const Wall wall = Wall::generate(WallScheme::by_round, 2024, 3, HandOfGame{.index = 6, .round = 5, .repeat = 1});
  const std::vector<std::string> first = {"P", "F", "4m", "5s", "S", "W", "6s", "8s",
                                          "N", "9m", "C", "P", "N", "6m", "3m", "C"};
  for (std::size_t i = 0; i < first.size(); ++i) EXPECT_EQ(wall.at(static_cast<int>(i)).to_string(), first[i]);
  EXPECT_EQ(wall.commitment(), "d61c18c6ce6418c211b84a5d78898fd00ba5ad7a09c2543a79f9659fc01c3b6f");
}

// tenbin-wall-v3's walls are v2's key under their own seed text: the same hand as above
// ("tenbin-wall-v3 2024 3 5 1"), against the same independent implementation.
TEST(Wall, KnownAnswerOfASeatDrawsWall) {
  EXPECT_EQ(round_wall_seed_state(WallScheme::by_round_seat_draws, 7, 0, 5, 2), little_endian_words(sha256_hex("tenbin-wall-v3 7 0 5 2")));
  const Wall wall = Wall::generate(WallScheme::by_round_seat_draws, 2024, 3, HandOfGame{.index = 6, .round = 5, .repeat = 1});
  const std::vector<std::string> first = {"8s", "3s", "W", "5p", "W", "9p", "2p", "1s",
                                          "7s", "8m", "2s", "6p", "4s", "6m", "9s", "3p"};
  for (std::size_t i = 0; i < first.size(); ++i) EXPECT_EQ(wall.at(static_cast<int>(i)).to_string(), first[i]);
  EXPECT_EQ(wall.commitment(), "6cf16bb763de0b623723caf688f659b5047e27734485852b61b7ae5f2be86179");
}

// --- fairness ------------------------------------------------------------------------------------

// The exact shanten distribution of a dealt 13-tile hand (all forms), shanten 0..6, from
// "配牌時有効牌の枚数" (https://tomohxx.hatenablog.com/; rounded, chi_square normalises it).
constexpr std::array<double, 7> kDealtShanten = {8.1175e-05, 0.006214, 0.0935337, 0.362031,
                                                 0.398758,   0.13102,  0.00836209};

// Upper quantile of chi-square with df degrees of freedom at the normal quantile z
// (Wilson-Hilferty; within a fraction of a percent for df above ten).
double chi_square_upper(int df, double z) {
  const double k = df;
  const double h = 2.0 / (9.0 * k);
  return k * std::pow(1.0 - h + z * std::sqrt(h), 3.0);
}

// The 0.999 quantile: the exact table for small df.
double chi_square_999(int df) {
  static constexpr std::array<double, 10> kTable = {10.828, 13.816, 16.266, 18.467, 20.515,
                                                    22.458, 24.322, 26.124, 27.877, 29.588};
  if (df >= 1 && df <= 10) return kTable[static_cast<std::size_t>(df - 1)];
  return chi_square_upper(df, 3.090232);
}

struct ChiSquare {
  double statistic = 0;
  int df = 0;
};

// Pearson's statistic, adjacent bins merged until each expects at least five.
ChiSquare chi_square(const std::vector<double>& observed, const std::vector<double>& probabilities) {
  double total = 0;
  double mass = 0;
  for (const double o : observed) total += o;
  for (const double p : probabilities) mass += p;
  std::vector<std::pair<double, double>> bins;  // (observed, expected)
  std::pair<double, double> open{0, 0};
  for (std::size_t i = 0; i < observed.size(); ++i) {
    open.first += observed[i];
    open.second += total * probabilities[i] / mass;
    if (open.second < 5) continue;
    bins.push_back(open);
    open = {0, 0};
  }
  if (open.second > 0 || open.first > 0) {
    if (bins.empty()) return {};
    bins.back().first += open.first;
    bins.back().second += open.second;
  }
  ChiSquare result;
  for (const auto& [o, e] : bins) result.statistic += (o - e) * (o - e) / e;
  result.df = static_cast<int>(bins.size()) - 1;
  return result;
}

// Many walls from many (seed, game, hand) triples.
std::vector<Wall> seeded_walls(int count) {
  std::vector<Wall> walls;
  walls.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    const auto n = static_cast<std::uint64_t>(i);
    walls.push_back(Wall::generate(1000 + n / 160, n / 16 % 10, n % 16));
  }
  return walls;
}

// The mistake the wall-fairness note warns about: sorted order and a few random pair swaps.
std::vector<Wall> pair_swapped_walls(int count, int swaps) {
  std::array<Tile, Wall::kTiles> sorted{};
  for (int kind = 0; kind < kNumKinds; ++kind) {
    for (int copy = 0; copy < 4; ++copy) {
      sorted[static_cast<std::size_t>(kind * 4 + copy)] = Tile::of(kind, number_of(kind) == 5 && copy == 0);
    }
  }
  std::mt19937_64 rng(12345);
  std::uniform_int_distribution<std::size_t> position(0, Wall::kTiles - 1);
  std::vector<Wall> walls;
  for (int i = 0; i < count; ++i) {
    auto tiles = sorted;
    for (int s = 0; s < swaps; ++s) std::swap(tiles[position(rng)], tiles[position(rng)]);
    walls.push_back(Wall::from_tiles(tiles));
  }
  return walls;
}

// Shanten of every dealt hand (four per wall) against the exact distribution.
ChiSquare dealt_shanten_test(const std::vector<Wall>& walls) {
  std::vector<double> observed(kDealtShanten.size(), 0.0);
  for (const Wall& wall : walls) {
    for (int offset = 0; offset < 4; ++offset) {
      const int s = shanten(count_tiles(wall.deal(offset)));
      observed[static_cast<std::size_t>(std::clamp(s, 0, 6))] += 1;
    }
  }
  return chi_square(observed, std::vector<double>(kDealtShanten.begin(), kDealtShanten.end()));
}

// Every kind equally likely at every position: per-position statistics and their sum.
struct PositionTest {
  ChiSquare total;
  double worst_position = 0;
  ChiSquare red_fives;  // where the three red fives lie, against uniform over the 136 positions
};

PositionTest position_test(const std::vector<Wall>& walls) {
  std::vector<std::array<double, kNumKinds>> counts(Wall::kTiles);
  std::vector<double> red_positions(Wall::kTiles, 0.0);
  for (const Wall& wall : walls) {
    for (int p = 0; p < Wall::kTiles; ++p) {
      const Tile tile = wall.at(p);
      counts[static_cast<std::size_t>(p)][static_cast<std::size_t>(tile.kind())] += 1;
      if (tile.is_red()) red_positions[static_cast<std::size_t>(p)] += 1;
    }
  }
  const std::vector<double> uniform_kind(kNumKinds, 1.0 / kNumKinds);
  PositionTest result;
  for (const auto& at_position : counts) {
    const ChiSquare one = chi_square(std::vector<double>(at_position.begin(), at_position.end()), uniform_kind);
    result.total.statistic += one.statistic;
    result.total.df += one.df;
    result.worst_position = std::max(result.worst_position, one.statistic);
  }
  result.red_fives = chi_square(red_positions, std::vector<double>(Wall::kTiles, 1.0 / Wall::kTiles));
  return result;
}

// 25,000 walls: 100,000 dealt hands.
constexpr int kWalls = 25000;
const std::vector<Wall>& fair_walls() {
  static const std::vector<Wall> walls = seeded_walls(kWalls);
  return walls;
}

// A position's statistic may reach the 0.999 level over all 136 positions (Bonferroni).
constexpr double kZPerPosition = 4.333048;

TEST(WallFairness, DealtShantenFollowsTheExactDistribution) {
  const ChiSquare test = dealt_shanten_test(fair_walls());
  ASSERT_EQ(test.df, 6);
  EXPECT_LT(test.statistic, chi_square_999(test.df)) << "chi-square " << test.statistic;
}

TEST(WallFairness, EveryKindIsEquallyLikelyAtEveryPosition) {
  const PositionTest test = position_test(fair_walls());
  ASSERT_EQ(test.total.df, Wall::kTiles * (kNumKinds - 1));
  EXPECT_LT(test.total.statistic, chi_square_999(test.total.df)) << "aggregate chi-square " << test.total.statistic;
  EXPECT_LT(test.worst_position, chi_square_upper(kNumKinds - 1, kZPerPosition));
  EXPECT_LT(test.red_fives.statistic, chi_square_999(test.red_fives.df)) << "red fives " << test.red_fives.statistic;
}

// Negative control: the same tests reject walls mixed by random pair swaps.
TEST(WallFairness, RejectsAWallMixedByPairSwaps) {
  const auto walls = pair_swapped_walls(4000, 136);
  const ChiSquare shanten_test = dealt_shanten_test(walls);
  EXPECT_GT(shanten_test.statistic, chi_square_999(shanten_test.df));
  const PositionTest positions = position_test(walls);
  EXPECT_GT(positions.total.statistic, chi_square_999(positions.total.df));
  EXPECT_GT(positions.worst_position, chi_square_upper(kNumKinds - 1, kZPerPosition));
}

// Negative control: 300 swaps (2.2 per tile) deal hands that look normal, but the tiles still
// remember their sorted places; the position test sees it.
TEST(WallFairness, PositionTestRejectsAWallOfTooFewSwaps) {
  const PositionTest positions = position_test(pair_swapped_walls(4000, 300));
  EXPECT_GT(positions.total.statistic, chi_square_999(positions.total.df));
}

// Negative control: the shanten test alone catches a subtler bias (hands one tile better).
TEST(WallFairness, ShantenTestRejectsStackedDeals) {
  auto walls = std::vector<Wall>(fair_walls().begin(), fair_walls().begin() + 5000);
  for (Wall& wall : walls) {
    // Stack the dealer's last deal tile: swap in a live-wall tile that lowers its shanten.
    auto tiles = wall.tiles();
    const auto dealer = Wall::deal_positions(0);
    const int before = shanten(count_tiles(wall.deal(0)));
    for (int p = Wall::kFirstLiveDraw; p < Wall::kFirstLiveDraw + 20; ++p) {
      std::swap(tiles[static_cast<std::size_t>(dealer[12])], tiles[static_cast<std::size_t>(p)]);
      if (shanten(count_tiles(Wall::from_tiles(tiles).deal(0))) < before) break;
      std::swap(tiles[static_cast<std::size_t>(dealer[12])], tiles[static_cast<std::size_t>(p)]);
    }
    wall = Wall::from_tiles(tiles);
  }
  const ChiSquare test = dealt_shanten_test(walls);
  EXPECT_GT(test.statistic, chi_square_999(test.df));
}

}  // namespace
}  // namespace tenbin
