// The expected-score / win-probability DP on the fixed bench hands of docs/dp.md:
// 14-tile concealed hands, East round, seat East, dora indicator 1m, 17 draws left, flat unseen
// counts; every discard valued. Each hand runs without options and with both (shanten-back and
// hand changes, riichi auto). Time is per call on a solver kept between calls (as a player keeps
// one: its memory is reused); `states` counts the distinct hand states visited (3n+1),
// `discard_states` the 3n+2 states with a choice, `table_MiB` the memory the solver holds.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "bot/dp/dp.hpp"
#include "bot/strategy/hand_curve.hpp"

namespace tenbin {
namespace {

dp::Position bench_position(const std::string& hand, std::vector<Meld> melds = {}, int draws = 17) {
  dp::Position position;
  std::istringstream in(hand);
  std::string name;
  while (in >> name) {
    const Tile tile = parse_tile(name);
    ++position.hand[tile.kind()];
    if (tile.is_red()) position.red_in_hand[suit_of(tile.kind())] = true;
  }
  position.melds = std::move(melds);
  position.dora_markers = {parse_tile("1m")};
  position.draws_left = draws;
  dp::set_flat_unseen(position);
  return position;
}

// Solves `position` again and again on one solver, after one call before timing, so every timed
// call finds the memory of the last (a player's solver has it from its earlier decisions;
// BM_DpFreshSolver measures the first call).
void time_solves(benchmark::State& state, const dp::Position& position, const dp::Options& options) {
  dp::Solver solver;
  const dp::Result* result = &solver.solve(position, options);
  for (auto _ : state) {
    result = &solver.solve(position, options);
    benchmark::DoNotOptimize(result);
  }
  state.counters["states"] = static_cast<double>(result->draw_states);
  state.counters["discard_states"] = static_cast<double>(result->discard_states);
  state.counters["wins"] = static_cast<double>(result->winning_hands);
  state.counters["table_MiB"] = static_cast<double>(result->table_bytes) / (1024.0 * 1024.0);
}

void BM_Dp(benchmark::State& state, const char* hand, bool options_on) {
  dp::Options options;
  options.shanten_back = options_on;
  options.hand_change = options_on;
  time_solves(state, bench_position(hand), options);
}

constexpr const char* kH1 = "2m 3m 4m 5pr 6p 7p 3s 4s 6s 8s 9s 9s E N";
constexpr const char* kH2 = "2m 3m 4m 6m 7m 3p 4p 7p 8p 2s 4s 9s E E";
constexpr const char* kH3 = "2m 3m 4m 5m 7m 8m 1p 6p 8p 9p 3s 5s 7s E";
constexpr const char* kH4 = "1m 3m 6m 9m 2p 4p 8p 3s 5s 8s 9s E S P";
constexpr const char* kR1 = "3m 4m 5m 2p 3p 4p 5pr 7p 8p 6s 7s P P F";
constexpr const char* kR2 = "2m 3m 8m 1p 4p 5pr 6p 1s 2s 3s 6s 7s 9s E";
constexpr const char* kR3 = "1m 3m 3m 5mr 1p 3p 7p 1s 2s 4s 5sr 7s 8s S";
constexpr const char* kR4 = "1m 5mr 8m 1p 4p 7p 8p 2s 2s E S S W N";

BENCHMARK_CAPTURE(BM_Dp, H1_1shanten_both, kH1, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, R1_1shanten_both, kR1, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, H2_2shanten_both, kH2, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, R2_2shanten_both, kR2, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, H3_3shanten_both, kH3, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, R3_3shanten_both, kR3, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, H4_4shanten_none, kH4, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, R4_4shanten_none, kR4, false)->Unit(benchmark::kMillisecond);

// The other option set of each hand, for comparison.
BENCHMARK_CAPTURE(BM_Dp, H1_1shanten_none, kH1, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, R1_1shanten_none, kR1, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, H2_2shanten_none, kH2, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, R2_2shanten_none, kR2, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, H3_3shanten_none, kH3, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, R3_3shanten_none, kR3, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, H4_4shanten_both, kH4, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dp, R4_4shanten_both, kR4, true)->Unit(benchmark::kMillisecond);

// With rons priced (Options::ron_share, as `full` sets it with rons_in_dp: a dama hand's share
// 2.72 / 3.72, a riichi's 0.97 / 1.97): each winning hand scored by ron as well.
void BM_DpWithRons(benchmark::State& state, const char* hand) {
  dp::Options options;
  options.ron_share.without_riichi = 2.72 / 3.72;
  options.ron_share.riichi = 0.97 / 1.97;
  time_solves(state, bench_position(hand), options);
}
BENCHMARK_CAPTURE(BM_DpWithRons, H1_1shanten_both, kH1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpWithRons, R1_1shanten_both, kR1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpWithRons, H2_2shanten_both, kH2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpWithRons, R2_2shanten_both, kR2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpWithRons, H3_3shanten_both, kH3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpWithRons, R3_3shanten_both, kR3)->Unit(benchmark::kMillisecond);

// With the score policy's own win odds (Options::score_policy_win, as `full` asks with
// one_policy_odds): the sweep, then the states the score objective's choices reach.
void BM_DpScorePolicyWin(benchmark::State& state, const char* hand) {
  dp::Options options;
  options.score_policy_win = true;
  time_solves(state, bench_position(hand), options);
}
BENCHMARK_CAPTURE(BM_DpScorePolicyWin, H1_1shanten_both, kH1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpScorePolicyWin, R1_1shanten_both, kR1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpScorePolicyWin, H3_3shanten_both, kH3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpScorePolicyWin, R3_3shanten_both, kR3)->Unit(benchmark::kMillisecond);

// Open hands (haku ponned; 11 tiles, every discard valued, both options, 14 draws), without and
// with the call offers of docs/dp.md, "Calls", as `full` sets them with open_hand_calls
// (set_call_offers, the default rates): every time of every state is valued then.
void BM_DpOpenHand(benchmark::State& state, const char* hand, bool calls) {
  const Tile haku = parse_tile("P");
  const Tile consumed[] = {haku, haku};
  dp::Position position = bench_position(hand, {Meld::make(MeldType::pon, haku, consumed, 1)}, 14);
  FullParams params;
  params.open_hand_calls = true;
  set_call_offers(position, params, calls ? CallingHand::open : CallingHand::closed);
  time_solves(state, position, dp::Options{});
}
constexpr const char* kO1 = "2m 3m 4m 6p 7p 8s 8s 3s 4s 9p N";  // 1 shanten
constexpr const char* kO2 = "2m 3m 6m 6p 7p 8s 8s 3s 5s 9p N";  // 2 shanten
BENCHMARK_CAPTURE(BM_DpOpenHand, O1_1shanten, kO1, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpOpenHand, O1_1shanten_calls, kO1, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpOpenHand, O2_2shanten, kO2, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpOpenHand, O2_2shanten_calls, kO2, true)->Unit(benchmark::kMillisecond);

// Closed hands (the bench hands, both options, 17 draws) without and with their own calls
// (Options::closed_hand_calls at the default rates, as `full` sets them with closed_hand_calls):
// each call leads to the hand opened, a second family of states, and every time is valued. The
// call keeps its tile among the concealed counts, or lays its meld down (Options::lay_down_calls).
enum class ClosedCall : std::uint8_t { none, tile_kept, meld_laid_down };
void BM_DpClosedHandCalls(benchmark::State& state, const char* hand, ClosedCall call) {
  dp::Position position = bench_position(hand);
  FullParams params;
  params.closed_hand_calls = call != ClosedCall::none;
  set_call_offers(position, params, CallingHand::closed);
  dp::Options options;
  options.closed_hand_calls = call != ClosedCall::none ? dp::ClosedHandCalls::all : dp::ClosedHandCalls::none;
  options.lay_down_calls = call == ClosedCall::meld_laid_down;
  time_solves(state, position, options);
}
BENCHMARK_CAPTURE(BM_DpClosedHandCalls, H1_1shanten, kH1, ClosedCall::none)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpClosedHandCalls, H1_1shanten_calls, kH1, ClosedCall::tile_kept)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpClosedHandCalls, H1_1shanten_laid_down, kH1, ClosedCall::meld_laid_down)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpClosedHandCalls, H2_2shanten, kH2, ClosedCall::none)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpClosedHandCalls, H2_2shanten_calls, kH2, ClosedCall::tile_kept)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpClosedHandCalls, H2_2shanten_laid_down, kH2, ClosedCall::meld_laid_down)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpClosedHandCalls, H3_3shanten, kH3, ClosedCall::none)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpClosedHandCalls, H3_3shanten_calls, kH3, ClosedCall::tile_kept)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DpClosedHandCalls, H3_3shanten_laid_down, kH3, ClosedCall::meld_laid_down)->Unit(benchmark::kMillisecond);

// A fresh solver per call (the one-shot dp::evaluate): the cost of first touching the memory.
void BM_DpFreshSolver(benchmark::State& state, const char* hand) {
  const dp::Position position = bench_position(hand);
  for (auto _ : state) benchmark::DoNotOptimize(dp::evaluate(position, dp::Options{}));
}
BENCHMARK_CAPTURE(BM_DpFreshSolver, H3_3shanten_both, kH3)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tenbin
