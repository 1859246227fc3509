// Full logs of short in-process games for the study tests: tonpuu games of greedy and tsumogiri
// seats (tsumogiri never folds, so riichi meets deal-ins), one per seed.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "bot/strategy/policy.hpp"
#include "bot/strategy/self_play.hpp"
#include "engine/game.hpp"

namespace tenbin::arena {

inline std::vector<std::vector<Event>> greedy_and_tsumogiri_games(std::initializer_list<std::uint64_t> seeds) {
  const auto greedy = make_policy("greedy");
  const auto tsumogiri = make_policy("tsumogiri");
  std::vector<std::vector<Event>> logs;
  for (const std::uint64_t seed : seeds) {
    GameConfig config;
    config.seed = seed;
    config.tonpuu = true;
    Game game(config);
    play_out(game, {greedy.get(), tsumogiri.get(), greedy.get(), tsumogiri.get()});
    logs.push_back(game.log());
  }
  return logs;
}

}  // namespace tenbin::arena
