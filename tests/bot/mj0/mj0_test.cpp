// MJ-0's sampler.
//
//  - The process on small spaces: an independent enumeration of the model (which structure lacks
//    a tile, uniform over the complete hand's tiles; sets round-robin with weights c1*c2*c3 and
//    C(c,3), the one lacking a tile weighed by the tiles held; mode factors; pairs C(c,2) and suji
//    pairs, or a single tile; waits by the engine's shanten, furiten rejection) gives the exact
//    expected holding of every kind, the acceptance rate and the wait probabilities; the sampler
//    must agree within 4.5 standard errors (computed from the exact distribution) at a fixed seed.
//  - Furiten rejection: no accepted sample waits on a river kind; genbutsu has deal_in exactly 0;
//    riichi furiten applies to tiles passed after riichi only for a riichi opponent.
//  - Suji and kabe emerge, as comparisons between two positions that differ only there.
//  - The wall estimate adds up to the live wall and never exceeds the unseen copies.
//  - Sampler against the exact mode on a riichi position.
#include "bot/mj0/mj0.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "engine/mjai.hpp"
#include "engine/shanten.hpp"
#include "engine/table.hpp"

// Every allocation of the test program is counted, so that a test can check that a stretch of
// code allocates nothing (the replaceable global operator new; the array forms call these).
namespace {
std::atomic<long> allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  ++allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace tenbin::mj0 {
namespace {

// ---------------------------------------------------------------------------------------------
// The model, enumerated exactly on a small space.
// ---------------------------------------------------------------------------------------------

struct RefSeat {
  int sets = 1;
  int flush_suit = -1;       // -1: no flush
  bool all_triplets = false;
  bool caller = false;
  TileCounts furiten{};
};

struct RefResult {
  std::array<double, kNumKinds> held{};     // E[copies held by all seats together]
  std::array<double, kNumKinds> held_sq{};  // E[square]
  std::vector<double> accepted;             // P(accepted) per seat
  std::vector<std::array<double, kNumKinds>> waits;  // P(k in waits and accepted) per seat
};

int choose2(int c) { return c * (c - 1) / 2; }
int choose3(int c) { return c * (c - 1) * (c - 2) / 6; }

std::vector<int> engine_waits(const TileCounts& hand) {
  std::vector<int> out;
  TileCounts drawn = hand;
  for (int k = 0; k < kNumKinds; ++k) {
    if (drawn[k] >= 4) continue;
    ++drawn[k];
    if (shanten(drawn) == kComplete) out.push_back(k);
    --drawn[k];
  }
  return out;
}

RefResult enumerate_model(const TileCounts& unseen, const std::vector<RefSeat>& seats, bool suji_pairs) {
  const int n = static_cast<int>(seats.size());
  struct Step {
    int seat;
    int kind;  // 0 which structure lacks a tile, 1 a set, 2 the pair
    int index;  // for a set: its number among the seat's sets
  };
  std::vector<Step> steps;
  int most = 0;
  for (const RefSeat& s : seats) most = std::max(most, s.sets);
  for (int i = 0; i < n; ++i) steps.push_back({i, 0, 0});
  for (int round = 0; round < most; ++round) {
    for (int i = 0; i < n; ++i) {
      if (round < seats[i].sets) steps.push_back({i, 1, round});
    }
  }
  for (int i = 0; i < n; ++i) steps.push_back({i, 2, 0});

  RefResult result;
  result.accepted.assign(n, 0);
  result.waits.assign(n, {});
  double success = 0;
  TileCounts space = unseen;
  std::vector<TileCounts> hands(n);
  std::vector<std::vector<int>> runs(n);
  std::vector<int> incomplete(n, 0);
  const auto allowed = [&](int seat, int kind) {
    const int f = seats[seat].flush_suit;
    return f < 0 || suit_of(kind) == f || is_honor(kind);
  };
  // A choice: tiles moved from the space to the hand (`held`), with a weight.
  struct Choice {
    std::vector<int> held;
    double weight;
    int run = -1;       // the first kind of a run (complete or not)
    int incomplete = -1;  // for step 0
  };
  std::function<void(std::size_t, double)> walk = [&](std::size_t at, double p) {
    if (at == steps.size()) {
      success += p;
      for (int k = 0; k < kNumKinds; ++k) {
        double held = 0;
        for (int i = 0; i < n; ++i) held += hands[i][k];
        result.held[k] += p * held;
        result.held_sq[k] += p * held * held;
      }
      for (int i = 0; i < n; ++i) {
        const std::vector<int> w = engine_waits(hands[i]);
        bool clean = true;
        for (const int k : w) clean = clean && seats[i].furiten[k] == 0;
        if (!clean) continue;
        result.accepted[i] += p;
        for (const int k : w) result.waits[i][k] += p;
      }
      return;
    }
    const Step step = steps[at];
    const RefSeat& seat = seats[step.seat];
    std::vector<Choice> choices;
    const auto c = [&](int k) { return static_cast<double>(space[k]); };
    if (step.kind == 0) {
      // Each of the 3n+2 tiles of the complete hand equally likely to be the missing one.
      for (int i = 0; i < seat.sets; ++i) choices.push_back({{}, 3.0, -1, i});
      choices.push_back({{}, 2.0, -1, seat.sets});
    } else if (step.kind == 1 && step.index != incomplete[step.seat]) {
      const double tf = seat.caller ? 4 : 1;
      const double rf = seat.all_triplets ? 0 : (seat.caller ? 2 : 1);
      for (int k = 0; k < kNumKinds; ++k) {
        if (allowed(step.seat, k) && choose3(space[k]) > 0) choices.push_back({{k, k, k}, tf * choose3(space[k])});
      }
      for (int k = 0; k < 27; ++k) {
        if (k % 9 > 6 || !allowed(step.seat, k)) continue;
        const double w = rf * c(k) * c(k + 1) * c(k + 2);
        if (w > 0) choices.push_back({{k, k + 1, k + 2}, w, k});
      }
    } else if (step.kind == 1) {
      // The set lacking a tile, weighed by the tiles held.
      const double tf = seat.caller ? 4 : 1;
      const double rf = seat.all_triplets ? 0 : (seat.caller ? 2 : 1);
      for (int k = 0; k < kNumKinds; ++k) {
        if (allowed(step.seat, k) && choose2(space[k]) > 0) choices.push_back({{k, k}, tf * choose2(space[k])});
      }
      for (int k = 0; k < 27; ++k) {
        if (k % 9 > 6 || !allowed(step.seat, k)) continue;
        for (int missing = 0; missing < 3; ++missing) {
          std::vector<int> held;
          double w = rf;
          for (int i = 0; i < 3; ++i) {
            if (i == missing) continue;
            held.push_back(k + i);
            w *= c(k + i);
          }
          if (w > 0) choices.push_back({held, w, k});
        }
      }
    } else if (incomplete[step.seat] != seat.sets) {
      for (int k = 0; k < kNumKinds; ++k) {
        if (allowed(step.seat, k) && choose2(space[k]) > 0) choices.push_back({{k, k}, double(choose2(space[k]))});
      }
      for (const int a : runs[step.seat]) {
        if (!suji_pairs) break;
        if (a % 9 >= 1 && c(a - 1) * c(a + 2) > 0) choices.push_back({{a - 1, a + 2}, c(a - 1) * c(a + 2)});
        if (a % 9 + 3 <= 8 && c(a) * c(a + 3) > 0) choices.push_back({{a, a + 3}, c(a) * c(a + 3)});
      }
    } else {
      // The pair lacking a tile: a single tile, or one tile of a suji pair.
      for (int k = 0; k < kNumKinds; ++k) {
        if (allowed(step.seat, k) && space[k] > 0) choices.push_back({{k}, c(k)});
      }
      for (const int a : runs[step.seat]) {
        if (!suji_pairs) break;
        const std::vector<int> singles = a % 9 >= 1 ? std::vector<int>{a - 1, a + 2} : std::vector<int>{};
        for (const int k : singles) choices.push_back({{k}, c(k)});
        if (a % 9 + 3 <= 8) {
          choices.push_back({{a}, c(a)});
          choices.push_back({{a + 3}, c(a + 3)});
        }
      }
    }
    double total = 0;
    for (const Choice& choice : choices) total += choice.weight;
    if (total == 0) return;  // the sampler starts the draw again: condition on success
    for (const Choice& choice : choices) {
      if (choice.weight == 0) continue;
      const double q = p * choice.weight / total;
      if (step.kind == 0) {
        incomplete[step.seat] = choice.incomplete;
        walk(at + 1, q);
        continue;
      }
      for (const int k : choice.held) {
        --space[k];
        ++hands[step.seat][k];
      }
      if (choice.run >= 0) runs[step.seat].push_back(choice.run);
      walk(at + 1, q);
      if (choice.run >= 0) runs[step.seat].pop_back();
      for (const int k : choice.held) {
        ++space[k];
        --hands[step.seat][k];
      }
    }
  };
  walk(0, 1.0);
  for (int k = 0; k < kNumKinds; ++k) {
    result.held[k] /= success;
    result.held_sq[k] /= success;
  }
  for (int i = 0; i < n; ++i) {
    result.accepted[i] /= success;
    for (int k = 0; k < kNumKinds; ++k) result.waits[i][k] /= success;
  }
  return result;
}

Meld pon_of(int kind, int from = 0) {
  const Tile t = Tile::of(kind);
  const std::array<Tile, 2> consumed = {t, t};
  return Meld::make(MeldType::pon, t, consumed, from);
}

// A position over `unseen` whose opponents mirror `seats` (their melds: pons of kinds outside
// the space, so they only set the hand size).
Position small_position(const TileCounts& unseen, const std::vector<RefSeat>& seats) {
  Position position;
  position.unseen = unseen;
  position.live_tiles_left = 0;
  int meld_kind = kinds::white;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    Opponent o;
    o.seat = static_cast<int>(i) + 1;
    for (int m = 0; m < 4 - seats[i].sets; ++m) o.melds.push_back(pon_of(meld_kind, 0));
    o.concealed = 13 - 3 * static_cast<int>(o.melds.size());
    o.discarded = seats[i].furiten;
    o.tenpai_probability = 1;
    o.modes = {};
    if (seats[i].flush_suit >= 0) o.modes.flush[seats[i].flush_suit] = 1;
    o.modes.all_triplets = seats[i].all_triplets ? 1 : 0;
    o.modes.caller = seats[i].caller;
    position.opponents.push_back(o);
  }
  return position;
}

void expect_matches_model(const TileCounts& unseen, const std::vector<RefSeat>& seats, bool suji_pairs,
                          int samples = 40000) {
  const RefResult ref = enumerate_model(unseen, seats, suji_pairs);
  Sampler sampler;
  Settings settings;
  settings.samples = samples;
  settings.seed = 5;
  settings.score = false;
  settings.suji_pairs = suji_pairs;
  const Estimate& e = sampler.estimate(small_position(unseen, seats), settings);
  ASSERT_EQ(e.samples, samples);
  const double n = samples;
  for (int k = 0; k < kNumKinds; ++k) {
    const double var = ref.held_sq[k] - ref.held[k] * ref.held[k];
    EXPECT_NEAR(e.held[k], ref.held[k], 4.5 * std::sqrt(std::max(var, 0.0) / n) + 1e-9) << kind_to_string(k);
  }
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const OpponentEstimate& o = e.opponents[i];
    const double q = ref.accepted[i];
    EXPECT_NEAR(o.acceptance_rate, q, 4.5 * std::sqrt(q * (1 - q) / n) + 1e-9) << "seat " << i;
    ASSERT_GT(o.accepted_samples, 0);
    for (int k = 0; k < kNumKinds; ++k) {
      const double p = q > 0 ? ref.waits[i][k] / q : 0;
      EXPECT_NEAR(o.tiles[k].deal_in, p, 4.5 * std::sqrt(p * (1 - p) / o.accepted_samples) + 1e-9)
          << "seat " << i << " " << kind_to_string(k);
    }
  }
}

TileCounts counts(const char* text) { return parse_counts(text); }

TEST(Mj0SamplerTest, OneSetAndPairMatchesTheModel) {
  // 111 (C(3,3) = 1), 123 (3*2*2 = 12), 234 (2*2*1 = 4), 567p (2*2*1), EEE (1): the first set's
  // weights; then the pair, suji pairs included.
  expect_matches_model(counts("1112233455m5566p7p111z"), {RefSeat{}}, true);
}

TEST(Mj0SamplerTest, WithoutSujiPairsMatchesTheModel) {
  expect_matches_model(counts("1112233455m5566p7p111z"), {RefSeat{}}, false);
}

TEST(Mj0SamplerTest, RoundRobinOverTwoSeatsMatchesTheModel) {
  RefSeat a;
  RefSeat b;
  b.caller = true;  // triplets x4, runs x2
  a.furiten = counts("4m");
  expect_matches_model(counts("111223344m556677p22z"), {a, b}, true);
}

TEST(Mj0SamplerTest, FlushAndAllTripletsMatchTheModel) {
  RefSeat flush;
  flush.sets = 2;
  flush.flush_suit = 1;
  RefSeat triplets;
  triplets.all_triplets = true;
  expect_matches_model(counts("1112345m2223456p111222z"), {flush, triplets}, true, 30000);
}

// ---------------------------------------------------------------------------------------------
// Full-size positions.
// ---------------------------------------------------------------------------------------------

// The observer holds `hand`; each opponent's river is given (all of it visible). Opponent 0
// (seat 1) is in riichi when `riichi`; the others are not tenpai-certain.
Position full_position(const char* hand, const std::array<const char*, 3>& rivers, bool riichi,
                       const char* also_visible = "") {
  Position position;
  position.observer = 0;
  position.observer_hand = counts(hand);
  TileCounts seen = counts(hand);
  const TileCounts extra = counts(also_visible);
  for (int k = 0; k < kNumKinds; ++k) seen[k] = static_cast<std::uint8_t>(seen[k] + extra[k]);
  position.dora_markers = {Tile::of(kinds::north)};
  ++seen[kinds::north];
  int discards = 0;
  for (int i = 0; i < 3; ++i) {
    Opponent o;
    o.seat = i + 1;
    o.seat_wind = kinds::east + i + 1;
    o.discarded = counts(rivers[static_cast<std::size_t>(i)]);
    for (int k = 0; k < kNumKinds; ++k) {
      seen[k] = static_cast<std::uint8_t>(seen[k] + o.discarded[k]);
      discards += o.discarded[k];
    }
    o.river_size = total_tiles(o.discarded);
    o.riichi = riichi && i == 0;
    o.tenpai_probability = o.riichi ? 1 : 0.5;
    o.modes = estimate_modes(o);
    position.opponents.push_back(o);
  }
  for (int k = 0; k < kNumKinds; ++k) {
    EXPECT_LE(seen[k], 4) << kind_to_string(k);
    position.unseen[k] = static_cast<std::uint8_t>(4 - std::min<int>(seen[k], 4));
  }
  position.live_tiles_left = std::max(0, 136 - 14 - 52 - 1 - discards);
  return position;
}

Settings quick(int samples = 6000, std::uint64_t seed = 3) {
  Settings s;
  s.samples = samples;
  s.seed = seed;
  s.score = false;
  return s;
}

TEST(Mj0SamplerTest, GenbutsuIsSafeAndNoAcceptedSampleIsFuriten) {
  const Position position = full_position("123m456p789s1122z", {"19m5p3s1z", "2m8p", "7s"}, true);
  Sampler sampler;
  const Estimate& e = sampler.estimate(position, quick());
  ASSERT_EQ(e.opponents.size(), 3u);
  const OpponentEstimate& riichi = e.opponents[0];
  EXPECT_GT(riichi.accepted_samples, 1000);
  EXPECT_LT(riichi.acceptance_rate, 1.0);  // some samples were furiten and rejected
  for (const char* genbutsu : {"1m", "9m", "5p", "3s", "E"}) {
    EXPECT_EQ(riichi.tiles[parse_kind(genbutsu)].deal_in, 0.0) << genbutsu;
    EXPECT_EQ(riichi.tiles[parse_kind(genbutsu)].std_error, 0.0) << genbutsu;
  }
  EXPECT_GT(riichi.tiles[parse_kind("5m")].deal_in, 0.02);
  // The other seats' rivers are their own furiten only.
  EXPECT_EQ(e.opponents[1].tiles[parse_kind("2m")].deal_in, 0.0);
  EXPECT_GT(e.opponents[0].tiles[parse_kind("2m")].deal_in, 0.0);
}

// The winning tile is the observer's discard, so a hand may wait on a kind whose every other copy
// the observer holds: with three red dragons in hand and the fourth unseen, a tanki on it is a
// real wait (the exact mode counts it too), as is a kanchan on a kind whose copies are all visible.
TEST(Mj0SamplerTest, WaitsOnKindsTheObserverHoldsAreSampled) {
  const Position position = full_position("123m456p789s1777z", {"19m5p3s1z", "2m8p", "7s"}, true, "5555s");
  ASSERT_EQ(position.unseen[parse_kind("C")], 1);
  ASSERT_EQ(position.unseen[parse_kind("5s")], 0);
  Sampler sampler;
  const OpponentEstimate& riichi = sampler.estimate(position, quick(20000)).opponents[0];
  const OpponentEstimate exact = exact_riichi_danger(position, 0);
  EXPECT_GT(exact.tiles[parse_kind("C")].deal_in, 0.0);
  EXPECT_GT(riichi.tiles[parse_kind("C")].deal_in, 3 * riichi.tiles[parse_kind("C")].std_error);
  EXPECT_GT(exact.tiles[parse_kind("5s")].deal_in, 0.0);
  EXPECT_GT(riichi.tiles[parse_kind("5s")].deal_in, 3 * riichi.tiles[parse_kind("5s")].std_error);
}

TEST(Mj0SamplerTest, RiichiFuritenOnlyAfterRiichi) {
  Position position = full_position("123m456p789s1122z", {"19m", "5s", "2p"}, true);
  position.opponents[0].passed_in_riichi = counts("5s");  // seat 2 discarded 5s after the riichi
  position.opponents[1].passed_in_riichi = counts("2p");  // not in riichi: no effect
  Sampler sampler;
  const Estimate& e = sampler.estimate(position, quick());
  EXPECT_EQ(e.opponents[0].tiles[parse_kind("5s")].deal_in, 0.0);
  EXPECT_GT(e.opponents[1].tiles[parse_kind("2p")].deal_in, 0.0);
}

// deal_in(a) - deal_in(b) in standard errors.
double z_drop(const TileDanger& high, const TileDanger& low) {
  return (high.deal_in - low.deal_in) / std::hypot(high.std_error, low.std_error);
}

TEST(Mj0SamplerTest, SujiEmerges) {
  // 4m in the riichi river makes 1m and 7m suji; the control has the same 4m visible elsewhere
  // (in another seat's river), so the unseen tiles are the same and only furiten differs.
  const Position suji = full_position("123p456p789s1122z", {"4m9p", "2s", "8s"}, true);
  const Position control = full_position("123p456p789s1122z", {"9p", "4m2s", "8s"}, true);
  Sampler sampler;
  const TileDanger suji_1m = sampler.estimate(suji, quick()).opponents[0].tiles[parse_kind("1m")];
  const TileDanger suji_7m = sampler.estimate(suji, quick()).opponents[0].tiles[parse_kind("7m")];
  const TileDanger control_1m = sampler.estimate(control, quick()).opponents[0].tiles[parse_kind("1m")];
  const TileDanger control_7m = sampler.estimate(control, quick()).opponents[0].tiles[parse_kind("7m")];
  EXPECT_GT(z_drop(control_1m, suji_1m), 4.0);
  EXPECT_GT(z_drop(control_7m, suji_7m), 4.0);
}

TEST(Mj0SamplerTest, KabeEmerges) {
  // All four 8p visible: 9p can no longer be waited on by 78p, so it is safer than when only two
  // 8p are out (the same number of tiles visible: two 3s stand in for the other two 8p).
  const Position kabe = full_position("123m456m789s11z", {"88p", "88p", "1z"}, false);
  const Position control = full_position("123m456m789s11z", {"88p", "33s", "1z"}, false);
  Sampler sampler;
  const Settings settings = quick(20000);
  const TileDanger kabe_9p = sampler.estimate(kabe, settings).opponents[2].tiles[parse_kind("9p")];
  const TileDanger control_9p = sampler.estimate(control, settings).opponents[2].tiles[parse_kind("9p")];
  EXPECT_GT(z_drop(control_9p, kabe_9p), 4.0);
}

// The expected loss is the engine's score of the opponent's win, each han counted once. A space
// of exactly thirteen tiles (CCC 234m 567p 789s and the red 5m) forces the opponent's hand; dama
// with the red dragon triplet, it waits on 2m and 5m. A ron on 5m: yakuhai and the red five, 2 han;
// 20 + 10 (closed ron) + 8 (concealed honour triplet) + 2 (tanki) = 40 fu: 2600 from a non-dealer.
TEST(Mj0SamplerTest, ExpectedLossIsTheEnginesScoreOfTheWin) {
  Position position;
  position.observer = 0;
  position.dealer = 0;
  position.observer_hand = counts("25m");
  position.unseen = counts("777z234m567p789s5m");
  position.red_unseen = {true, false, false};
  position.dora_markers = {Tile::of(parse_kind("9s"))};
  position.live_tiles_left = 10;
  Opponent o;
  o.seat = 1;
  o.seat_wind = kinds::south;
  o.tenpai_probability = 1;
  position.opponents.push_back(o);
  Settings settings = quick(500);
  settings.score = true;
  settings.modes = false;
  Sampler sampler;
  const OpponentEstimate& e = sampler.estimate(position, settings).opponents[0];
  ASSERT_GT(e.accepted_samples, 0);
  const TileDanger& five = e.tiles[parse_kind("5m")];
  EXPECT_DOUBLE_EQ(five.deal_in, 1.0);
  EXPECT_DOUBLE_EQ(five.expected_loss, 2600.0);
  EXPECT_DOUBLE_EQ(e.tiles[parse_kind("2m")].expected_loss, 2600.0);
  EXPECT_EQ(e.tiles[parse_kind("3m")].deal_in, 0.0);
}

// An open hand in tenpai holds a yaku: its danger comes from the samples with a yaku wait. With
// every accepted sample scored, deal_in(k) is then T x (samples winning on k with a yaku) /
// (samples with any yaku wait), so the dangers sum to at least T, and each is the unnormalised
// one (scaled by the yaku share) times the same factor, accepted / with-a-yaku. A seat open with
// a chi of 123m has many yakuless samples; a seat with a pon of white dragons has a yaku in
// every sample, and a closed dama seat is left as it was.
struct YakuCase {
  double open_sum = 0;
  std::array<double, kNumKinds> open{};
  std::array<double, kNumKinds> plain{};
};

// `meld` null: the seat stays closed.
YakuCase dangers_with_and_without_yaku_rule(const Meld* meld) {
  Position position = full_position("3m456p789s1122z", {"9m5p3s", "2m8p", "7s"}, false, "11m1z");
  Opponent& o = position.opponents[0];
  if (meld != nullptr) {
    o.melds.push_back(*meld);
    o.concealed = 10;
    for (const Tile tile : meld->all_tiles()) --position.unseen[tile.kind()];
  }
  o.tenpai_probability = 0.5;
  o.modes = estimate_modes(o);
  Settings settings = quick(4000, 11);
  settings.score = true;
  settings.scored_samples = 1000000;
  YakuCase result;
  Sampler sampler;
  settings.open_hands_have_yaku = true;
  const OpponentEstimate with_rule = sampler.estimate(position, settings).opponents[0];
  settings.open_hands_have_yaku = false;
  const OpponentEstimate& without = sampler.estimate(position, settings).opponents[0];
  for (int k = 0; k < kNumKinds; ++k) {
    result.open[k] = with_rule.tiles[k].deal_in;
    result.plain[k] = without.tiles[k].deal_in;
    result.open_sum += result.open[k];
  }
  return result;
}

// The mode rule (docs/mj0.md, "Modes") with round parameters, so that each odds is its formula's.
TEST(Mj0ModesTest, TheRuleReadsMeldsAndRiver) {
  const ModeParams params{.flush_base = 0.1,
                          .flush_per_meld = 0.2,
                          .flush_cap = 0.6,
                          .flush_less_per_discard = 0.05,
                          .river_flush = 0.3,
                          .river_flush_discards = 8,
                          .triplets_two_calls = 0.4,
                          .triplets_one_call = 0.15};
  const auto tile = [](const char* name) { return Tile::of(parse_kind(name)); };
  const std::array<Tile, 2> p23 = {tile("2p"), tile("3p")};
  const std::array<Tile, 2> p67 = {tile("6p"), tile("7p")};
  const Meld chi_123p = Meld::make(MeldType::chi, tile("1p"), p23, 0);
  const Meld chi_567p = Meld::make(MeldType::chi, tile("5p"), p67, 0);

  Opponent two_chi;  // two pinzu melds, three pinzu thrown
  two_chi.melds = {chi_123p, chi_567p};
  two_chi.river_by_group = {4, 3, 2, 1};
  two_chi.river_size = 10;
  ModeOdds odds = estimate_modes(two_chi, params);
  EXPECT_DOUBLE_EQ(odds.flush[1], 0.1 + 2 * 0.2 - 3 * 0.05);
  EXPECT_EQ(read_modes(two_chi, params).flush,
            (std::array{FlushReading::none, FlushReading::melds_in_suit, FlushReading::none}));
  EXPECT_EQ(read_modes(two_chi, params).all_triplets, TripletsReading::none);
  EXPECT_EQ(odds.flush[0], 0.0);
  EXPECT_EQ(odds.flush[2], 0.0);
  EXPECT_EQ(odds.all_triplets, 0.0);
  EXPECT_TRUE(odds.caller);

  Opponent four_melds = two_chi;  // capped, then less the discards
  four_melds.melds = {chi_123p, chi_567p, chi_123p, chi_567p};
  EXPECT_DOUBLE_EQ(estimate_modes(four_melds, params).flush[1], 0.6 - 3 * 0.05);
  four_melds.river_by_group = {0, 20, 0, 0};  // never below zero, still read off the melds
  EXPECT_EQ(estimate_modes(four_melds, params).flush[1], 0.0);
  EXPECT_EQ(read_modes(four_melds, params).flush[1], FlushReading::melds_in_suit);

  Opponent mixed = two_chi;  // melds in two suits: no flush
  const std::array<Tile, 2> s55 = {tile("5s"), tile("5s")};
  mixed.melds = {chi_123p, Meld::make(MeldType::pon, tile("5s"), s55, 0)};
  EXPECT_EQ(estimate_modes(mixed, params).flush, (std::array<double, 3>{0, 0, 0}));

  Opponent two_pons;  // a dragon and a pinzu pon: all triplets, and a flush in pinzu
  two_pons.melds = {pon_of(kinds::white, 0), pon_of(parse_kind("9p"), 2)};
  odds = estimate_modes(two_pons, params);
  EXPECT_DOUBLE_EQ(odds.all_triplets, 0.4);
  EXPECT_DOUBLE_EQ(odds.flush[1], 0.1 + 2 * 0.2);
  EXPECT_EQ(read_modes(two_pons, params).all_triplets, TripletsReading::two_triplet_melds);
  Opponent one_pon;
  one_pon.melds = {pon_of(kinds::white, 0)};
  EXPECT_DOUBLE_EQ(estimate_modes(one_pon, params).all_triplets, 0.15);
  EXPECT_EQ(read_modes(one_pon, params).all_triplets, TripletsReading::one_open_triplet);
  EXPECT_EQ(estimate_modes(one_pon, params).flush, (std::array<double, 3>{0, 0, 0}));  // no numbered meld, short river

  Opponent river;  // closed, a long river with no souzu and two or more of each other suit
  river.river_by_group = {3, 2, 0, 3};
  river.river_size = 8;
  odds = estimate_modes(river, params);
  EXPECT_EQ(odds.flush, (std::array<double, 3>{0, 0, 0.3}));
  EXPECT_FALSE(odds.caller);
  EXPECT_EQ(read_modes(river, params).flush,
            (std::array{FlushReading::none, FlushReading::none, FlushReading::long_river}));
  river.river_size = 7;
  EXPECT_EQ(estimate_modes(river, params).flush[2], 0.0);
  EXPECT_EQ(read_modes(river, params).flush[2], FlushReading::none);
}

TEST(Mj0SamplerTest, AnOpenHandsWaitsAreThoseOfSamplesWithAYaku) {
  const Tile m1 = Tile::of(parse_kind("1m"));
  const std::array<Tile, 2> m23 = {Tile::of(parse_kind("2m")), Tile::of(parse_kind("3m"))};
  const Meld chi_123m = Meld::make(MeldType::chi, m1, m23, 0);
  const YakuCase chi = dangers_with_and_without_yaku_rule(&chi_123m);
  EXPECT_GE(chi.open_sum, 0.5 - 1e-9);
  double factor = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    if (chi.plain[k] == 0) {
      EXPECT_EQ(chi.open[k], 0.0) << kind_to_string(k);
      continue;
    }
    if (factor == 0) factor = chi.open[k] / chi.plain[k];
    EXPECT_NEAR(chi.open[k] / chi.plain[k], factor, 1e-9) << kind_to_string(k);
  }
  EXPECT_GT(factor, 1.1);  // many yakuless samples

