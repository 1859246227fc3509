// MJ-0 (bot/mj0) on one fixed mid-hand position, as seat 0 (South round 1, turn 9, dora
// indicator 3s): seat 1 in riichi after 8 discards, seat 2 with a pon of white dragons and
// 7 discards, seat 3 closed with 8; the observer holds 13 tiles. 5000 joint draws of the three
// hands per call on a sampler kept between calls (as a player keeps one):
//   - Sample: sets, pairs, waits and furiten rejection, the wall estimate (no scoring);
//   - SampleScored: the same with the default scored subsample (1000 accepted samples per
//     opponent, every wait scored by engine/score);
//   - Exact: the exact tenpai-form count for the riichi seat.
// Counters: `accepted` (riichi seat's accepted samples), `scored_waits`.
#include <benchmark/benchmark.h>

#include <array>

#include "bot/mj0/mj0.hpp"

namespace tenbin {
namespace {

mj0::Position bench_position() {
  mj0::Position position;
  position.observer = 0;
  position.dealer = 0;
  position.round_wind = kinds::south;
  position.observer_hand = parse_counts("2356m344p5789s56z");
  position.red_unseen = {true, false, true};
  position.dora_markers = {parse_tile("3s")};
  TileCounts seen = position.observer_hand;
  ++seen[parse_kind("3s")];
  const std::array<const char*, 3> rivers = {"19m28p1s4s7z4z9p3z", "1s9s1m3m8p7s1z", "4z9m2p6z7s5m2s1p"};
  const Tile white = Tile::of(kinds::white);
  const std::array<Tile, 2> consumed = {white, white};
  for (int i = 0; i < 3; ++i) {
    mj0::Opponent o;
    o.seat = i + 1;
    o.seat_wind = kinds::east + i + 1;
    o.discarded = parse_counts(rivers[static_cast<std::size_t>(i)]);
    for (int k = 0; k < kNumKinds; ++k) seen[k] = static_cast<std::uint8_t>(seen[k] + o.discarded[k]);
    o.river_size = total_tiles(o.discarded);
    if (i == 0) {
      o.riichi = true;
      o.passed_in_riichi = parse_counts("7s1z2s1p");
    }
    if (i == 1) {
      o.melds.push_back(Meld::make(MeldType::pon, white, consumed, 3));
      seen[kinds::white] = static_cast<std::uint8_t>(seen[kinds::white] + 3);
    }
    o.concealed = 13 - 3 * static_cast<int>(o.melds.size());
    o.tenpai_probability = o.riichi ? 1.0 : 0.3;
    o.modes = mj0::estimate_modes(o);
    position.opponents.push_back(o);
  }
  for (int k = 0; k < kNumKinds; ++k) position.unseen[k] = static_cast<std::uint8_t>(4 - seen[k]);
  position.live_tiles_left = 70 - 23;
  return position;
}

void BM_Mj0(benchmark::State& state, bool score) {
  const mj0::Position position = bench_position();
  mj0::Settings settings;
  settings.samples = 5000;
  settings.score = score;
  mj0::Sampler sampler;
  const mj0::Estimate* estimate = &sampler.estimate(position, settings);  // tables built, memory held
  for (auto _ : state) {
    estimate = &sampler.estimate(position, settings);
    benchmark::DoNotOptimize(estimate);
  }
  state.counters["accepted"] = estimate->opponents[0].accepted_samples;
  state.counters["scored"] = estimate->opponents[0].scored_samples;
}

void BM_Mj0Exact(benchmark::State& state) {
  const mj0::Position position = bench_position();
  for (auto _ : state) {
    const mj0::OpponentEstimate e = mj0::exact_riichi_danger(position, 0);
    benchmark::DoNotOptimize(e);
  }
}

BENCHMARK_CAPTURE(BM_Mj0, Sample, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Mj0, SampleScored, true)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mj0Exact)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tenbin
