// The baseline strategy: discard to the fewest shanten, then the most ukeire counted on the
// tiles this seat can see, ties broken by tile value; riichi when tenpai; win whenever allowed;
// pon only yakuhai and only when it keeps progress; against a riichi while not tenpai, fold with
// the safest tile (genbutsu, then suji, then honours).
#pragma once

#include "bot/strategy/policy.hpp"

namespace tenbin {

class GreedyPolicy final : public Policy {
 public:
  std::string_view name() const override { return "greedy"; }
  Action choose(const Table& table, std::span<const Action> legal) override;
};

// How dangerous a discard is against the seats in riichi: 0 is genbutsu (safe against all of
// them), then suji and honours, larger is worse. Exposed for tests.
int fold_danger(const Table& table, Tile tile);

// How much a tile is worth keeping, all else equal: isolated guest winds go first, then
// terminals, then the middle; yakuhai, dora and red fives are kept (larger: keep).
int keep_value(const Table& table, Tile tile);

}  // namespace tenbin
