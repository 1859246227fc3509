// The expected-score / win-probability DP (bot/dp) and `tenbin nanikiru`:
// - closed forms: a tenpai hand with a waits among S tiles wins within n draws with probability
//   1 - C(S-a, n)/C(S, n) (no options), for several hands, n and S, also when a > S - n;
// - an independent Monte Carlo simulator of the same one-player game (a shuffled wall, the DP's
//   own policy asked at every draw, the win scored by engine/score) agrees with every probability
//   and expected score within 4 standard errors, for hands from 0 to 3 shanten (without options:
//   there the model is the game exactly; with hand changes its fixed edge weights overcount tiles
//   thrown earlier, see docs/dp.md);
// - the mean effective tiles of a random 13-tile hand per shanten match the published exact
//   figures (sampled, within 4 standard errors);
// - every computed value is a probability (or marked impossible) on many random hands with a
//   small S, with and without options;
// - the rules on winning edges (no yaku, no win; riichi modes), solver reuse, and the command;
// - the packed hand keys against plain counts, and the key index against std::map.
#include "bot/dp/dp.hpp"

#include <cmath>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "bot/commands/nanikiru_command.hpp"
#include "bot/dp/hand_key.hpp"
#include "bot/dp/key_index.hpp"
#include "engine/score.hpp"
#include "engine/shanten.hpp"
#include "tests/tiles_of.hpp"

