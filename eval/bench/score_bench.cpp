// Scoring throughput on random complete hands: every reading judged, fu, points, payments.
#include <benchmark/benchmark.h>

#include "eval/bench/bench_hands.hpp"
#include "engine/score.hpp"

namespace tenbin {
namespace {

void BM_ScoreRandomWinningHands(benchmark::State& state) {
  const auto wins = bench::winning_hands(1 << 12, 7);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(score_win(wins[i].hand, wins[i].context));
    i = (i + 1) & (wins.size() - 1);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ScoreRandomWinningHands);

}  // namespace
}  // namespace tenbin
