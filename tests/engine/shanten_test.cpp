// Correctness of shanten and ukeire: hand-picked hands with known values, random hands against
// the brute-force reference in shanten_reference.hpp, and the known shanten distribution of
// dealt 13-tile hands.
//
// The long random comparison runs only with TENBIN_LONG_TESTS=1 in the environment.
#include "engine/shanten.hpp"
#include "engine/shanten_tables.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/tile.hpp"
#include "tests/shanten_reference.hpp"

namespace tenbin::testing {
namespace {

constexpr int kNA = kNotApplicable;

// ---------------------------------------------------------------------------------------------
// Helpers: writing hands back in compact notation, portable random numbers, dealing hands.
// ---------------------------------------------------------------------------------------------

// "123m456p789s11z": the notation parse_counts reads, so a failing hand can be pasted back.
std::string hand_to_string(const TileCounts& counts) {
  std::string text;
  for (int suit = 0; suit < 4; ++suit) {
    const int kinds_in_suit = suit < 3 ? 9 : 7;
    std::string digits;
    for (int number = 0; number < kinds_in_suit; ++number) {
      digits.append(counts[suit * 9 + number], static_cast<char>('1' + number));
    }
    if (!digits.empty()) text += digits + "mpsz"[suit];
  }
  return text.empty() ? "(empty)" : text;
}

// A seeded generator whose sequence is the same on every standard library: mt19937_64 is fully
// specified, and bounded draws use rejection instead of the implementation-defined
// std::uniform_int_distribution.
class Dice {
 public:
  explicit Dice(std::uint64_t seed) : engine_(seed) {}

  // Uniform in [0, bound).
  int below(int bound) {
    const auto range = static_cast<std::uint64_t>(bound);
    const std::uint64_t threshold = (0 - range) % range;  // 2^64 mod range
    std::uint64_t value = engine_();
    while (value < threshold) value = engine_();
    return static_cast<int>(value % range);
  }