  const Meld pon_white = pon_of(kinds::white, 0);
  const YakuCase haku = dangers_with_and_without_yaku_rule(&pon_white);
  for (int k = 0; k < kNumKinds; ++k) EXPECT_DOUBLE_EQ(haku.open[k], haku.plain[k]) << kind_to_string(k);
  EXPECT_GE(haku.open_sum, 0.5 - 1e-9);

  const YakuCase dama = dangers_with_and_without_yaku_rule(nullptr);
  for (int k = 0; k < kNumKinds; ++k) EXPECT_DOUBLE_EQ(dama.open[k], dama.plain[k]) << kind_to_string(k);
}

TEST(Mj0SamplerTest, WallEstimateAddsUpToTheLiveWall) {
  const Position position = full_position("123m456p789s1122z", {"19m5p3s1z", "2m8p", "7s"}, true);
  Sampler sampler;
  const Estimate& e = sampler.estimate(position, quick());
  double wall = 0;
  double held = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    wall += e.wall[k];
    held += e.held[k];
    EXPECT_LE(e.wall[k] + e.held[k], position.unseen[k] + 1e-9) << kind_to_string(k);
    if (position.unseen[k] == 0) {
      EXPECT_EQ(e.wall[k], 0.0);
    }
  }
  EXPECT_NEAR(wall, position.live_tiles_left, 1e-6);
  EXPECT_NEAR(held, 3 * 13, 1e-9);
}