namespace tenbin {
namespace {

using nlohmann::json;

// A concealed position, East round and seat, indicator 1m, flat unseen counts.
dp::Position position_of(const std::string& hand, int draws, const std::string& markers = "1m") {
  dp::Position position;
  for (const Tile tile : tiles_of(hand)) {
    ++position.hand[tile.kind()];
    if (tile.is_red()) position.red_in_hand[suit_of(tile.kind())] = true;
  }
  position.dora_markers = tiles_of(markers);
  position.draws_left = draws;
  dp::set_flat_unseen(position);
  return position;
}

dp::Options no_options(dp::RiichiMode riichi = dp::RiichiMode::automatic) {
  dp::Options options;
  options.shanten_back = false;
  options.hand_change = false;
  options.riichi = riichi;
  return options;
}

std::vector<TileCounts> random_hands(int count, int size, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<TileCounts> hands;
  std::array<int, 136> wall{};
  for (int i = 0; i < 136; ++i) wall[static_cast<std::size_t>(i)] = i / 4;
  for (int n = 0; n < count; ++n) {
    for (int i = 0; i < size; ++i) {
      std::uniform_int_distribution<int> pick(i, 135);
      std::swap(wall[static_cast<std::size_t>(i)], wall[static_cast<std::size_t>(pick(rng))]);
    }
    TileCounts hand{};
    for (int i = 0; i < size; ++i) ++hand[wall[static_cast<std::size_t>(i)]];
    hands.push_back(hand);
  }
  return hands;
}

// ---- closed forms ----

// 1 - C(S-a, n)/C(S, n), as the product of the per-draw miss odds from draw `first` on.
double closed_form(double wall, double waits, int first, int last) {
  long double miss = 1;
  for (int t = first; t < last; ++t) miss *= std::max(0.0L, (wall - waits - t) / static_cast<long double>(wall - t));
  return static_cast<double>(1 - miss);
}

struct ClosedCase {
  const char* hand;
  std::vector<int> wait_kinds;
};

TEST(DpClosedForm, TenpaiHandsWinLikeTheHypergeometricTail) {
  const std::vector<ClosedCase> cases = {
      {"1m 2m 3m 4p 5p 6p 7s 8s 9s E E 4s 5s", {parse_kind("3s"), parse_kind("6s")}},  // ryanmen
      {"1m 2m 3m 4p 5p 6p 7s 8s 9s E E E 5m", {parse_kind("5m")}},                    // tanki
      {"1m 3m 4p 5p 6p 7s 8s 9s 2s 2s P P P", {parse_kind("2m")}},                    // kanchan
      {"2m 3m 4m 5m 6m 7m 8m 4p 5p 6p 2s 3s 4s", {parse_kind("2m"), parse_kind("5m"), parse_kind("8m")}},
      {"1m 1m 4m 4m 7p 7p 9p 9p 3s 3s E E C", {parse_kind("C")}},                    // seven pairs
  };
  int checked = 0;
  for (const ClosedCase& c : cases) {
    for (const int draws : {1, 5, 12, 18}) {
      for (int variant = 0; variant < 3; ++variant) {
        dp::Position position = position_of(c.hand, draws);
        // Variants of S: the flat count, every other kind thinned to one copy, or to none but a few.
        if (variant > 0) {
          for (int kind = 0; kind < kNumKinds; ++kind) {
            const bool wait = std::find(c.wait_kinds.begin(), c.wait_kinds.end(), kind) != c.wait_kinds.end();
            if (!wait) position.weights[kind] = std::min(position.weights[kind], variant == 1 ? 1.0 : (kind % 5 == 0 ? 2.0 : 0.0));
          }
        }
        double wall = 0, waits = 0;
        for (int kind = 0; kind < kNumKinds; ++kind) wall += position.weights[kind];
        for (const int kind : c.wait_kinds) waits += position.weights[kind];
        if (wall < draws) continue;
        const dp::Result result = dp::evaluate(position, no_options());
        ASSERT_EQ(result.candidates.size(), 1u);
        const dp::Candidate& only = result.candidates[0];
        const double expected = closed_form(wall, waits, 0, draws);
        EXPECT_NEAR(only.value[1], expected, 1e-9) << c.hand << " n=" << draws << " S=" << wall << " a=" << waits;
        EXPECT_EQ(only.value[0], 1.0);
        for (int r = 1; r <= draws; ++r) {
          const double at = only.by_draws[1][static_cast<std::size_t>(r - 1)];
          if (std::isnan(at)) continue;  // the wall cannot hold the waits by then: impossible
          EXPECT_NEAR(at, closed_form(wall, waits, draws - r, draws), 1e-9) << c.hand << " r=" << r;
        }
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 50);
}

TEST(DpClosedForm, MoreWaitsThanTheWallCanMissIsACertainWin) {
  // S = 10 with 8 waits and 5 draws: at most 2 misses, so the win is certain; the bookkeeping
  // marks the later times impossible instead of patching the odds.
  dp::Position position = position_of("1m 2m 3m 4p 5p 6p 7s 8s 9s E E 4s 5s", 5);
  position.weights = {};
  position.weights[static_cast<std::size_t>(parse_kind("3s"))] = 4;
  position.weights[static_cast<std::size_t>(parse_kind("6s"))] = 4;
  position.weights[static_cast<std::size_t>(parse_kind("N"))] = 2;
  const dp::Result result = dp::evaluate(position, no_options());
  EXPECT_DOUBLE_EQ(result.candidates[0].value[1], 1.0);
  EXPECT_GT(result.impossible_entries, 0u);
  EXPECT_TRUE(std::isnan(result.candidates[0].by_draws[1][0]));  // 1 draw left (8 waits, 6 tiles): impossible
  EXPECT_DOUBLE_EQ(result.candidates[0].by_draws[1][4], 1.0);
}

TEST(DpClosedForm, FourteenTilesValueTheirDiscards) {
  const dp::Position position = position_of("1m 2m 3m 4p 5p 6p 7s 8s 9s E E 4s 5s N", 9);
  const dp::Result result = dp::evaluate(position, no_options());
  ASSERT_FALSE(result.candidates.empty());
  EXPECT_EQ(result.candidates[0].discard, parse_kind("N"));
  double wall = 0;
  for (const double w : position.weights) wall += w;
  EXPECT_NEAR(result.candidates[0].value[1], closed_form(wall, 8, 0, 9), 1e-9);
}

// ---- Monte Carlo: the same one-player game, simulated ----

struct SimulatedHand {
  const char* hand;
  int shanten;
  bool haitei;
};

class Simulator {
 public:
  Simulator(const dp::Position& position, const dp::Solver& solver, std::uint32_t seed)
      : position_(position), solver_(solver), rng_(seed) {
    for (int kind = 0; kind < kNumKinds; ++kind) {
      for (int c = 0; c < static_cast<int>(position.weights[kind]); ++c) {
        const bool red = !is_honor(kind) && kind % 9 == 4 && c == 0 && position.red_unseen[suit_of(kind)];
        wall_.push_back(Tile::of(kind, red));
      }
      wall_weight_ += position.weights[kind];
    }
  }

  // One play from the candidate's draw state; the reward under `objective`.
  double play(const dp::Candidate& start, dp::Objective objective) {
    won_ = false;
    std::shuffle(wall_.begin(), wall_.end(), rng_);
    TileCounts hand = position_.hand;
    std::array<bool, 3> red = position_.red_in_hand;
    if (start.discard >= 0) discard(hand, red, start.discard);
    std::uint32_t node = start.node;
    EXPECT_EQ(hand, solver_.hand_of(node));
    if (objective == dp::Objective::tenpai && shanten(hand) == 0) return 1;
    dp::RiichiState riichi = solver_.declares_riichi(node, 0, objective) ? dp::RiichiState::fresh : dp::RiichiState::none;
    // The score is net of the riichi deposit: paid on declaring, taken back with a win.
    const bool scoring = objective == dp::Objective::score;
    double deposit = riichi != dp::RiichiState::none && scoring ? dp::kRiichiDeposit : 0;
    const int draws = position_.draws_left;
    for (int t = 0; t < draws; ++t) {
      EXPECT_FALSE(std::isnan(solver_.value(node, t, objective))) << "the game met a state the DP marked impossible";
      const Tile tile = wall_[static_cast<std::size_t>(t)];
      const int drawn = tile.kind();
      ++hand[drawn];
      if (tile.is_red()) red[suit_of(drawn)] = true;
      const dp::Choice choice = solver_.choose(node, riichi, t, drawn, objective);
      won_ = choice.win;
      if (choice.win) return scoring ? points(hand, red, drawn, riichi, t) : 1.0;
      if (choice.next == node && tile.is_red() && hand[drawn] >= 2) {
        --hand[drawn];  // tsumogiri throws the drawn tile itself (the DP does not swap reds)
        red[suit_of(drawn)] = false;
      } else {
        discard(hand, red, choice.discard);
      }
      node = choice.next;
      EXPECT_EQ(hand, solver_.hand_of(node));
      if (riichi == dp::RiichiState::fresh) riichi = dp::RiichiState::stale;
      if (riichi == dp::RiichiState::none && choice.riichi) {
        riichi = dp::RiichiState::fresh;
        if (scoring) deposit = dp::kRiichiDeposit;
      }
      if (objective == dp::Objective::tenpai && shanten(hand) == 0) return 1;
    }
    return -deposit;
  }

  bool won() const { return won_; }  // whether the last play won

 private:
  // A five from the hand leaves as a plain copy while one is held; the red goes with the last.
  static void discard(TileCounts& hand, std::array<bool, 3>& red, int kind) {
    --hand[kind];
    if (!is_honor(kind) && kind % 9 == 4 && hand[kind] == 0) red[suit_of(kind)] = false;
  }

  double points(const TileCounts& hand, const std::array<bool, 3>& red, int drawn, dp::RiichiState riichi, int t) {
    WinningHand win;
    win.concealed = hand;
    win.win_kind = drawn;
    win.red_fives = static_cast<int>(std::count(red.begin(), red.end(), true));
    WinContext context;
    context.round_wind = position_.round_wind;
    context.seat_wind = position_.seat_wind;
    context.tsumo = true;
    context.riichi = riichi != dp::RiichiState::none;
    context.ippatsu = riichi == dp::RiichiState::fresh;
    context.haitei = position_.haitei_on_last_draw && t == position_.draws_left - 1;
    context.dora = count_dora(win, position_.dora_markers);
    context.aka_dora = win.red_fives;
    if (context.riichi) {
      // One ura indicator, drawn from the unseen weights (the model the DP takes).
      std::uniform_real_distribution<double> u(0, wall_weight_);
      double x = u(rng_);
      int kind = 0;
      while (kind < kNumKinds - 1 && x >= position_.weights[kind]) x -= position_.weights[kind++];
      const std::array<Tile, 1> ura = {Tile::of(kind)};
      context.ura_dora = count_dora(win, ura);
    }
    const ScoreOutcome outcome = score_win(win, context);
    EXPECT_TRUE(outcome.ok()) << outcome.message;
    return outcome.ok() ? outcome.score.points : 0;
  }

  dp::Position position_;
  const dp::Solver& solver_;
  std::mt19937 rng_;
  std::vector<Tile> wall_;
  double wall_weight_ = 0;
  bool won_ = false;
};

// Hands from tenpai to three shanten, two with haitei on the last draw.
const std::vector<SimulatedHand> kSimulatedHands = {
    {"2m 3m 4m 5pr 6p 7p 2s 3s 4s 6s 7s 9s 9s", 0, false},
    {"1m 2m 3m 4p 5p 6p 7s 8s E E E N N", 0, true},
    {"2m 3m 4m 5pr 6p 7p 3s 4s 6s 8s 9s 9s N", 1, false},
    {"2m 3m 4m 6m 7m 3p 4p 8p 2s 4s 9s E E", 2, true},
    {"1m 3m 3m 5mr 1p 3p 7p 1s 2s 4s 5sr 7s 8s", 3, false},
};

void check_against_simulation(const dp::Options& options, std::uint32_t seed) {
  constexpr int kTrials = 20000;
  for (const SimulatedHand& h : kSimulatedHands) {
    dp::Position position = position_of(h.hand, 12);
    position.haitei_on_last_draw = h.haitei;
    ASSERT_EQ(shanten(position.hand), h.shanten) << h.hand;
    const dp::Solver solver(position, options);
    const dp::Candidate& start = solver.result().candidates[0];
    for (int o = 0; o < dp::kObjectives; ++o) {
      Simulator simulator(position, solver, seed++);
      double sum = 0, squares = 0;
      for (int trial = 0; trial < kTrials; ++trial) {
        const double reward = simulator.play(start, static_cast<dp::Objective>(o));
        sum += reward;
        squares += reward * reward;
      }
      const double mean = sum / kTrials;
      const double error = std::sqrt(std::max(0.0, squares / kTrials - mean * mean) / kTrials);
      EXPECT_NEAR(mean, start.value[o], 4 * error + 1e-9)
          << h.hand << " objective " << o << ": simulated " << mean << " +- " << error << ", DP " << start.value[o];
    }
  }
}

TEST(DpMonteCarlo, SimulatedGameAgreesWithoutOptions) { check_against_simulation(no_options(), 1); }

// The win odds of the score objective's own choices: the share of the simulated games played by
// those choices that win, for every hand above, with and without options; below the fastest
// policy's odds, and apart from them where value and speed part (docs/dp.md, "One policy's odds").
void check_score_policy_against_simulation(dp::Options options, std::uint32_t seed) {
  std::vector<SimulatedHand> hands = kSimulatedHands;
  // Hands whose value (a flush, the dora 2m) parts from their speed.
  hands.push_back({"1m 2m 2m 3m 5m 6m 7m 9m 9m 3p 6s E E", 2, false});
  hands.push_back({"1s 2s 3s 4s 5s 6s 7s 9s 9s 2m 5p E S", 2, false});
  options.score_policy_win = true;
  constexpr int kTrials = 20000;
  int apart = 0;
  for (const SimulatedHand& h : hands) {
    dp::Position position = position_of(h.hand, 12);
    position.haitei_on_last_draw = h.haitei;
    const dp::Solver solver(position, options);
    const dp::Candidate& start = solver.result().candidates[0];
    ASSERT_EQ(start.score_policy_win.size(), 12u) << h.hand;
    Simulator simulator(position, solver, seed++);
    int wins = 0;
    for (int trial = 0; trial < kTrials; ++trial) {
      simulator.play(start, dp::Objective::score);
      wins += simulator.won() ? 1 : 0;
    }
    const double share = static_cast<double>(wins) / kTrials;
    const double error = std::sqrt(share * (1 - share) / kTrials);
    const double figure = start.score_policy_win.back();
    EXPECT_NEAR(share, figure, 4 * error + 1e-9) << h.hand << ": simulated " << share << " +- " << error << ", DP " << figure;
    const double fastest = start.value[static_cast<int>(dp::Objective::win)];
    EXPECT_LE(figure, fastest + 1e-6) << h.hand;
    if (fastest - figure > 4 * error) ++apart;
  }
  EXPECT_GT(apart, 0) << "no hand where the score policy wins less often than the fastest: the test cannot tell them apart";
}

TEST(DpMonteCarlo, TheScorePolicysWinOddsAgreeWithItsGameWithoutOptions) {
  check_score_policy_against_simulation(no_options(), 50);
}

TEST(DpMonteCarlo, TheScorePolicysWinOddsAgreeWithItsGameWithBothOptions) {
  check_score_policy_against_simulation(dp::Options{}, 1050);
}

// Every candidate's figure, at every number of draws left, is a probability; without options
// (where no time the game reaches is impossible) no higher than the fastest policy's. It is only
// made when asked, and not with calls.
TEST(DpScorePolicy, OddsAreBoundedByTheFastestPolicysAndOnlyMadeWhenAsked) {
  for (dp::Options asked : {no_options(), dp::Options{}}) {
    const bool bounded = !asked.hand_change && !asked.shanten_back;
    asked.score_policy_win = true;
    for (const TileCounts& hand : random_hands(40, 14, 77)) {
      dp::Position position;
      position.hand = hand;
      position.dora_markers = tiles_of("1m");
      position.draws_left = 10;
      dp::set_flat_unseen(position);
      if (shanten(hand) > 3) continue;
      const dp::Result result = dp::evaluate(position, asked);
      for (const dp::Candidate& c : result.candidates) {
        if (!c.evaluated) continue;
        ASSERT_EQ(c.score_policy_win.size(), 10u);
        const auto& fastest = c.by_draws[static_cast<int>(dp::Objective::win)];
        for (std::size_t r = 0; r < 10; ++r) {
          EXPECT_GE(c.score_policy_win[r], 0);
          EXPECT_LE(c.score_policy_win[r], 1 + 1e-6);
          if (bounded) {
            EXPECT_LE(c.score_policy_win[r], fastest[r] + 1e-6) << r << " draws left";
          }
        }
      }
    }
  }
  const dp::Result plain = dp::evaluate(position_of("2m 3m 4m 6m 7m 3p 4p 8p 2s 4s 9s E E N", 8), dp::Options{});
  for (const dp::Candidate& c : plain.candidates) EXPECT_TRUE(c.score_policy_win.empty());
  dp::Options asked;
  asked.score_policy_win = true;
  dp::Position open = position_of("2m 3m 4m 6m 7m 3p 4p 8p 2s 4s 9s", 8);
  open.melds.push_back(Meld::make(MeldType::pon, Tile::of(kinds::east), tiles_of("E E"), 1));
  dp::set_flat_unseen(open);
  open.pon_offer_rate.fill(0.1);
  const dp::Result with_calls = dp::evaluate(open, asked);
  for (const dp::Candidate& c : with_calls.candidates) EXPECT_TRUE(c.score_policy_win.empty());
}

// With a hand change the model's fixed weights overcount tiles thrown earlier (docs/dp.md); the
// bias is well inside the sampling error at this size (about a quarter of one error on tenpai).
TEST(DpMonteCarlo, SimulatedGameAgreesWithBothOptions) { check_against_simulation(dp::Options{}, 1000); }

// ---- effective tiles of random hands ----

TEST(DpUkeire, MeanEffectiveTilesPerShantenMatchTheExactFigures) {
  // The exact means for dealt 13-tile hands ("配牌時有効牌の枚数", https://tomohxx.hatenablog.com/),
  // counting only the hand as seen.
  constexpr std::array<double, 7> kExact = {4.5843, 12.2671, 23.3215, 40.4909, 60.6136, 77.8174, 100.154};
  constexpr int kHands = 1500000;
  constexpr int kCap = 20000;  // ukeire computed for at most this many hands per shanten
  std::array<double, 7> sum{}, squares{};
  std::array<int, 7> count{};
  std::mt19937 rng(2024);
  std::array<int, 136> wall{};
  for (int i = 0; i < 136; ++i) wall[static_cast<std::size_t>(i)] = i / 4;
  for (int n = 0; n < kHands; ++n) {
    TileCounts hand{};
    for (int i = 0; i < 13; ++i) {
      std::uniform_int_distribution<int> pick(i, 135);
      std::swap(wall[static_cast<std::size_t>(i)], wall[static_cast<std::size_t>(pick(rng))]);
      ++hand[wall[static_cast<std::size_t>(i)]];
    }
    const int s = shanten(hand);
    if (count[static_cast<std::size_t>(s)] >= kCap) continue;
    const double tiles = ukeire(hand, hand).total;
    ++count[static_cast<std::size_t>(s)];
    sum[static_cast<std::size_t>(s)] += tiles;
    squares[static_cast<std::size_t>(s)] += tiles * tiles;
  }
  for (std::size_t s = 0; s < kExact.size(); ++s) {
    ASSERT_GT(count[s], 50) << "shanten " << s;
    const double mean = sum[s] / count[s];
    const double error = std::sqrt((squares[s] / count[s] - mean * mean) / count[s]);
    EXPECT_NEAR(mean, kExact[s], 4 * error) << "shanten " << s << " from " << count[s] << " hands";
  }
}

TEST(DpUkeire, CandidatesCountTheSameEffectiveTilesAsTheEngine) {
  int checked = 0;
  for (const TileCounts& hand : random_hands(400, 13, 77)) {
    if (shanten(hand) > 2) continue;
    dp::Position position;
    position.hand = hand;
    position.draws_left = 1;
    dp::set_flat_unseen(position);
    const dp::Result result = dp::evaluate(position, no_options());
    EXPECT_DOUBLE_EQ(result.candidates[0].ukeire, ukeire(hand, hand).total);
    ++checked;
  }
  EXPECT_GT(checked, 20);
}

// ---- probabilities stay probabilities ----

TEST(DpBounds, EveryValueIsAProbabilityOnSmallWalls) {
  std::mt19937 rng(99);
  int solved = 0;
  std::size_t impossible = 0;
  for (const TileCounts& hand : random_hands(400, 14, 5)) {
    if (shanten(hand) > 2) continue;
    dp::Position position;
    position.hand = hand;
    dp::set_flat_unseen(position);
    double wall = 0;
    for (int kind = 0; kind < kNumKinds; ++kind) {
      position.weights[kind] = std::min<double>(position.weights[kind], static_cast<double>(rng() % 3));
      wall += position.weights[kind];
    }
    if (wall < 2) continue;
    position.draws_left = 1 + static_cast<int>(rng() % static_cast<unsigned>(std::min(18.0, wall)));
    dp::Options options;
    options.shanten_back = rng() % 2 == 0;
    options.hand_change = rng() % 2 == 0;
    const dp::Solver solver(position, options);
    const dp::Result& result = solver.result();
    impossible += result.impossible_entries;
    for (std::uint32_t node = 0; node < result.draw_states; ++node) {
      for (int t = 0; t <= position.draws_left; ++t) {
        for (int o = 0; o < dp::kObjectives; ++o) {
          const double v = solver.value(node, t, static_cast<dp::Objective>(o));
          if (std::isnan(v)) continue;  // marked impossible
          ASSERT_GE(v, 0);
          if (o < 2) {
            ASSERT_LE(v, 1 + 1e-12);
          }
        }
      }
    }
    for (const dp::Candidate& c : result.candidates) {
      if (!c.evaluated) continue;
      EXPECT_LE(c.value[0], 1 + 1e-12);
      EXPECT_LE(c.value[1], c.value[0] + 1e-12);  // a win needs tenpai first
      EXPECT_GE(c.value[2], 0);
    }
    ++solved;
  }
  EXPECT_GT(solved, 40);
  RecordProperty("impossible_entries", static_cast<int>(impossible));
}

// ---- rules on the winning edges ----

TEST(DpRules, OpenHandWithoutYakuCannotWin) {
  const auto open_position = [](const char* pon_tile) {
    dp::Position position = position_of("2m 3m 4m 6p 7p 8p 3s 4s 5s 2s", 8);
    const Tile called = parse_tile(pon_tile);
    const std::vector<Tile> consumed = {called, called};
    position.melds = {Meld::make(MeldType::pon, called, consumed, 1)};
    dp::set_flat_unseen(position);
    return dp::evaluate(position, no_options());
  };
  const dp::Result no_yaku = open_position("9m");
  EXPECT_EQ(no_yaku.candidates[0].value[0], 1.0);
  EXPECT_EQ(no_yaku.candidates[0].value[1], 0.0);
  EXPECT_EQ(no_yaku.candidates[0].value[2], 0.0);
  const dp::Result haku = open_position("P");
  EXPECT_GT(haku.candidates[0].value[1], 0.1);
  EXPECT_GT(haku.candidates[0].value[2], 0.0);
}

TEST(DpRules, RiichiModes) {
  // A closed tenpai with no yaku but tsumo: riichi adds han (and ura), so always >= never, and
  // auto takes the better per objective.
  const dp::Position position = position_of("1m 2m 3m 4p 5p 6p 7s 8s 9s E E 4s 5s", 10);
  const double never = dp::evaluate(position, no_options(dp::RiichiMode::never)).candidates[0].value[2];
  const double always = dp::evaluate(position, no_options(dp::RiichiMode::always)).candidates[0].value[2];
  const double automatic = dp::evaluate(position, no_options()).candidates[0].value[2];
  EXPECT_GT(always, never * 1.3);
  EXPECT_GE(automatic, std::max(always, never) - 1e-9);
}

TEST(DpRules, AHandChangeAtTenpaiCanGainAYaku) {
  // Open (pon of 9p), tenpai on 2p-5p without a yaku: no winning edge. Drawing a third red
  // dragon and letting 3p or 4p go changes to a tanki wait with a yakuhai triplet: narrower, so
  // only a change that may also raise the score finds it; the DP then wins with it.
  dp::Position position = position_of("2m 3m 4m 5s 6s 7s 3p 4p C C", 10);
  const Tile called = parse_tile("9p");
  const std::vector<Tile> consumed = {called, called};
  position.melds = {Meld::make(MeldType::pon, called, consumed, 2)};
  dp::set_flat_unseen(position);
  EXPECT_EQ(dp::evaluate(position, no_options()).candidates[0].value[1], 0.0);
  dp::Options changes = no_options();
  changes.hand_change = true;
  const dp::Candidate changed = dp::evaluate(position, changes).candidates[0];
  EXPECT_GT(changed.value[1], 0.01);
  EXPECT_GT(changed.value[2], 0.0);
  // The policy takes the change: after drawing C it lets a 3p or 4p go and then wins on the other.
  const dp::Solver solver(position, changes);
  const dp::Choice choice = solver.choose(solver.result().candidates[0].node, dp::RiichiState::none, 0,
                                          parse_kind("C"), dp::Objective::score);
  EXPECT_FALSE(choice.win);
  EXPECT_TRUE(choice.discard == parse_kind("3p") || choice.discard == parse_kind("4p")) << choice.discard;
}

// The engine's points for `hand` (13 tiles) winning on `win` in the East round as East (the
// dealer), by tsumo or by ron off the next seat, dora by the position's indicators; with riichi,
// ippatsu and `ura` ura dora when `declared`. 0 when it does not score.
int engine_points(const dp::Position& position, const std::string& win, bool tsumo, bool declared, int ura = 0) {
  WinningHand hand;
  hand.concealed = position.hand;
  hand.win_kind = parse_kind(win);
  ++hand.concealed[hand.win_kind];
  WinContext context;
  context.round_wind = kinds::east;
  context.seat_wind = kinds::east;
  context.tsumo = tsumo;
  context.discarder = tsumo ? 0 : 1;
  context.riichi = declared;
  context.ippatsu = declared;
  context.ura_dora = ura;
  context.dora = count_dora(hand, position.dora_markers);
  const ScoreOutcome outcome = score_win(hand, context);
  return outcome.ok() ? outcome.score.points : 0;
}

// One draw from a wall of two weights, the winning `win` and a useless C; the indicator 9p (no
// dora held) unless given, no red five to draw.
dp::Position one_draw_for(const std::string& hand, const std::string& win, const std::string& markers = "9p") {
  dp::Position position = position_of(hand, 1, markers);
  position.red_unseen = {};
  position.weights = {};
  position.weights[parse_kind(win)] = 1;
  position.weights[parse_kind("C")] = 1;
  return position;
}

TEST(DpRules, AWinIsWorthWhatTheEngineScoresWithItsDora) {
  // One draw from a wall of two weights, the winning 4m and a useless C: the expected score is
  // half the engine's points for that tsumo with its three dora (indicator 3m: menzen tsumo,
  // sanankou and three dora, a dealer's haneman), counted on the best reading with the dora
  // (score_readings lists them all).
  const dp::Position position = one_draw_for("2m 2m 2m 3m 3m 3m 4m 4m 5p 6p 7p 9s 9s", "4m", "3m");
  const dp::Candidate only = dp::evaluate(position, no_options(dp::RiichiMode::never)).candidates[0];
  const int points = engine_points(position, "4m", true, false);
  ASSERT_EQ(points, 18000);
  EXPECT_NEAR(only.value[1], 0.5, 1e-12);
  EXPECT_NEAR(only.value[2], 0.5 * points, 1e-6);
}

// ---- rons priced apart (Options::ron_share) ----

TEST(DpRons, ADamaWinIsPricedAtItsShareOfRonsAndTsumo) {
  // Tanyao pinfu waiting on 5s-8s, 5s the only winning draw: the dealer's ron is 2 han 30 fu
  // (2,900), the tsumo 3 han 20 fu (1,300 all, 3,900). With 70% of the wins by ron, the
  // expected score is half the wins' 0.3 tsumo + 0.7 ron; the odds do not move.
  const dp::Position position = one_draw_for("2m 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8p 8p", "5s");
  const int tsumo = engine_points(position, "5s", true, false);
  const int ron = engine_points(position, "5s", false, false);
  ASSERT_EQ(tsumo, 3900);
  ASSERT_EQ(ron, 2900);
  dp::Options options = no_options(dp::RiichiMode::never);
  const dp::Candidate all_tsumo = dp::evaluate(position, options).candidates[0];
  options.ron_share.without_riichi = 0.7;
  const dp::Candidate with_rons = dp::evaluate(position, options).candidates[0];
  EXPECT_NEAR(all_tsumo.value[2], 0.5 * tsumo, 1e-3);
  EXPECT_NEAR(with_rons.value[2], 0.5 * (0.3 * tsumo + 0.7 * ron), 1e-3);
  EXPECT_NEAR(with_rons.value[1], all_tsumo.value[1], 1e-12);
  // The riichi share does not price a hand that wins without riichi.
  options.ron_share.riichi = 0.1;
  EXPECT_NEAR(dp::evaluate(position, options).candidates[0].value[2], with_rons.value[2], 1e-9);
}

TEST(DpRons, ADamaRonWithoutAYakuLeavesTheWinsToTsumo) {
  // Waiting on 3s-6s with no yaku but menzen tsumo (the pair of East is no pinfu): dama, the wins
  // are tsumo wins whatever the share.
  const dp::Position position = one_draw_for("1m 2m 3m 4p 5p 6p 7s 8s 9s E E 4s 5s", "3s");
  ASSERT_EQ(engine_points(position, "3s", false, false), 0);
  dp::Options options = no_options(dp::RiichiMode::never);
  const double all_tsumo = dp::evaluate(position, options).candidates[0].value[2];
  options.ron_share.without_riichi = 0.7;
  EXPECT_NEAR(dp::evaluate(position, options).candidates[0].value[2], all_tsumo, 1e-9);
  EXPECT_NEAR(all_tsumo, 0.5 * engine_points(position, "3s", true, false), 1e-3);
}

TEST(DpRons, ARiichiWinIsPricedAtItsShareOfRonsWithTheUraIndicator) {
  // Declared with the discard, the one draw is the ippatsu draw. The ura indicator is drawn from
  // the same two weights: the winning kind's points at the next, C at P (none held). For both hands (the second's
  // ron has riichi as its only yaku), the expected score is half the wins' 0.6 tsumo + 0.4 ron,
  // each over the ura dora, plus the deposit back on a win, less the deposit.
  for (const auto& [hand, win] : {std::pair<std::string, std::string>{"2m 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8p 8p", "5s"},
                                  {"1m 2m 3m 4p 5p 6p 7s 8s 9s E E 4s 5s", "3s"}}) {
    SCOPED_TRACE(hand);
    dp::Position position = one_draw_for(hand, win);
    dp::Options options = no_options(dp::RiichiMode::always);
    options.ron_share.riichi = 0.4;
    options.ron_share.without_riichi = 0.9;  // not a riichi's share
    const dp::Candidate declared = dp::evaluate(position, options).candidates[0];
    // The ura dora the hand would hold with the win, for each indicator.
    TileCounts won = position.hand;
    ++won[parse_kind(win)];
    double expected = 0;
    for (const auto& [indicator, weight] : {std::pair<std::string, double>{win, 0.5}, {"C", 0.5}}) {
      const int ura = won[dora_from_indicator(parse_kind(indicator))];
      const int tsumo = engine_points(position, win, true, true, ura);
      const int ron = engine_points(position, win, false, true, ura);
      ASSERT_GT(ron, 0);
      ASSERT_GT(tsumo, ron);  // menzen tsumo's han, or pinfu's 20 fu against 30
      expected += weight * (0.6 * tsumo + 0.4 * ron);
    }
    EXPECT_NEAR(declared.value[2], 0.5 * (expected + dp::kRiichiDeposit) - dp::kRiichiDeposit, 1e-3);
  }
}

TEST(DpRules, AWinCollectsTheHonbaAndTheSticks) {
  // Dama only, so that the riichi deposit plays no part: every win adds 300 per honba and 1000
  // per stick, so the expected score grows by exactly P(win) * 1600 for two honba and one stick.
  dp::Position position = position_of("1m 2m 3m 4p 5p 6p 7s 8s 9s E E 4s 5s", 10);
  const dp::Candidate plain = dp::evaluate(position, no_options(dp::RiichiMode::never)).candidates[0];
  position.honba = 2;
  position.riichi_sticks = 1;
  const dp::Candidate with_sticks = dp::evaluate(position, no_options(dp::RiichiMode::never)).candidates[0];
  EXPECT_NEAR(with_sticks.value[1], plain.value[1], 1e-12);
  EXPECT_NEAR(with_sticks.value[2] - plain.value[2], plain.value[1] * 1600, 0.01);
}

TEST(DpRules, ARiichiThatMayNotWinCostsItsDeposit) {
  // One draw left and a single wait among many unseen tiles: forced riichi mostly loses its
  // 1000, so its expected score is below zero, while auto keeps the hand dama. Under forced
  // riichi a stick on the table is worth 1000 * P(win) more, its deposit included.
  dp::Position position = position_of("1m 2m 3m 4p 5p 6p 7s 8s 9s E E 4s 5s", 1);
  const dp::Candidate forced = dp::evaluate(position, no_options(dp::RiichiMode::always)).candidates[0];
  const dp::Candidate automatic = dp::evaluate(position, no_options()).candidates[0];
  const double win = forced.value[1];
  EXPECT_GT(win, 0);
  EXPECT_LT(forced.value[2], 0);
  EXPECT_NEAR(automatic.value[2], dp::evaluate(position, no_options(dp::RiichiMode::never)).candidates[0].value[2], 1e-9);
  position.riichi_sticks = 1;
  const dp::Candidate with_stick = dp::evaluate(position, no_options(dp::RiichiMode::always)).candidates[0];
  EXPECT_NEAR(with_stick.value[2] - forced.value[2], 1000 * win, 0.01);
}

TEST(DpRules, OptionsOnlyAddChoices) {
  for (const char* hand : {"2m 3m 4m 5pr 6p 7p 3s 4s 6s 8s 9s 9s E N", "3m 4m 5m 2p 3p 4p 5pr 7p 8p 6s 7s P P F"}) {
    const dp::Position position = position_of(hand, 12);
    const dp::Result plain = dp::evaluate(position, no_options());
    const dp::Result both = dp::evaluate(position, dp::Options{});
    EXPECT_GT(both.draw_states, plain.draw_states);
    // The best plain candidate is still there, valued at least as high with more choices.
    for (const dp::Candidate& c : both.candidates) {
      if (c.discard != plain.candidates[0].discard) continue;
      for (int o = 0; o < dp::kObjectives; ++o) EXPECT_GE(c.value[o], plain.candidates[0].value[o] - 1e-9);
    }
    EXPECT_EQ(both.impossible_entries, 0u);
    // Any change at 1-shanten too: a superset of the widest, so nothing is valued lower.
    dp::Options any;
    any.any_change_before_tenpai = true;
    const dp::Result wider = dp::evaluate(position, any);
    EXPECT_GE(wider.draw_states, both.draw_states);
    EXPECT_GE(wider.candidates[0].value[2], both.candidates[0].value[2] - 1e-9);
  }
}

TEST(DpSolver, ReuseGivesTheSameAnswers) {
  const dp::Position first = position_of("2m 3m 4m 6m 7m 3p 4p 7p 8p 2s 4s 9s E E", 15);
  const dp::Position second = position_of("3m 4m 5m 2p 3p 4p 5pr 7p 8p 6s 7s P P F", 6);
  dp::Solver solver;
  const dp::Result a = solver.solve(first, dp::Options{});
  solver.solve(second, dp::Options{});
  const dp::Result b = solver.solve(first, dp::Options{});
  ASSERT_EQ(a.candidates.size(), b.candidates.size());
  EXPECT_EQ(a.draw_states, b.draw_states);
  for (std::size_t i = 0; i < a.candidates.size(); ++i) {
    EXPECT_EQ(a.candidates[i].discard, b.candidates[i].discard);
    EXPECT_EQ(a.candidates[i].value, b.candidates[i].value);
  }
}

TEST(DpSolver, ManyReusesGiveTheFreshAnswers) {
  // Forty solves on one solver, past the points where its hash indexes reuse and then wipe their
  // slots (a new generation per solve, a wipe every 15), each equal to a fresh solver's.
  const std::array<dp::Position, 2> positions = {position_of("2m 3m 4m 6m 7m 3p 4p 7p 8p 2s 4s 9s E E", 9),
                                                 position_of("3m 4m 5m 2p 3p 4p 5pr 7p 8p 6s 7s P P F", 6)};
  std::array<dp::Result, 2> fresh = {dp::evaluate(positions[0], dp::Options{}), dp::evaluate(positions[1], dp::Options{})};
  dp::Solver solver;
  for (int round = 0; round < 40; ++round) {
    const std::size_t which = static_cast<std::size_t>(round % 2);
    const dp::Result& again = solver.solve(positions[which], dp::Options{});
    ASSERT_EQ(again.draw_states, fresh[which].draw_states) << "round " << round;
    ASSERT_EQ(again.candidates.size(), fresh[which].candidates.size());
    for (std::size_t c = 0; c < again.candidates.size(); ++c) {
      EXPECT_EQ(again.candidates[c].discard, fresh[which].candidates[c].discard);
      EXPECT_EQ(again.candidates[c].value, fresh[which].candidates[c].value) << "round " << round;
    }
  }
}

// ---- the command ----

std::vector<json> serve(const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  serve_nanikiru(in, out);
  std::vector<json> rows;
  std::istringstream lines(out.str());
  std::string line;
  while (std::getline(lines, line)) rows.push_back(json::parse(line));
  return rows;
}

TEST(NanikiruCommand, RowsPerCandidateBestFirst) {
  const std::string request =
      R"({"hand":["2m","3m","4m","5pr","6p","7p","3s","4s","6s","8s","9s","9s","E","N"],"bakaze":"E","jikaze":"S",)"
      R"("dora_markers":["1m"],"draws_left":12,"options":{"shanten_back":true,"hand_change":false,"riichi":"auto"}})";
  const std::vector<json> rows = serve(request + "\n");
  ASSERT_EQ(rows.size(), 13u);  // one per distinct kind
  double previous = 1e18;
  bool saw_back = false;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const json& row = rows[i];
    EXPECT_EQ(row.at("request"), 1);
    EXPECT_EQ(row.at("rank"), i + 1);
    EXPECT_EQ(row.at("of"), 13);
    ASSERT_TRUE(row.at("evaluated").get<bool>());  // shanten 1 or 2: all valued with backs on
    const double score = row.at("exp_score").get<double>();
    EXPECT_LE(score, previous);
    previous = score;
    ASSERT_EQ(row.at("win_prob_by_draws").size(), 12u);
    EXPECT_DOUBLE_EQ(row.at("win_prob_by_draws").back().get<double>(), row.at("win_prob").get<double>());
    EXPECT_LE(row.at("win_prob").get<double>(), row.at("tenpai_prob").get<double>());
    saw_back = saw_back || row.at("shanten_back").get<bool>();
  }
  EXPECT_TRUE(saw_back);
  EXPECT_EQ(rows[0].at("shanten"), 1);
  EXPECT_EQ(rows[0].at("ukeire"), 12);
}

TEST(NanikiruCommand, ThirteenTilesGiveOneRowAndUnseenWeightsCount) {
  const std::string hand = R"("hand":["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","4s","5s"],"bakaze":"E","jikaze":"E")";
  const std::vector<json> rows = serve("{" + hand + R"(,"draws_left":4,"unseen":{"3s":2,"6s":2,"N":6}})" + "\n");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_TRUE(rows[0].at("discard").is_null());
  EXPECT_NEAR(rows[0].at("win_prob").get<double>(), closed_form(10, 4, 0, 4), 1e-9);
  EXPECT_EQ(rows[0].at("ukeire"), 4);
}

TEST(NanikiruCommand, BadLinesGetErrorsAndTheNextLineIsAnswered) {
  const std::string good = R"({"hand":["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","4s","5s"],"bakaze":"E","jikaze":"E"})";
  const std::string input = std::string("not json\n") + R"({"bakaze":"E","jikaze":"E"})" "\n" +
                            R"({"hand":["1m","1m","1m","1m","1m"],"bakaze":"E","jikaze":"E"})" "\n" +
                            R"({"hand":["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","4s","5s"],"bakaze":"E","jikaze":"E","draws_left":19})" "\n" +
                            R"({"hand":["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","4s","5s"],"bakaze":"E","jikaze":"E","options":{"riichi":"maybe"}})" "\n" +
                            good + "\n";
  const std::vector<json> rows = serve(input);
  ASSERT_EQ(rows.size(), 6u);
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_TRUE(rows[i].contains("error")) << rows[i].dump();
    EXPECT_EQ(rows[i].at("request"), i + 1);
  }
  EXPECT_FALSE(rows[5].contains("error"));
  EXPECT_EQ(rows[5].at("request"), 6);
}

// A log as seat 0 sees it: the deal of "2m 3m 4m 5pr 6p 7p 3s 4s 6s 8s 9s 9s N" (East 1, dealer
// seat 0, indicator 1m) with the sticks given, then `events`.
std::string log_after_deal(int honba, int kyotaku, const std::vector<std::string>& events) {
  const std::string hidden = R"(["?","?","?","?","?","?","?","?","?","?","?","?","?"])";
  std::string text = R"({"type":"start_game","id":0,"names":["a","b","c","d"]})" "\n";
  text += R"({"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":)" + std::to_string(honba) +
          R"(,"kyotaku":)" + std::to_string(kyotaku) + R"(,"oya":0,"dora_marker":"1m",)" +
          R"("tehais":[["2m","3m","4m","5pr","6p","7p","3s","4s","6s","8s","9s","9s","N"],)" + hidden + "," +
          hidden + "," + hidden + "]}\n";
  for (const std::string& line : events) text += line + "\n";
  return text;
}

TEST(NanikiruCommand, PositionAtTheEndOfALog) {
  const std::vector<std::string> log = {
      R"({"type":"tsumo","actor":0,"pai":"E"})",
      R"({"type":"dahai","actor":0,"pai":"N","tsumogiri":false})",
      R"({"type":"tsumo","actor":1,"pai":"?"})",
      R"({"type":"dahai","actor":1,"pai":"9s","tsumogiri":true})",
      R"({"type":"tsumo","actor":2,"pai":"?"})",
      R"({"type":"dahai","actor":2,"pai":"C","tsumogiri":true})",
      R"({"type":"tsumo","actor":3,"pai":"?"})",
      R"({"type":"dahai","actor":3,"pai":"C","tsumogiri":true})",
      R"({"type":"tsumo","actor":0,"pai":"7s"})",
  };
  const std::string text = log_after_deal(0, 0, log);
  std::istringstream in(text);
  const NanikiruQuery query = nanikiru_query_from_log(in, 0, dp::Options{});
  EXPECT_EQ(total_tiles(query.position.hand), 14);
  EXPECT_TRUE(query.position.red_in_hand[1]);
  EXPECT_EQ(query.position.unseen_copies[static_cast<std::size_t>(parse_kind("9s"))], 1);  // two held, one in a river
  EXPECT_EQ(query.position.unseen_copies[static_cast<std::size_t>(parse_kind("C"))], 2);
  EXPECT_EQ(query.position.unseen_copies[static_cast<std::size_t>(parse_kind("1m"))], 3);  // the indicator
  // 70 - 5 draws leave 65 live tiles; seat 0 draws at positions 3, 7, ...: 16 more draws.
  EXPECT_EQ(query.position.draws_left, 16);
  EXPECT_FALSE(query.position.haitei_on_last_draw);
  std::istringstream again(text);
  std::ostringstream out;
  EXPECT_EQ(serve_nanikiru_log(again, out, 0, dp::Options{}), 0);
  EXPECT_NE(out.str().find("\"rank\":1"), std::string::npos);
}

TEST(NanikiruCommand, AHandInRiichiListsOnlyItsTsumogiri) {
  const std::vector<std::string> log = {
      R"({"type":"tsumo","actor":0,"pai":"7s"})",
      R"({"type":"reach","actor":0})",
      R"({"type":"dahai","actor":0,"pai":"N","tsumogiri":false})",
      R"({"type":"reach_accepted","actor":0})",
      R"({"type":"tsumo","actor":1,"pai":"?"})",
      R"({"type":"dahai","actor":1,"pai":"9p","tsumogiri":true})",
      R"({"type":"tsumo","actor":2,"pai":"?"})",
      R"({"type":"dahai","actor":2,"pai":"C","tsumogiri":true})",
      R"({"type":"tsumo","actor":3,"pai":"?"})",
      R"({"type":"dahai","actor":3,"pai":"C","tsumogiri":true})",
      R"({"type":"tsumo","actor":0,"pai":"1p"})",
  };
  std::istringstream in(log_after_deal(1, 1, log));
  const NanikiruQuery query = nanikiru_query_from_log(in, 0, dp::Options{});
  EXPECT_TRUE(query.position.in_riichi);
  EXPECT_FALSE(query.position.ippatsu);  // this draw was the ippatsu draw
  EXPECT_EQ(query.position.honba, 1);
  EXPECT_EQ(query.position.riichi_sticks, 1);  // two on the table, one of them our own deposit
  const dp::Result result = dp::evaluate(query.position, query.options);
  ASSERT_EQ(result.candidates.size(), 1u);
  EXPECT_EQ(result.candidates[0].discard, parse_kind("1p"));
  EXPECT_GT(result.candidates[0].value[1], 0);
  EXPECT_EQ(result.candidates[0].value[0], 1);
}


// ---- hand keys and the key index ----

TileCounts random_counts(std::mt19937& rng) {
  TileCounts counts{};
  std::uniform_int_distribution<int> kind(0, kNumKinds - 1);
  for (int n = 0; n < 14;) {
    const int k = kind(rng);
    if (counts[static_cast<std::size_t>(k)] == kCopiesPerKind) continue;
    ++counts[static_cast<std::size_t>(k)];
    ++n;
  }
  return counts;
}

TEST(DpHandKey, PackedCountsReadBackAndTileStepsMatchARepack) {
  std::mt19937 rng(7);
  for (int n = 0; n < 2000; ++n) {
    const TileCounts counts = random_counts(rng);
    const dp::HandKey key = dp::key_of(counts);
    ASSERT_EQ(dp::counts_of(key), counts);
    for (int k = 0; k < kNumKinds; ++k) {
      TileCounts more = counts;
      if (more[static_cast<std::size_t>(k)] < kCopiesPerKind) {
        ++more[static_cast<std::size_t>(k)];
        dp::HandKey added = key;
        dp::add_kind(added, k);
        ASSERT_EQ(added, dp::key_of(more)) << "kind " << k;
      }
      if (counts[static_cast<std::size_t>(k)] > 0) {
        TileCounts fewer = counts;
        --fewer[static_cast<std::size_t>(k)];
        dp::HandKey removed = key;
        dp::remove_kind(removed, k);
        ASSERT_EQ(removed, dp::key_of(fewer)) << "kind " << k;
      }
    }
    // Flags sit beside the counts and leave them alone.
    dp::HandKey flagged = key;
    flagged.hi |= dp::kChangedFlag | dp::red_flag(2);
    EXPECT_EQ(dp::hand_of_key(flagged), counts);
    EXPECT_EQ(dp::flags_of(flagged), dp::kChangedFlag | dp::red_flag(2));
    // So does a laid-down meld's code, which reads back whole beside the opened flag and a
    // winning kind, and leaves the other flags alone.
    const int code = 1 + n % 55;
    dp::HandKey with_meld = dp::with_meld_code(dp::opened(flagged), code);
    with_meld.hi |= std::uint64_t{33} << dp::kWinKindShift;
    EXPECT_EQ(dp::meld_code(with_meld), code);
    EXPECT_EQ(dp::hand_of_key(with_meld), counts);
    EXPECT_TRUE(dp::is_opened(with_meld));
    EXPECT_EQ(dp::counts_and_meld(with_meld), dp::with_meld_code(key, code));
    dp::HandKey without_meld = dp::opened(flagged);
    without_meld.hi |= std::uint64_t{33} << dp::kWinKindShift;
    EXPECT_EQ(dp::with_meld_code(with_meld, 0), without_meld);
  }
}

TEST(DpKeyIndex, AgreesWithAMapThroughGrowthAndClears) {
  std::mt19937 rng(11);
  dp::KeyIndex index;
  for (int round = 0; round < 40; ++round) {  // past the generations' wrap
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint32_t> expected;
    index.clear();
    const int keys = round % 5 == 0 ? 5000 : 300;  // some rounds grow the table
    for (int n = 0; n < keys; ++n) {
      dp::HandKey key = dp::key_of(random_counts(rng));
      if (n % 3 == 0) key.hi |= dp::kImprovingFlag;
      if (n % 4 == 1) key = dp::with_meld_code(dp::opened(key), 1 + n % 55);  // every bit a key may use
      const auto fresh = static_cast<std::uint32_t>(expected.size());
      const auto [id, inserted] = index.find_or_insert(key, fresh);
      const auto [it, is_new] = expected.try_emplace({key.lo, key.hi}, fresh);
      ASSERT_EQ(inserted, is_new);
      ASSERT_EQ(id, it->second);
    }
    for (const auto& [words, id] : expected) {
      ASSERT_EQ(index.find_or_insert(dp::HandKey{words.first, words.second}, 0x3FFFFFu).first, id);
    }
  }
}

}  // namespace
}  // namespace tenbin