 private:
  std::mt19937_64 engine_;
};

// Four copies of each listed kind, in a vector of kinds.
std::vector<int> wall_of(const std::vector<int>& kinds) {
  std::vector<int> wall;
  for (const int kind : kinds) wall.insert(wall.end(), kCopiesPerKind, kind);
  return wall;
}

std::vector<int> kinds_between(int first, int last) {
  std::vector<int> kinds;
  for (int kind = first; kind <= last; ++kind) kinds.push_back(kind);
  return kinds;
}

const std::vector<int>& full_wall() {
  static const std::vector<int> wall = wall_of(kinds_between(0, kNumKinds - 1));
  return wall;
}

// Shuffles the first `count` tiles of the wall into place (a partial Fisher-Yates shuffle):
// they are a uniform draw without replacement.
void shuffle_front(Dice& dice, std::vector<int>& wall, int count) {
  const int size = static_cast<int>(wall.size());
  for (int i = 0; i < count; ++i) std::swap(wall[i], wall[i + dice.below(size - i)]);
}

TileCounts counts_of(const std::vector<int>& wall, int first, int count) {
  TileCounts counts{};
  for (int i = first; i < first + count; ++i) ++counts[wall[i]];
  return counts;
}

// A hand drawn from the real 136-tile set.
TileCounts deal_hand(Dice& dice, int size) {
  std::vector<int> wall = full_wall();
  shuffle_front(dice, wall, size);
  return counts_of(wall, 0, size);
}

// A hand drawn from one suit (every other call also from the honours): dense hands, where
// runs overlap and the four-copies limit bites.
TileCounts deal_one_suit_hand(Dice& dice, int size) {
  const int suit = dice.below(3);
  std::vector<int> kinds = kinds_between(suit * 9, suit * 9 + 8);
  if (dice.below(2) == 1) {
    const std::vector<int> honours = kinds_between(kinds::east, kinds::red);
    kinds.insert(kinds.end(), honours.begin(), honours.end());
  }
  std::vector<int> wall = wall_of(kinds);
  shuffle_front(dice, wall, size);
  return counts_of(wall, 0, size);
}

// The sets of the given kinds: triplets, and runs inside one suit.
std::vector<std::array<int, 3>> sets_among(const std::vector<int>& kinds) {
  std::vector<std::array<int, 3>> sets;
  for (const int kind : kinds) {
    sets.push_back({kind, kind, kind});
    const bool run_fits = !is_honor(kind) && kind % 9 <= 6;
    if (run_fits) sets.push_back({kind, kind + 1, kind + 2});
  }
  return sets;
}

void remove_random_tile(Dice& dice, TileCounts& hand) {
  int index = dice.below(total_tiles(hand));
  for (auto& count : hand) {
    if (index < count) {
      --count;
      return;
    }
    index -= count;
  }
}

// A complete hand of the size's n sets and a pair (all within four copies, half the time from
// one suit), then cut to the size and given up to two random exchanges: hands at and just
// beyond tenpai.
TileCounts near_complete_hand(Dice& dice, int size) {
  const std::vector<int> kinds = dice.below(2) == 1 ? kinds_between(0, kNumKinds - 1) : [&] {
    const int suit = dice.below(3);
    return kinds_between(suit * 9, suit * 9 + 8);
  }();
  const auto sets = sets_among(kinds);
  TileCounts hand{};
  hand[kinds[dice.below(static_cast<int>(kinds.size()))]] += 2;
  for (int placed = 0; placed < size / 3;) {
    const auto& set = sets[dice.below(static_cast<int>(sets.size()))];
    TileCounts with_set = hand;
    bool fits = true;
    for (const int kind : set) fits = fits && ++with_set[kind] <= kCopiesPerKind;
    if (!fits) continue;
    hand = with_set;
    ++placed;
  }
  if (size % 3 == 1) remove_random_tile(dice, hand);
  for (int exchanges = dice.below(3); exchanges > 0; --exchanges) {
    remove_random_tile(dice, hand);
    int kind = kinds[dice.below(static_cast<int>(kinds.size()))];
    while (hand[kind] == kCopiesPerKind) kind = dice.below(kNumKinds);
    ++hand[kind];
  }
  return hand;
}

// A near-complete hand with one of its kinds topped up to four copies (exchanging other tiles
// out): the four-copies rule only matters when the hand holds four of a kind.
TileCounts near_complete_with_four(Dice& dice, int size) {
  TileCounts hand = near_complete_hand(dice, size);
  if (size < kCopiesPerKind) return hand;
  int index = dice.below(size);  // a random tile's kind becomes the quad
  int quad = 0;
  while (index >= hand[quad]) index -= hand[quad++];
  while (hand[quad] < kCopiesPerKind) {
    const int held = hand[quad];
    hand[quad] = 0;
    remove_random_tile(dice, hand);
    hand[quad] = static_cast<std::uint8_t>(held + 1);
  }
  return hand;
}

// The tiles this seat sees: its hand and `extra` more from the rest of the wall.
TileCounts visible_with(Dice& dice, const TileCounts& hand, int extra) {
  std::vector<int> rest;
  for (int kind = 0; kind < kNumKinds; ++kind) rest.insert(rest.end(), 4 - hand[kind], kind);
  shuffle_front(dice, rest, extra);
  TileCounts visible = hand;
  for (int i = 0; i < extra; ++i) ++visible[rest[i]];
  return visible;
}

bool long_tests_enabled() {
  const char* flag = std::getenv("TENBIN_LONG_TESTS");
  return flag != nullptr && std::string_view(flag) == "1";
}

// ---------------------------------------------------------------------------------------------
// Comparing the engine with the reference.
// ---------------------------------------------------------------------------------------------

// Every shanten entry point against the reference; a description when any differs.
std::optional<std::string> shanten_mismatch(const TileCounts& hand) {
  const ReferenceShanten expected = reference_shanten(hand);
  const int expected_chiitoitsu = expected.chiitoitsu.value_or(kNotApplicable);
  const int expected_kokushi = expected.kokushi.value_or(kNotApplicable);
  const ShantenForms forms = shanten_forms(hand);
  const bool same = forms.regular == expected.regular &&
                    forms.chiitoitsu == expected_chiitoitsu && forms.kokushi == expected_kokushi &&
                    forms.best() == expected.best() &&
                    shanten_regular(hand) == expected.regular &&
                    shanten_chiitoitsu(hand) == expected_chiitoitsu &&
                    shanten_kokushi(hand) == expected_kokushi && shanten(hand) == expected.best();
  if (same) return std::nullopt;
  std::ostringstream out;
  out << hand_to_string(hand) << ": engine regular/chiitoitsu/kokushi/shanten " << forms.regular
      << "/" << forms.chiitoitsu << "/" << forms.kokushi << "/" << shanten(hand)
      << ", reference " << expected.regular << "/" << expected_chiitoitsu << "/"
      << expected_kokushi << "/" << expected.best();
  return out.str();
}

std::optional<std::string> ukeire_mismatch(const TileCounts& hand, const TileCounts& visible) {
  const ReferenceUkeire expected = reference_ukeire(hand, visible);
  const Ukeire actual = ukeire(hand, visible);
  bool same = actual.shanten == expected.shanten && actual.kinds == expected.kinds &&
              actual.total == expected.total;
  for (int kind = 0; kind < kNumKinds; ++kind) {
    same = same && actual.improves[kind] == expected.improves[kind] &&
           actual.remaining[kind] == expected.remaining[kind];
  }
  if (same) return std::nullopt;
  const auto waits = [](const auto& improves, const auto& remaining) {
    std::string text;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      if (!improves[kind]) continue;
      text += kind_to_string(kind) + "x" + std::to_string(remaining[kind]) + " ";
    }
    return text;
  };
  std::ostringstream out;
  out << hand_to_string(hand) << " (visible " << hand_to_string(visible) << "): engine shanten "
      << actual.shanten << " kinds " << actual.kinds << " total " << actual.total << " ["
      << waits(actual.improves, actual.remaining) << "], reference shanten " << expected.shanten
      << " kinds " << expected.kinds << " total " << expected.total << " ["
      << waits(expected.improves, expected.remaining) << "]";
  return out.str();
}

// Runs a check over many hands, reports the first few mismatches and fails on any.
class MismatchLog {
 public:
  void check(const std::optional<std::string>& mismatch) {
    ++hands_;
    if (!mismatch) return;
    if (++mismatches_ <= 10) ADD_FAILURE() << *mismatch;
  }
  void expect_none(std::string_view what) const {
    EXPECT_EQ(mismatches_, 0) << mismatches_ << " of " << hands_ << " " << what << " differ";
  }

