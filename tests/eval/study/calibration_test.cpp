// The opponent-model evaluation: forecast metrics on hand-computed inputs, the rule table's
// categories on constructed rivers, the baselines' fitted rates and combined forecasts, the
// discards collected from an in-process game against an independent count of its deal-ins, and
// the wall experiment's scoring.
#include "eval/study/calibration.hpp"

#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bot/strategy/policy.hpp"
#include "bot/strategy/self_play.hpp"
#include "engine/game.hpp"
#include "engine/table.hpp"
#include "eval/study/danger_rules.hpp"
#include "eval/study/forecast_metrics.hpp"
#include "eval/study/wall_experiment.hpp"
#include "tests/eval/study/played_games.hpp"
#include "tests/mjai_lines.hpp"

namespace tenbin::arena {
namespace {

TEST(ForecastMetrics, LogLossAndBrierByHand) {
  const std::vector<Forecast> forecasts = {{0.5, true}, {0.2, false}, {0.9, true}, {0.0, false}};
  const double expected_log_loss = -(std::log(0.5) + std::log(0.8) + std::log(0.9) + std::log(1.0 - kClip)) / 4.0;
  EXPECT_NEAR(log_loss(forecasts), expected_log_loss, 1e-12);
  EXPECT_NEAR(brier_score(forecasts), (0.25 + 0.04 + 0.01 + 0.0) / 4.0, 1e-12);
  // A certain miss is clipped, not infinite.
  const std::vector<Forecast> miss = {{0.0, true}};
  EXPECT_NEAR(log_loss(miss), -std::log(kClip), 1e-12);
  EXPECT_EQ(brier_score(miss), 1.0);
  EXPECT_EQ(log_loss(std::vector<Forecast>{}), 0.0);
}

TEST(ForecastMetrics, ReliabilityTenEqualGroups) {
  std::vector<Forecast> forecasts;
  for (int i = 19; i >= 0; --i) forecasts.push_back({i / 20.0, i % 4 == 0});  // 0, 0.05, ..., 0.95 reversed
  const auto bins = reliability_table(forecasts);
  ASSERT_EQ(bins.size(), 10u);
  for (int g = 0; g < 10; ++g) {
    EXPECT_EQ(bins[g].count, 2);
    EXPECT_DOUBLE_EQ(bins[g].low, (2 * g) / 20.0);
    EXPECT_DOUBLE_EQ(bins[g].high, (2 * g + 1) / 20.0);
    EXPECT_NEAR(bins[g].mean_forecast, (4 * g + 1) / 40.0, 1e-12);
    EXPECT_EQ(bins[g].happened, (2 * g) % 4 == 0 ? 1 : 0);  // of 2g and 2g+1, only multiples of 4
  }
  // 23 forecasts: groups of 2 or 3, every forecast in exactly one.
  std::vector<Forecast> odd(23, {0.1, false});
  odd[22].happened = true;
  int total = 0;
  int happened = 0;
  for (const auto& bin : reliability_table(odd)) {
    EXPECT_TRUE(bin.count == 2 || bin.count == 3);
    total += bin.count;
    happened += bin.happened;
  }
  EXPECT_EQ(total, 23);
  EXPECT_EQ(happened, 1);
  EXPECT_EQ(reliability_table(std::vector<Forecast>(3, {0.5, true})).size(), 3u);
}

Table after(const std::vector<std::string>& stream) {
  Table table(0);
  for (const std::string& line : stream) table.apply(parse_event(nlohmann::json::parse(line)).event);
  return table;
}

// Seat 1 discards 4m 1p 7p 2p N and declares riichi on 5s; after it, seat 2 discards 3s and seat
// 3 an E. Before it seat 2 threw W W E E 7m and seat 3 P S S S 9m. We hold all four 8s and two P.
Table riichi_table() {
  using namespace lines;
  std::vector<std::string> stream = {start_game(0), start_kyoku("8s 8s 8s 8s P P 1m 2m 3m 6p 6p 9p 9p")};
  const std::array<const char*, 5> ours = {"C", "C", "C", "1s", "1s"};
  const std::array<const char*, 5> riichi_seat = {"4m", "1p", "7p", "2p", "N"};
  const std::array<const char*, 5> seat2 = {"W", "W", "E", "E", "7m"};
  const std::array<const char*, 5> seat3 = {"P", "S", "S", "S", "9m"};
  for (std::size_t i = 0; i < ours.size(); ++i) {
    stream.insert(stream.end(), {tsumo(0, ours[i]), dahai(0, ours[i], true), tsumo(1), dahai(1, riichi_seat[i]),
                                 tsumo(2), dahai(2, seat2[i], true), tsumo(3), dahai(3, seat3[i], true)});
  }
  stream.insert(stream.end(), {tsumo(0, "C"), dahai(0, "C", true), tsumo(1), reach(1), dahai(1, "5s"),
                               reach_accepted(1), tsumo(2), dahai(2, "3s", true), tsumo(3), dahai(3, "E", true),
                               tsumo(0, "5p")});
  return after(stream);
}

TEST(DangerRules, CategoriesOnAConstructedRiver) {
  const Table table = riichi_table();
  const auto category = [&](const char* tile) { return danger_category(table, 1, parse_kind(tile)); };
  EXPECT_EQ(category("4m"), DangerCategory::genbutsu);
  EXPECT_EQ(category("5s"), DangerCategory::genbutsu);       // the declaration tile
  EXPECT_EQ(category("3s"), DangerCategory::genbutsu);       // passed after the riichi
  EXPECT_EQ(category("E"), DangerCategory::genbutsu);        // passed after the riichi
  EXPECT_EQ(category("1m"), DangerCategory::suji_19);        // 4m
  EXPECT_EQ(category("7m"), DangerCategory::suji_37);        // 4m
  EXPECT_EQ(category("4p"), DangerCategory::suji_456);       // 1p and 7p
  EXPECT_EQ(category("5p"), DangerCategory::half_suji_456);  // 2p, not 8p
  EXPECT_EQ(category("6s"), DangerCategory::half_suji_456);  // 3s, not 9s
  EXPECT_EQ(category("2s"), DangerCategory::suji_28);        // 5s
  EXPECT_EQ(category("8s"), DangerCategory::suji_28);        // 5s (suji before kabe)
  EXPECT_EQ(category("9s"), DangerCategory::kabe);           // every 8s visible: no 78s shape
  EXPECT_EQ(category("7s"), DangerCategory::non_suji_37);    // 56s still possible
  EXPECT_EQ(category("8p"), DangerCategory::non_suji_28);
  EXPECT_EQ(category("3p"), DangerCategory::non_suji_37);
  EXPECT_EQ(category("9m"), DangerCategory::non_suji_19);    // seat 3's 9m is not seat 1's
  EXPECT_EQ(category("5m"), DangerCategory::non_suji_456);   // 4m does not make 5m suji
  EXPECT_EQ(category("6m"), DangerCategory::non_suji_456);
  EXPECT_EQ(category("N"), DangerCategory::genbutsu);
  EXPECT_EQ(category("F"), DangerCategory::honour_0_seen);
  EXPECT_EQ(category("W"), DangerCategory::honour_2_seen);   // seat 2's, before the riichi
  EXPECT_EQ(category("S"), DangerCategory::honour_3_seen);
  EXPECT_EQ(category("P"), DangerCategory::honour_3_seen);   // two held, one discarded
  EXPECT_EQ(category("C"), DangerCategory::honour_3_seen);   // all four seen: capped
  // Against a seat not in riichi the same rules apply to its river: 1p is seat 1's genbutsu only.
  EXPECT_EQ(danger_category(table, 2, parse_kind("1p")), DangerCategory::non_suji_19);
  EXPECT_EQ(danger_category(table, 2, parse_kind("W")), DangerCategory::genbutsu);
}

TEST(DangerRules, FittedRatesByHand) {
  std::vector<CategoryOutcome> data;
  const auto add = [&](DangerCategory c, int n, int k) {
    for (int i = 0; i < n; ++i) data.push_back({c, i < k});
  };
  add(DangerCategory::genbutsu, 50, 0);
  add(DangerCategory::non_suji_456, 10, 3);
  add(DangerCategory::suji_19, 30, 1);
  const RuleRates rates = fit_rule_rates(data);
  EXPECT_DOUBLE_EQ(rates.uniform, 4.0 / 40.0);
  EXPECT_DOUBLE_EQ(rule_table_probability(rates, DangerCategory::non_suji_456), (3 + 2 * 0.1) / (10 + 2));
  EXPECT_DOUBLE_EQ(rule_table_probability(rates, DangerCategory::suji_19), (1 + 2 * 0.1) / (30 + 2));
  EXPECT_DOUBLE_EQ(rule_table_probability(rates, DangerCategory::kabe), 0.1);  // unseen: the uniform rate
  EXPECT_EQ(rule_table_probability(rates, DangerCategory::genbutsu), 0.0);
  EXPECT_EQ(uniform_probability(rates, DangerCategory::genbutsu), 0.0);
  EXPECT_DOUBLE_EQ(uniform_probability(rates, DangerCategory::honour_2_seen), 0.1);
  EXPECT_EQ(rates.samples[static_cast<int>(DangerCategory::suji_19)], 30);
}

TEST(Calibration, ForecastsOfEachModelAndTheirCombination) {
  // Fit: non-suji 4-6 deals in 1 time in 4, every other unsafe category never (uniform 1/8).
  std::vector<RiichiDiscardCase> fit;
  for (int i = 0; i < 8; ++i) fit.push_back({i, DangerCategory::non_suji_456, 0, i < 2});
  for (int i = 0; i < 8; ++i) fit.push_back({8 + i, DangerCategory::suji_19, 0, false});
  // Test: discard 0 against two riichi seats, one ronned; discard 1 against one, safe.
  const std::vector<RiichiDiscardCase> test = {{0, DangerCategory::non_suji_456, 0.3, true},
                                               {0, DangerCategory::genbutsu, 0.0, false},
                                               {1, DangerCategory::suji_19, 0.1, false}};
  const CalibrationReport report = score_cases(fit, test);
  EXPECT_EQ(report.test_discards, 2);
  EXPECT_EQ(report.test_pairs, 3);
  EXPECT_EQ(report.test_deal_ins, 1);
  EXPECT_EQ(report.test_discards_dealt_in, 1);
  ASSERT_EQ(report.per_opponent.size(), 3u);
  const double uniform = 2.0 / 16.0;
  const double non_suji = (2 + 2 * uniform) / 10.0;
  const double suji = (0 + 2 * uniform) / 10.0;
  // MJ-0: per pair (0.3, hit), (0, miss), (0.1, miss).
  EXPECT_NEAR(report.per_opponent[0].brier, (0.49 + 0.0 + 0.01) / 3, 1e-12);
  EXPECT_NEAR(report.per_opponent[1].brier, ((1 - non_suji) * (1 - non_suji) + 0 + suji * suji) / 3, 1e-12);
  EXPECT_NEAR(report.per_opponent[2].brier, ((1 - uniform) * (1 - uniform) + 0 + uniform * uniform) / 3, 1e-12);
  EXPECT_NEAR(report.per_opponent[2].log_loss, -(std::log(uniform) + std::log(1 - kClip) + std::log(1 - uniform)) / 3,
              1e-12);
  // Per discard: 1 - (1 - 0.3)(1 - 0) = 0.3 for discard 0 (hit), 0.1 for discard 1 (miss).
  EXPECT_NEAR(report.per_discard[0].brier, (0.49 + 0.01) / 2, 1e-12);
  EXPECT_NEAR(report.per_discard[1].brier, ((1 - non_suji) * (1 - non_suji) + suji * suji) / 2, 1e-12);
  EXPECT_EQ(report.per_opponent[0].clipped_hits, 0);
  EXPECT_FALSE(format_report(report).empty());
  // A hit forecast at 0 is counted.
  const CalibrationReport missed = score_cases(fit, {{0, DangerCategory::kabe, 0.0, true}});
  EXPECT_EQ(missed.per_opponent[0].clipped_hits, 1);
  EXPECT_EQ(missed.per_opponent[1].clipped_hits, 0);
}

// In-process games with two greedy and two tsumogiri seats: the collected cases against an
// independent count from the log (every deal-in to a seat in riichi, every discard while another
// seat had made its riichi discard), genbutsu never dealing in, MJ-0's forecasts probabilities
// and 0 on genbutsu (furiten waits are rejected).
TEST(Calibration, CasesOfPlayedGamesMatchTheLog) {
  CalibrationSettings settings;
  settings.samples = 200;
  mj0::Sampler sampler;
  long discards = 0;
  long expected_discards = 0;
  long expected_deal_ins = 0;
  std::vector<RiichiDiscardCase> cases;
  for (const std::vector<Event>& log : greedy_and_tsumogiri_games({1, 2})) {
    const auto more = riichi_discard_cases(log, settings, &sampler, discards);
    cases.insert(cases.end(), more.begin(), more.end());
    // The independent count: riichi discards made so far this hand, seat by seat.
    std::array<bool, 4> riichi_discarded{};
    std::array<bool, 4> declared{};
    for (std::size_t i = 0; i < log.size(); ++i) {
      const Event& event = log[i];
      if (event.type == EventType::start_kyoku) riichi_discarded = declared = {};
      if (event.type == EventType::reach) declared[event.actor] = true;
      if (event.type == EventType::hora && event.target != event.actor && riichi_discarded[event.actor]) ++expected_deal_ins;
      if (event.type != EventType::dahai) continue;
      for (int seat = 0; seat < 4; ++seat) {
        if (seat != event.actor && riichi_discarded[seat]) {
          ++expected_discards;
          break;
        }
      }
      if (declared[event.actor]) riichi_discarded[event.actor] = true;
    }
  }
  EXPECT_EQ(discards, expected_discards);
  long deal_ins = 0;
  for (const RiichiDiscardCase& c : cases) {
    deal_ins += c.ron ? 1 : 0;
    EXPECT_GE(c.mj0, 0.0);
    EXPECT_LE(c.mj0, 1.0);
    if (c.category == DangerCategory::genbutsu) {
      EXPECT_FALSE(c.ron);
      EXPECT_EQ(c.mj0, 0.0);
    }
  }
  EXPECT_EQ(deal_ins, expected_deal_ins);
  EXPECT_GT(discards, 20);
  EXPECT_GT(deal_ins, 0);
}

TEST(WallExperiment, NamingScoreByHand) {
  std::array<int, kNumKinds> copies{};
  copies[0] = 2;  // named first (x2)
  copies[1] = 0;  // named second: -1 (x2)
  copies[2] = 1;
  copies[3] = 0;
  copies[4] = 4;
  copies[5] = 1;
  copies[6] = 0;
  copies[7] = 3;  // not named
  std::array<double, kNumKinds> value{};
  for (int k = 0; k < kNumKinds; ++k) value[k] = kNumKinds - k;
  EXPECT_DOUBLE_EQ(naming_score(value, copies), 2 * 2 + 2 * (-1) + 1 - 1 + 4 + 1 - 1);
  // All tied: every kind takes each place with probability 1/34: weight (2 + 2 + 5) / 34 each.
  std::array<double, kNumKinds> flat{};
  double sum = 0;
  for (int k = 0; k < kNumKinds; ++k) sum += copies[k] > 0 ? copies[k] : -1;
  EXPECT_NEAR(naming_score(flat, copies), 9.0 / 34.0 * sum, 1e-12);
  // A tie straddling the first two places: kind 0 alone first, kinds 1-3 share places 2-4 (2,1,1),
  // the other 30 kinds share places 5-34, of which 5, 6 and 7 count 1.
  std::array<double, kNumKinds> straddle{};
  straddle[0] = 5;
  straddle[1] = straddle[2] = straddle[3] = 3;
  double rest = 0;
  for (int k = 4; k < kNumKinds; ++k) rest += copies[k] > 0 ? copies[k] : -1;
  EXPECT_NEAR(naming_score(straddle, copies), 2 * 2 + 4.0 / 3.0 * (-1 + 1 - 1) + 3.0 / 30.0 * rest, 1e-12);
}

TEST(WallExperiment, MeanAndStandardError) {
  const auto m = mean_and_error({1.0, 2.0, 3.0, 6.0});
  EXPECT_DOUBLE_EQ(m.mean, 3.0);
  EXPECT_NEAR(m.std_error, std::sqrt((4.0 + 1.0 + 0.0 + 9.0) / 3.0 / 4.0), 1e-12);
}

// Positions from an in-process game dealt from a seeded wall, under either draw order; a wrong
// seed or wall scheme is caught at the deal.
TEST(WallExperiment, PositionsOfAPlayedGame) {
  for (const WallScheme scheme : {WallScheme::by_round, WallScheme::by_round_seat_draws}) {
    const auto greedy = make_policy("greedy");
    GameConfig config;
    config.seed = 9;
    config.wall_game = 3;
    config.wall_scheme = scheme;
    config.tonpuu = true;
    Game game(config);
    play_out(game, {greedy.get(), greedy.get(), greedy.get(), greedy.get()});
    WallSettings settings;
    settings.samples = 100;
    std::uint64_t counter = 0;
    const auto positions = wall_positions(game.log(), scheme, 9, 3, settings, counter);
    ASSERT_FALSE(positions.empty()) << wall_scheme_name(scheme);
    EXPECT_EQ(counter, positions.size());
    for (const WallPosition& p : positions) {
      EXPECT_LE(p.live_tiles, settings.max_live);
      EXPECT_GE(p.live_tiles, 1);
      // Seven named kinds: at most 2*4*2 + 5*4, at least -(2*2 + 5).
      EXPECT_GE(p.unseen, -9.0);
      EXPECT_LE(p.unseen, 36.0);
      EXPECT_GE(p.mj0, -9.0);
      EXPECT_LE(p.mj0, 36.0);
    }
    EXPECT_THROW(wall_positions(game.log(), scheme, 10, 3, settings, counter), std::runtime_error);
    EXPECT_THROW(wall_positions(game.log(), WallScheme::by_hand, 9, 3, settings, counter), std::runtime_error);
  }
}

}  // namespace
}  // namespace tenbin::arena
