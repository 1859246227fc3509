// Referee throughput: whole hanchan played in-process by four copies of a strategy (no processes,
// no pipes), so the figure is the engine's own cost: dealing, the four seat tables, legality,
// scoring, and the strategy's decisions.
#include <benchmark/benchmark.h>

#include <array>
#include <memory>

#include "bot/strategy/policy.hpp"
#include "bot/strategy/self_play.hpp"
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
  play_out(game, {policies[0].get(), policies[1].get(), policies[2].get(), policies[3].get()});
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