 private:
  int hands_ = 0;
  int mismatches_ = 0;
};

constexpr std::array<int, 10> kHandSizes = {14, 13, 11, 10, 8, 7, 5, 4, 2, 1};

// Per size: hands from the full wall, from one suit, near complete, and near complete with
// four of a kind.
struct SampleSizes {
  int real_wall;
  int one_suit;
  int near_complete;
  int with_four;
};

void compare_random_hands(std::uint64_t seed, SampleSizes samples) {
  for (const int size : kHandSizes) {
    SCOPED_TRACE("hand size " + std::to_string(size));
    Dice dice(seed + static_cast<std::uint64_t>(size));
    MismatchLog log;
    for (int i = 0; i < samples.real_wall; ++i) log.check(shanten_mismatch(deal_hand(dice, size)));
    for (int i = 0; i < samples.one_suit; ++i) {
      log.check(shanten_mismatch(deal_one_suit_hand(dice, size)));
    }
    for (int i = 0; i < samples.near_complete; ++i) {
      log.check(shanten_mismatch(near_complete_hand(dice, size)));
    }
    for (int i = 0; i < samples.with_four; ++i) {
      log.check(shanten_mismatch(near_complete_with_four(dice, size)));
    }
    log.expect_none("hands");
  }
}

void compare_random_ukeire(std::uint64_t seed, int size, int hands) {
  SCOPED_TRACE("hand size " + std::to_string(size));
  Dice dice(seed);
  MismatchLog log;
  for (int i = 0; i < hands; ++i) {
    const TileCounts hand = i % 3 == 0   ? deal_hand(dice, size)
                            : i % 3 == 1 ? near_complete_hand(dice, size)
                                         : near_complete_with_four(dice, size);
    log.check(ukeire_mismatch(hand, visible_with(dice, hand, dice.below(40))));
  }
  log.expect_none("hands' ukeire");
}

// ---------------------------------------------------------------------------------------------
// Hand-picked hands.
// ---------------------------------------------------------------------------------------------

struct FormsCase {
  std::string_view hand;
  int regular;
  int chiitoitsu;  // kNA with melds called
  int kokushi;     // kNA with melds called
  std::string_view rule;
};

// Values worked out by hand from the definition.
constexpr FormsCase kFormsCases[] = {
    // Complete hands.
    {"123m456p789s11122z", -1, 4, 8, "four sets and a pair"},
    {"11223344556677m", -1, -1, 11, "complete both as seven pairs and as runs"},
    {"1122m3344p5566s77z", 3, -1, 10, "seven pairs"},
    {"19m19p19s11234567z", 7, 5, -1, "thirteen orphans"},
    // Tenpai.
    {"123m456p789s1122z", 0, 4, 8, "two pairs wait on either (shanpon)"},
    {"1112345678999m", 0, 4, 10, "nine-sided wait"},
    {"19m19p19s1234567z", 8, 6, 0, "thirteen-sided kokushi wait"},
    {"19m19p19s1234566z", 7, 5, 0, "kokushi waiting only on the missing orphan"},
    {"1122m3344p5566s7z", 3, 0, 10, "seven pairs single wait"},
    // Four-copies rule: a wait only on a fifth copy is no wait.
    {"1111m234p456s789p", 1, 5, 10, "1111m: the tanki on 1m would need a fifth 1m"},
    {"123456789m1111z", 1, 5, 9, "1111z: the tanki on E would need a fifth E"},
    {"2222m345p678s999s", 1, 4, 11, "2222m: every wait would need a fifth 2m"},
    {"1111m2233p4455s6z", 2, 2, 10, "seven pairs: four of a kind is one pair, not two"},
    {"1111m2233p4455s66z", 2, 1, 10, "seven pairs needs seven different kinds"},
    {"1111m9m19p19s1234z", 6, 5, 2, "kokushi: extra copies beyond the pair do not help"},
    // Called melds: 3n+1 and 3n+2 tiles for n = 0..3.
    {"12345678999m", -1, kNA, kNA, "one meld called, complete"},
    {"1112345678m", 0, kNA, kNA, "one meld called, tenpai"},
    {"1111m234p567s", 1, kNA, kNA, "one meld called, fifth-copy wait"},
    {"11122233m", -1, kNA, kNA, "two melds called, complete"},
    {"1112223m", 0, kNA, kNA, "two melds called, tenpai"},
    {"1111234m", 0, kNA, kNA, "two melds called, waits on 4m (1m would be a fifth)"},
    {"1111m234p", 1, kNA, kNA, "two melds called, fifth-copy wait"},
    {"11123m", -1, kNA, kNA, "three melds called, complete"},
    {"11112m", 0, kNA, kNA, "three melds called, one away"},
    {"1234m", 0, kNA, kNA, "three melds called, tenpai"},
    {"1357m", 1, kNA, kNA, "three melds called, isolated tiles"},
    {"1111m", 1, kNA, kNA, "three melds called, four of a kind waits on nothing"},
    {"11z", -1, kNA, kNA, "four melds called, complete"},
    {"12m", 0, kNA, kNA, "four melds called, one away"},
    {"5s", 0, kNA, kNA, "four melds called, tanki"},
    {"7z", 0, kNA, kNA, "four melds called, tanki on an honour"},
};

int best_of(const FormsCase& c) {
  return std::min({c.regular, c.chiitoitsu, c.kokushi});
}

TEST(ShantenTest, HandPickedHandsHaveKnownValues) {
  for (const FormsCase& c : kFormsCases) {
    SCOPED_TRACE(std::string(c.hand) + " (" + std::string(c.rule) + ")");
    const TileCounts hand = parse_counts(c.hand);
    EXPECT_EQ(shanten_regular(hand), c.regular);
    EXPECT_EQ(shanten_chiitoitsu(hand), c.chiitoitsu);
    EXPECT_EQ(shanten_kokushi(hand), c.kokushi);
    EXPECT_EQ(shanten(hand), best_of(c));
    const ShantenForms forms = shanten_forms(hand);
    EXPECT_EQ(forms.regular, c.regular);
    EXPECT_EQ(forms.chiitoitsu, c.chiitoitsu);
    EXPECT_EQ(forms.kokushi, c.kokushi);
    EXPECT_EQ(forms.best(), best_of(c));
  }
}

// The reference must agree with the same hand-worked values before it can judge the engine.
TEST(ShantenReferenceTest, HandPickedHandsHaveKnownValues) {
  for (const FormsCase& c : kFormsCases) {
    SCOPED_TRACE(std::string(c.hand) + " (" + std::string(c.rule) + ")");
    const ReferenceShanten expected = reference_shanten(parse_counts(c.hand));
    EXPECT_EQ(expected.regular, c.regular);
    EXPECT_EQ(expected.chiitoitsu.value_or(kNA), c.chiitoitsu);
    EXPECT_EQ(expected.kokushi.value_or(kNA), c.kokushi);
    EXPECT_EQ(expected.best(), best_of(c));
  }
}

// The pruned search against plain enumeration of every pair and set, on hands of up to two
// sets (eight tiles), where enumeration is affordable.
TEST(ShantenReferenceTest, SearchMatchesExhaustiveEnumeration) {
  Dice dice(11);
  for (const int size : {8, 7, 5, 4, 2, 1}) {
    SCOPED_TRACE("hand size " + std::to_string(size));
    for (int i = 0; i < 40; ++i) {
      const TileCounts hand = i % 2 == 0 ? deal_one_suit_hand(dice, size) : deal_hand(dice, size);
      ASSERT_EQ(reference_shanten_regular(hand), exhaustive_shanten_regular(hand))
          << hand_to_string(hand);
    }
  }
}

TEST(UkeireTest, HandPickedWaits) {
  // Nine-sided wait: every manzu, 23 tiles left seeing only the hand.
  {
    const TileCounts hand = parse_counts("1112345678999m");
    const Ukeire waits = ukeire(hand, hand);
    EXPECT_EQ(waits.shanten, 0);
    EXPECT_EQ(waits.kinds, 9);
    EXPECT_EQ(waits.total, 23);
    EXPECT_EQ(waits.remaining[kinds::m1], 1);
    EXPECT_EQ(waits.remaining[kinds::m5], 3);
    EXPECT_FALSE(waits.improves[kinds::p1]);
  }
  // Thirteen-sided kokushi: 13 kinds, 39 tiles.
  {
    const TileCounts hand = parse_counts("19m19p19s1234567z");
    const Ukeire waits = ukeire(hand, hand);
    EXPECT_EQ(waits.shanten, 0);
    EXPECT_EQ(waits.kinds, 13);
    EXPECT_EQ(waits.total, 39);
  }
  // 1111234m with two melds: waits on 4m only; 1m, held four times, is never listed.
  {
    const TileCounts hand = parse_counts("1111234m");
    const Ukeire waits = ukeire(hand, hand);
    EXPECT_EQ(waits.shanten, 0);
    EXPECT_EQ(waits.kinds, 1);
    EXPECT_TRUE(waits.improves[parse_kind("4m")]);
    EXPECT_EQ(waits.remaining[parse_kind("4m")], 3);
    EXPECT_FALSE(waits.improves[kinds::m1]);
    EXPECT_EQ(waits.remaining[kinds::m1], 0);
  }
  // 1111m with three sets: not tenpai; any kind but 1m makes a pair to wait beside 111m.
  {
    const TileCounts hand = parse_counts("1111m234p456s789p");
    const Ukeire waits = ukeire(hand, hand);
    EXPECT_EQ(waits.shanten, 1);
    EXPECT_EQ(waits.kinds, 33);
    EXPECT_FALSE(waits.improves[kinds::m1]);
    EXPECT_EQ(waits.total, 9 * 3 + 24 * 4);  // nine kinds held once, 24 unseen
  }
  // Remaining counts follow the visible tiles, not just the hand: with two more 5m and all of
  // 9m in sight, 5m has one left and 9m none (but still improves).
  {
    const TileCounts hand = parse_counts("1112345678999m");
    TileCounts visible = hand;
    visible[kinds::m5] += 2;
    visible[kinds::m9] = 4;
    const Ukeire waits = ukeire(hand, visible);
    EXPECT_EQ(waits.remaining[kinds::m5], 1);
    EXPECT_TRUE(waits.improves[kinds::m9]);
    EXPECT_EQ(waits.remaining[kinds::m9], 0);
    EXPECT_EQ(waits.kinds, 9);
    EXPECT_EQ(waits.total, 23 - 2 - 1);
  }
}

TEST(ShantenReferenceTest, HandPickedWaits) {
  const TileCounts hand = parse_counts("1111234m");
  const ReferenceUkeire waits = reference_ukeire(hand, hand);
  EXPECT_EQ(waits.kinds, 1);
  EXPECT_TRUE(waits.improves[parse_kind("4m")]);
  const TileCounts nine_sided = parse_counts("1112345678999m");
  EXPECT_EQ(reference_ukeire(nine_sided, nine_sided).total, 23);
}

// ---------------------------------------------------------------------------------------------
// Random hands against the reference.
// ---------------------------------------------------------------------------------------------

TEST(ShantenTest, RandomHandsMatchReference) {
  compare_random_hands(1,
                       {.real_wall = 300, .one_suit = 150, .near_complete = 250, .with_four = 250});
}

TEST(ShantenTest, LongRandomHandsMatchReference) {
  if (!long_tests_enabled()) GTEST_SKIP() << "set TENBIN_LONG_TESTS=1 to run";
  compare_random_hands(
      777, {.real_wall = 10000, .one_suit = 6000, .near_complete = 10000, .with_four = 6000});
}

TEST(UkeireTest, RandomHandsMatchReference) {
  compare_random_ukeire(31, 13, 150);
  compare_random_ukeire(32, 10, 200);
  compare_random_ukeire(33, 7, 200);
  compare_random_ukeire(34, 4, 200);
  compare_random_ukeire(35, 1, 50);
}

TEST(UkeireTest, LongRandomHandsMatchReference) {
  if (!long_tests_enabled()) GTEST_SKIP() << "set TENBIN_LONG_TESTS=1 to run";
  compare_random_ukeire(41, 13, 5000);
  compare_random_ukeire(42, 10, 10000);
}

// ---------------------------------------------------------------------------------------------
// The shanten distribution of dealt 13-tile hands.
// ---------------------------------------------------------------------------------------------

// Probability that a 13-tile hand dealt from a shuffled 136-tile wall has shanten 0..6 (all
// three forms counted).
constexpr std::array<double, 7> kDealtShanten = {8.1175e-05, 0.006214, 0.0935337, 0.362031,
                                                 0.398758,   0.13102,  0.00836209};

// Bins for the goodness-of-fit test: shanten 0 and 1 merged so every expected count is >= 5.
constexpr int kBins = 6;
std::array<double, kBins> binned(const std::array<double, 7>& by_shanten) {
  return {by_shanten[0] + by_shanten[1], by_shanten[2], by_shanten[3],
          by_shanten[4],                 by_shanten[5], by_shanten[6]};
}

// 0.999 quantile of the chi-square distribution with kBins - 1 = 5 degrees of freedom.
constexpr double kChiSquare999With5Dof = 20.515;

// Pearson's statistic: sum over bins of (observed - expected)^2 / expected.
double chi_square(const std::array<double, kBins>& observed, const std::array<double, kBins>& p,
                  double hands) {
  double statistic = 0.0;
  for (int bin = 0; bin < kBins; ++bin) {
    const double expected = p[bin] * hands;
    statistic += (observed[bin] - expected) * (observed[bin] - expected) / expected;
  }
  return statistic;
}

double mean_shanten(const std::array<double, 7>& by_shanten) {
  double mean = 0.0;
  for (int s = 0; s < 7; ++s) mean += s * by_shanten[s];
  return mean;
}

TEST(ShantenTest, DealtHandsFollowKnownDistribution) {
  constexpr int kHands = 200'000;
  Dice dice(136);
  std::array<double, 7> counts{};
  std::vector<int> wall = full_wall();
  for (int i = 0; i < kHands; ++i) {
    shuffle_front(dice, wall, 13);
    const int value = shanten(counts_of(wall, 0, 13));
    ASSERT_GE(value, 0) << "a 13-tile hand cannot be complete";
    ASSERT_LE(value, 6) << "no 13-tile hand is more than 6 from tenpai";
    counts[value] += 1.0;
  }
  std::array<double, 7> share{};
  for (int s = 0; s < 7; ++s) share[s] = counts[s] / kHands;

  const double statistic = chi_square(binned(counts), binned(kDealtShanten), kHands);
  EXPECT_LT(statistic, kChiSquare999With5Dof)
      << "shares 0..6: " << share[0] << " " << share[1] << " " << share[2] << " " << share[3]
      << " " << share[4] << " " << share[5] << " " << share[6];
  // Mean 3.5797; its standard error with 200,000 hands is about 0.002.
  EXPECT_NEAR(mean_shanten(share), mean_shanten(kDealtShanten), 0.01);
}

// The distribution test has power: moving half a percent of hands one step (3 -> 4), as a
// slightly wrong table might, already exceeds the threshold at this sample size.
TEST(ShantenTest, DistributionTestDetectsAShift) {
  constexpr double kHands = 200'000;
  std::array<double, kBins> observed = binned(kDealtShanten);
  for (double& count : observed) count *= kHands;
  EXPECT_LT(chi_square(observed, binned(kDealtShanten), kHands), 1e-9);
  observed[2] -= 0.005 * kHands;
  observed[3] += 0.005 * kHands;
  EXPECT_GT(chi_square(observed, binned(kDealtShanten), kHands), kChiSquare999With5Dof);
}

}  // namespace
}  // namespace tenbin::testing

