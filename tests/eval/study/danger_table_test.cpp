// The danger table: buckets by hand, and the pairs of played games against an independent count
// of their discards, deal-ins and what each opponent showed.
#include "eval/study/danger_table.hpp"

#include <array>
#include <vector>

#include <gtest/gtest.h>

#include "tests/eval/study/played_games.hpp"

namespace tenbin::arena {
namespace {

TEST(DangerTable, BucketsByForecast) {
  const std::vector<Forecast> forecasts = {{0.0, false},  {0.0009, false}, {0.001, true}, {0.02, false},
                                           {0.03, true},  {0.29, false},   {0.3, true},   {1.0, true}};
  const std::vector<DangerBucket> buckets = danger_buckets(forecasts);
  ASSERT_EQ(buckets.size(), kDangerBucketEdges.size());
  const std::array<int, 7> counts = {2, 1, 0, 1, 1, 1, 2};
  const std::array<int, 7> happened = {0, 1, 0, 0, 1, 0, 2};
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    EXPECT_EQ(buckets[i].count, counts[i]) << i;
    EXPECT_EQ(buckets[i].happened, happened[i]) << i;
    EXPECT_DOUBLE_EQ(buckets[i].low, kDangerBucketEdges[i]);
  }
  EXPECT_NEAR(buckets[4].forecast_sum, 0.03, 1e-12);
  EXPECT_NEAR(buckets[5].forecast_sum, 0.29, 1e-12);
  EXPECT_DOUBLE_EQ(buckets.back().high, 1.0);
}

TEST(DangerTable, PairsOfPlayedGamesMatchTheLog) {
  DangerTableSettings settings;
  settings.samples = 100;
  mj0::Sampler sampler;
  long counter = 0;
  long expected_discards = 0;
  long expected_rons = 0;
  std::array<long, kOpponentShows> expected_shows{};
  std::vector<DiscardDanger> dangers;
  for (const std::vector<Event>& log : greedy_and_tsumogiri_games({1, 2})) {
    const auto more = discard_dangers(log, settings, sampler, counter);
    dangers.insert(dangers.end(), more.begin(), more.end());
    // The independent count: every discard has three opponents; riichi once its declaration
    // discard is made, open after a chi, pon or daiminkan.
    std::array<bool, 4> riichi_discarded{}, declared{}, open{};
    for (const Event& event : log) {
      if (event.type == EventType::start_kyoku) riichi_discarded = declared = open = {};
      if (event.type == EventType::reach) declared[event.actor] = true;
      if (event.type == EventType::chi || event.type == EventType::pon || event.type == EventType::daiminkan) {
        open[event.actor] = true;
      }
      if (event.type == EventType::hora && event.target != event.actor) ++expected_rons;
      if (event.type != EventType::dahai) continue;
      ++expected_discards;
      for (int seat = 0; seat < 4; ++seat) {
        if (seat == event.actor) continue;
        const OpponentShow show = riichi_discarded[seat] ? OpponentShow::riichi
                                  : open[seat]           ? OpponentShow::open
                                                         : OpponentShow::closed;
        ++expected_shows[static_cast<int>(show)];
      }
      if (declared[event.actor]) riichi_discarded[event.actor] = true;
    }
  }
  EXPECT_EQ(counter, expected_discards);
  ASSERT_EQ(static_cast<long>(dangers.size()), 3 * expected_discards);
  std::array<long, kOpponentShows> shows{};
  long rons = 0;
  for (const DiscardDanger& d : dangers) {
    ++shows[static_cast<int>(d.show)];
    rons += d.forecast.happened ? 1 : 0;
    EXPECT_GE(d.forecast.probability, 0.0);
    EXPECT_LE(d.forecast.probability, 1.0);
  }
  EXPECT_EQ(shows, expected_shows);
  EXPECT_EQ(rons, expected_rons);
  EXPECT_GT(rons, 0);
  EXPECT_GT(shows[static_cast<int>(OpponentShow::riichi)], 0);

  // One discard in three: the same counter, a third of the pairs.
  long every_counter = 0;
  settings.every = 3;
  const auto sparse = discard_dangers(greedy_and_tsumogiri_games({1}).front(), settings, sampler, every_counter);
  EXPECT_EQ(static_cast<long>(sparse.size()), 3 * ((every_counter + 2) / 3));
}

}  // namespace
}  // namespace tenbin::arena