TEST(Mj0SamplerTest, SameSeedSameEstimate) {
  const Position position = full_position("123m456p789s1122z", {"19m5p3s1z", "2m8p", "7s"}, true);
  Sampler a;
  Sampler b;
  Settings settings = quick(2000, 9);
  settings.score = true;
  settings.scored_samples = 200;
  const Estimate first = a.estimate(position, settings);
  const Estimate& second = b.estimate(position, settings);
  for (int k = 0; k < kNumKinds; ++k) {
    EXPECT_EQ(first.wall[k], second.wall[k]);
    EXPECT_EQ(first.opponents[0].tiles[k].deal_in, second.opponents[0].tiles[k].deal_in);
    EXPECT_EQ(first.opponents[0].tiles[k].expected_loss, second.opponents[0].tiles[k].expected_loss);
  }
  // And the reused sampler gives the same again.
  const Estimate& again = a.estimate(position, settings);
  EXPECT_EQ(again.opponents[1].tiles[5].deal_in, first.opponents[1].tiles[5].deal_in);
}

// A deadline that has passed stops the sampling at its first check, and the estimate of those
// samples is whole (the wall adds up, every danger a probability); one far away changes nothing.
TEST(Mj0SamplerTest, APassedDeadlineStopsSamplingWithAUsableEstimate) {
  const Position position = full_position("123m456p789s1122z", {"19m5p3s1z", "2m8p", "7s"}, true);
  Sampler sampler;
  Settings settings = quick(2000, 9);
  settings.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  const Estimate& cut = sampler.estimate(position, settings);
  EXPECT_GT(cut.samples, 0);
  EXPECT_LE(cut.samples, kDeadlineCheckEvery);
  double wall = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    wall += cut.wall[k];
    for (const OpponentEstimate& o : cut.opponents) {
      EXPECT_GE(o.tiles[k].deal_in, 0.0);
      EXPECT_LE(o.tiles[k].deal_in, 1.0);
    }
  }
  EXPECT_NEAR(wall, position.live_tiles_left, 1e-6);

  Settings roomy = quick(2000, 9);
  roomy.deadline = std::chrono::steady_clock::now() + std::chrono::hours(1);
  const Estimate timed = sampler.estimate(position, roomy);
  const Estimate& untimed = sampler.estimate(position, quick(2000, 9));
  EXPECT_EQ(timed.samples, untimed.samples);
  for (int k = 0; k < kNumKinds; ++k) EXPECT_EQ(timed.opponents[0].tiles[k].deal_in, untimed.opponents[0].tiles[k].deal_in);
}