namespace tenbin {
namespace {

// An independent oracle for one group's table entry: need(s, k, p) by listing every complete
// pattern of k sets (and the pair if p) in the group, every kind at most four, and counting the
// tiles each has beyond s. `kinds` is 9 for a suit (runs and triplets), 7 for the honours.
struct GroupTargets {
  std::vector<std::vector<std::uint8_t>> patterns;
  std::vector<int> sets;
  std::vector<bool> pair;
};

void add_targets(GroupTargets& out, std::vector<std::uint8_t>& counts, int kinds, int first_set,
                 int sets) {
  for (int pair = -1; pair < kinds; ++pair) {
    if (pair >= 0 && counts[pair] + 2 > kCopiesPerKind) continue;
    std::vector<std::uint8_t> with_pair = counts;
    if (pair >= 0) with_pair[pair] += 2;
    out.patterns.push_back(with_pair);
    out.sets.push_back(sets);
    out.pair.push_back(pair >= 0);
  }
  if (sets == shanten_tables::kMaxSets) return;
  // Sets 0..kinds-1 are triplets of kind i; kinds..kinds+6 runs from i - kinds (suits only).
  const int set_kinds = kinds == 9 ? kinds + 7 : kinds;
  for (int set = first_set; set < set_kinds; ++set) {
    const bool triplet = set < kinds;
    const int low = triplet ? set : set - kinds;
    std::vector<std::uint8_t> next = counts;
    if (triplet) {
      next[low] += 3;
    } else {
      for (int i = 0; i < 3; ++i) ++next[low + i];
    }
    if (std::any_of(next.begin(), next.end(), [](std::uint8_t c) { return c > kCopiesPerKind; })) continue;
    add_targets(out, next, kinds, set, sets + 1);
  }
}

GroupTargets group_targets(int kinds) {
  GroupTargets out;
  std::vector<std::uint8_t> empty(static_cast<std::size_t>(kinds), 0);
  add_targets(out, empty, kinds, 0, 0);
  return out;
}

// need(s, k, p) for every k and p, indexed [k][p].
using Needs = std::array<std::array<int, 2>, shanten_tables::kMaxSets + 1>;

Needs brute_force_needs(const GroupTargets& targets, const std::vector<std::uint8_t>& pattern) {
  Needs best;
  for (auto& row : best) row = {99, 99};
  for (std::size_t t = 0; t < targets.patterns.size(); ++t) {
    int beyond = 0;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
      beyond += std::max(0, targets.patterns[t][i] - pattern[i]);
    }
    int& need = best[static_cast<std::size_t>(targets.sets[t])][targets.pair[t] ? 1 : 0];
    need = std::min(need, beyond);
  }
  return best;
}

// Patterns of `kinds` kinds: every one with at most three tiles, then random ones up to 14.
std::vector<std::vector<std::uint8_t>> sample_patterns(int kinds, int random_count) {
  std::vector<std::vector<std::uint8_t>> out;
  std::vector<std::uint8_t> counts(static_cast<std::size_t>(kinds), 0);
  const auto small = [&](const auto& self, int kind, int room) -> void {
    if (kind == kinds) {
      out.push_back(counts);
      return;
    }
    for (int c = 0; c <= std::min(room, kCopiesPerKind); ++c) {
      counts[kind] = static_cast<std::uint8_t>(c);
      self(self, kind + 1, room - c);
    }
    counts[kind] = 0;
  };
  small(small, 0, 3);
  std::mt19937 rng(20240613);
  std::uniform_int_distribution<int> count(0, kCopiesPerKind);
  while (random_count > 0) {
    int total = 0;
    for (auto& c : counts) total += (c = static_cast<std::uint8_t>(count(rng)));
    if (total > shanten_tables::kMaxTilesPerGroup) continue;
    out.push_back(counts);
    --random_count;
  }
  return out;
}

template <int Kinds>
void expect_entries_match_brute_force(const shanten_tables::PatternRanks<Kinds>& ranks,
                                      const shanten_tables::PackedNeeds* table) {
  const GroupTargets targets = group_targets(Kinds);
  for (const std::vector<std::uint8_t>& pattern : sample_patterns(Kinds, 600)) {
    const shanten_tables::SetNeeds entry = shanten_tables::unpack(table[ranks.rank(pattern.data())]);
    const Needs expected = brute_force_needs(targets, pattern);
    for (int sets = 0; sets <= shanten_tables::kMaxSets; ++sets) {
      for (const bool pair : {false, true}) {
        ASSERT_EQ(entry.need(sets, pair), expected[static_cast<std::size_t>(sets)][pair ? 1 : 0])
            << "kinds " << Kinds << " sets " << sets << " pair " << pair << " pattern "
            << ::testing::PrintToString(std::vector<int>(pattern.begin(), pattern.end()));
      }
    }
  }
}

// Every pattern of at most 14 tiles has its own rank below the table's size, and every rank is used.
template <int Kinds>
void expect_ranks_are_a_bijection(const shanten_tables::PatternRanks<Kinds>& ranks) {
  std::vector<bool> seen(ranks.size(), false);
  std::vector<std::uint8_t> counts(Kinds, 0);
  std::size_t patterns = 0;
  const auto visit = [&](const auto& self, int kind, int room) -> void {
    if (kind == Kinds) {
      const std::uint32_t rank = ranks.rank(counts.data());
      ASSERT_LT(rank, ranks.size());
      ASSERT_FALSE(seen[rank]);
      seen[rank] = true;
      ++patterns;
      return;
    }
    for (int c = 0; c <= std::min(room, kCopiesPerKind); ++c) {
      counts[kind] = static_cast<std::uint8_t>(c);
      self(self, kind + 1, room - c);
    }
    counts[kind] = 0;
  };
  visit(visit, 0, shanten_tables::kMaxTilesPerGroup);
  EXPECT_EQ(patterns, ranks.size());
}

TEST(ShantenTables, SuitEntriesMatchABruteForceOverCompleteTargets) {
  expect_entries_match_brute_force(shanten_tables::kSuitRanks, shanten_tables::kSuitTable);
}

TEST(ShantenTables, HonorEntriesMatchABruteForceOverCompleteTargets) {
  expect_entries_match_brute_force(shanten_tables::kHonorRanks, shanten_tables::kHonorTable);
}

TEST(ShantenTables, EveryPatternHasItsOwnRank) {
  expect_ranks_are_a_bijection(shanten_tables::kSuitRanks);
  expect_ranks_are_a_bijection(shanten_tables::kHonorRanks);
  EXPECT_EQ(shanten_tables::kSuitPatterns, 405350u);
  EXPECT_EQ(shanten_tables::kHonorPatterns, 43130u);
  EXPECT_LT(shanten_table_bytes(), 16u * 1024 * 1024);
}

}  // namespace
}  // namespace tenbin
