// Shanten throughput on random 14-tile hands (all three forms, as `shanten()` computes them),
// and the cost of building the tables at start-up.
#include <benchmark/benchmark.h>

#include "eval/bench/bench_hands.hpp"
#include "engine/shanten.hpp"
#include "engine/shanten_tables.hpp"

namespace tenbin {
namespace {

// Computing the tables, as the generator does at build time (the binary starts with them ready).
void BM_ShantenTableGeneration(benchmark::State& state) {
  std::size_t entries = 0;
  for (auto _ : state) {
    entries = shanten_tables::build_suit_table().size() + shanten_tables::build_honor_table().size();
  }
  state.counters["table_MiB"] =
      static_cast<double>(entries * sizeof(shanten_tables::PackedNeeds)) / (1024.0 * 1024.0);
}
BENCHMARK(BM_ShantenTableGeneration)->Unit(benchmark::kMillisecond);

// Random dealt hands of state.range(0) tiles (13 or 14).
void BM_ShantenAllForms(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  const auto hands = bench::dealt_hands(1 << 16, size, static_cast<std::uint32_t>(size));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(shanten(hands[i]));
    i = (i + 1) & (hands.size() - 1);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ShantenAllForms)->Arg(14)->Arg(13);

void BM_Ukeire13(benchmark::State& state) {
  const auto hands = bench::dealt_hands(1 << 12, 13, 21);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(ukeire(hands[i], hands[i]));
    i = (i + 1) & (hands.size() - 1);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Ukeire13);


}  // namespace
}  // namespace tenbin