// The sampler and the exact mode are different models of the same riichi hand (set-by-set
// weights against every tenpai form equally likely), so they agree only roughly; the stated
// tolerance is that difference. Measured on this position (30,000 samples, seed 3): correlation
// 0.96 over the 34 kinds, largest gap 0.063, 1.65 wait kinds per hand against the forms' 1.30
// (the sampler favours runs, hence two-sided waits). Required: a kind no tenpai form waits on is
// never a sampled wait, correlation above 0.9, no gap above 0.09, and between 1 and 1.5 times
// the forms' wait kinds.
TEST(Mj0SamplerTest, AgreesWithTheExactModeOnARiichiPosition) {
  Position position = full_position("2356m344p5789s56z", {"19m28p1s4s7z4z9p3z", "1s9s1m3m8p7s1z", "4z9m2p6z7s5m2s1p"}, true);
  position.opponents[0].passed_in_riichi = counts("7s1z2s1p");
  position.opponents.resize(1);
  Settings settings = quick(30000);
  settings.modes = false;
  Sampler sampler;
  const OpponentEstimate sampled = sampler.estimate(position, settings).opponents[0];
  const OpponentEstimate exact = exact_riichi_danger(position, 0);
  double sa = 0, sb = 0, sab = 0, saa = 0, sbb = 0, largest = 0;
  for (int k = 0; k < kNumKinds; ++k) {
    const double a = sampled.tiles[k].deal_in;
    const double b = exact.tiles[k].deal_in;
    if (b == 0) {
      EXPECT_EQ(a, 0.0) << kind_to_string(k);
    }
    largest = std::max(largest, std::abs(a - b));
    sa += a;
    sb += b;
    sab += a * b;
    saa += a * a;
    sbb += b * b;
  }
  const double n = kNumKinds;
  const double correlation = (sab - sa * sb / n) / std::sqrt((saa - sa * sa / n) * (sbb - sb * sb / n));
  EXPECT_GT(correlation, 0.9);
  EXPECT_LT(largest, 0.09) << "correlation " << correlation;
  // The sampler favours runs, hence two-sided waits: more wait kinds per hand than the forms.
  EXPECT_GT(sa, sb);
  EXPECT_LT(sa, 1.5 * sb);
}

