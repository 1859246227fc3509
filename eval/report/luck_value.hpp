// The value estimate the luck adjustment uses: a fixed linear estimate of a seat's score change in
// a hand from the omniscient position, on cheap figures of the seat's own tiles (shanten, ukeire,
// dora, and how many draws are left). Any fixed estimate keeps the adjustment unbiased; a better
// one removes more of the luck. Values are whole centipoints (1/100 point) so that the
// adjustment's expectation is computed exactly.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/neighbour_shanten.hpp"
#include "eval/report/hand_position.hpp"

namespace tenbin::arena {

// The figures of a seat once its 13 tiles are dealt. Shanten below 4 is one-hot (4 or more is
// the baseline), and each shanten's indicator is also multiplied by the live draws left.
enum class LuckFeature : std::uint8_t {
  complete,       // a 14-tile hand that is complete (it can win by tsumo)
  tenpai,
  one_shanten,
  two_shanten,
  three_shanten,
  tenpai_draws_left,
  one_shanten_draws_left,
  two_shanten_draws_left,
  three_shanten_draws_left,
  ukeire,            // tiles that lower the shanten, less the copies the seat holds
  waits,             // the same when tenpai
  dora,              // dora held, red fives included
  dora_when_ready,   // the same when tenpai or complete
  dealer_when_ready,
  open_when_ready,   // calls made, when tenpai or complete
  count
};
inline constexpr int kLuckFeatures = static_cast<int>(LuckFeature::count);
using LuckFeatures = std::array<int, kLuckFeatures>;
const char* feature_name(LuckFeature feature);

// While the deal is in progress a seat's value is looked up by the tiles it was dealt (0..12)
// and their regular-form shanten (clamped to -1..6).
inline constexpr int kDealingShantenBuckets = 8;
int dealing_bucket(const TileCounts& concealed);

struct LuckModel {
  std::array<std::int64_t, kLuckFeatures> weights{};  // centipoints per unit of each feature
  std::array<std::array<std::int64_t, kDealingShantenBuckets>, 13> dealing{};  // centipoints
  nlohmann::json fitted_on;  // how the model was made (the command, its matches)

  nlohmann::json to_json() const;
  // Throws std::invalid_argument naming what is missing or malformed.
  static LuckModel from_json(const nlohmann::json& json);
  // data/luck_model.json, compiled in.
  static const LuckModel& compiled();
};

// The figures of a seat whose deal is done (3n+1 or 3n+2 concealed tiles).
LuckFeatures seat_features(const HandPosition& position, int seat, GroupNeedsCache& cache);

// The estimate of the seat's own position, before the other seats' are taken off (centipoints).
std::int64_t own_value(const HandPosition& position, int seat, const LuckModel& model, GroupNeedsCache& cache);

}  // namespace tenbin::arena
