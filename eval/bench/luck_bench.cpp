// The luck adjustment's cost: one hanchan's log adjusted (every deal tile, draw and dora
// indicator with its exact expectation over the unseen tiles), next to BM_HanchanInProcess, the
// cost of playing one.
#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <vector>

#include "bot/strategy/policy.hpp"
#include "bot/strategy/self_play.hpp"
#include "engine/game.hpp"
#include "eval/report/luck.hpp"

namespace tenbin {
namespace {

// Logs of greedy hanchan on the seeds the game benchmark plays.
std::vector<std::vector<Event>> greedy_logs(int count) {
  std::vector<std::vector<Event>> logs;
  for (int i = 0; i < count; ++i) {
    GameConfig config;
    config.seed = 2026;
    config.wall_game = static_cast<std::uint64_t>(i);
    Game game(config);
    std::array<std::unique_ptr<Policy>, 4> policies;
    for (auto& policy : policies) policy = make_policy("greedy");
    play_out(game, {policies[0].get(), policies[1].get(), policies[2].get(), policies[3].get()});
    logs.push_back(game.log());
  }
  return logs;
}

void BM_AdjustHanchan(benchmark::State& state) {
  const auto logs = greedy_logs(8);
  GroupNeedsCache cache;
  std::size_t next = 0;
  for (auto _ : state) {
    const arena::GameLuck luck = arena::game_luck(logs[next], arena::LuckModel::compiled(), cache);
    benchmark::DoNotOptimize(luck.total);
    next = (next + 1) % logs.size();
  }
  state.counters["hanchan_per_s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_AdjustHanchan)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace
}  // namespace tenbin