// The sampling loop allocates nothing once the sampler has been used (scoring calls the engine's
// scorer, which may).
TEST(Mj0SamplerTest, SamplingAllocatesNothingAfterTheFirstCall) {
  const Position position = full_position("123m456p789s1122z", {"19m5p3s1z", "2m8p", "7s"}, true);
  Sampler sampler;
  const Settings settings = quick(3000);
  sampler.estimate(position, settings);
  const long before = allocations.load();
  const Estimate& e = sampler.estimate(position, settings);
  EXPECT_EQ(allocations.load() - before, 0);
  EXPECT_EQ(e.samples, 3000);
}

TEST(Mj0SamplerTest, OverallDangerCombinesTheOpponents) {
  Estimate e;
  e.opponents.resize(2);
  e.opponents[0].tiles[4].deal_in = 0.1;
  e.opponents[1].tiles[4].deal_in = 0.2;
  e.opponents[0].tiles[4].expected_loss = 500;
  e.opponents[1].tiles[4].expected_loss = 900;
  EXPECT_DOUBLE_EQ(deal_in_probability(e, 4), 1 - 0.9 * 0.8);
  EXPECT_DOUBLE_EQ(expected_loss(e, 4), 1400);
  EXPECT_EQ(deal_in_probability(e, 5), 0.0);
}

}  // namespace
}  // namespace tenbin::mj0
