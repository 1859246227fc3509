// Referee throughput: whole hanchan played in-process by four copies of a strategy (no processes,
// no pipes), so the figure is the engine's own cost: dealing, the four seat tables, legality,
// scoring, and the strategy's decisions.
#include <benchmark/benchmark.h>

#include <array>
#include <memory>

#include "bot/policy.hpp"
#include "engine/game.hpp"

namespace tenbin {
namespace {

void play_hanchan(const char* strategy, std::uint64_t game_index) {
  GameConfig config;
  config.seed = 2026;
  config.wall_game = game_index;
  Game game(config);
  std::array<std::unique_ptr<Policy>, 4> policies;
  for (auto& policy : policies) policy = make_policy(strategy);
  while (!game.finished()) {
    std::array<std::optional<Action>, 4> replies;
    for (int seat = 0; seat < 4; ++seat) {
      const auto& legal = game.pending().legal[seat];
      if (!legal.empty()) replies[seat] = policies[seat]->choose(game.table(seat), legal);
    }
    game.answer(replies);
  }
}

void BM_HanchanInProcess(benchmark::State& state, const char* strategy) {
  std::uint64_t game = 0;
  for (auto _ : state) play_hanchan(strategy, game++);
  state.SetItemsProcessed(state.iterations());
  state.counters["hanchan_per_s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_HanchanInProcess, greedy, "greedy")->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK_CAPTURE(BM_HanchanInProcess, tsumogiri, "tsumogiri")->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace
}  // namespace tenbin
