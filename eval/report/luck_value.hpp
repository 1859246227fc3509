// The value estimate the luck adjustment uses: a fixed linear estimate of a seat's score change in
// a hand from the omniscient position, on cheap figures of the seat's own tiles (shanten, ukeire,
// dora, what its wins are worth, and how many draws are left) and of how the others' hands bear
// on it (their waits and threats). Any fixed estimate keeps the adjustment unbiased; a better
// one removes more of the luck. Values are whole centipoints (1/100 point) so that the
// adjustment's expectation is computed exactly.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/neighbour_shanten.hpp"
#include "eval/report/hand_position.hpp"
#include "eval/report/win_value.hpp"

namespace tenbin::arena {

// The figures of a seat once its 13 tiles are dealt. Shanten below 4 is one-hot (4 or more is
// the baseline), and each shanten's indicator is also multiplied by the live draws left. The
// last ones look across the table: the seat that just drew would discard (HandSummary) one of
// this tenpai seat's waits, or this seat would discard a tenpai opponent's wait; and what the
// opponents' hands threaten when this seat races them (it is ready too), deals (it pays double
// on their tsumo) or is one tile short against a riichi, and the opponents' waits it holds.
// A tenpai seat's waits are at stake only while it can ron: not furiten on its own river, nor,
// in riichi, on a tile let go since its declaration.
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
  riichi_when_ready,
  ron_chance,        // the seat that just drew would discard one of this tenpai seat's waits
  ron_chance_dora,   // the same times this seat's dora
  deal_in_risk,      // the tenpai opponents waiting on the tile this seat would discard
  deal_in_risk_dora, // their dora
  deal_in_risk_riichi,  // the same count when this seat is in riichi (it must discard the tile)
  win_points,        // a complete hand's tsumo, in hundreds of points (eval/report/win_value)
  ready_points,      // when tenpai: the waits' mean ron value times the chance one comes, hundreds
  win_chance,        // when tenpai: the chance (percent) that a wait comes out while the hand lasts
  ron_points,        // with ron_chance: the ron's value, hundreds of points
  deal_in_points,    // with deal_in_risk: the waiting opponents' ron values summed, hundreds
  tenpai_without_win,                  // tenpai, but no wait priced (no yaku, or every copy seen)
  opponents_tenpai_when_ready,         // when tenpai or complete: the opponents that are too
  opponents_ready_points_when_ready,   // the same: their ready_points (win_points when complete) summed
  opponents_ready_points_when_dealer,  // the same sum when this seat is the dealer
  one_shanten_facing_riichi,           // when one-shanten: the opponents in riichi
  waits_held_points,             // the ron values of the tenpai opponents' waits this seat holds, hundreds
  waits_held_points_when_ready,  // the same when tenpai or complete (it will push them)
  tenpai_furiten,                // tenpai but furiten (a wait in its river, or let go since its riichi)
  // The seat that just drew is taken to discard each of its candidates (the discards that keep
  // its shanten; in riichi the drawn tile) alike: the mean ron value of this tenpai seat's waits
  // among them, hundreds; apart when this seat is in riichi and the drawer holds a tile safe
  // against it (a player who defends discards that instead).
  ron_candidates_points,
  ron_candidates_points_safe_held,
  // The drawer's side of the same: summed over the tenpai seats it may deal into.
  deal_in_candidates_points,
  deal_in_candidates_points_safe_held,
  // The ron values of tenpai opponents' waits this seat holds as an isolated tile (an efficiency
  // player's next discard), unless it holds a tile safe against a riichi among them; hundreds.
  isolated_waits_held_points,
  // This tenpai seat's side of the same: its waits the others hold isolated, hundreds.
  waits_isolated_in_others_points,
  // The ron and deal-in at stake above split by how sure the drawer's discard is: a drawer in
  // riichi must let its drawn tile go, and a drawer with one candidate lets it go.
  ron_candidates_points_riichi_drawer,
  deal_in_candidates_points_riichi_drawer,
  ron_candidates_points_one_candidate,
  deal_in_candidates_points_one_candidate,
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
  // A short name of the weights (a hash of them and of kPricedEventsRevision), written beside the
  // adjusted figures they make.
  std::string id() const;
};

// Which chance events the adjustment prices besides those the value reads (eval/report/luck):
// 1 since the last ura indicator of a riichi win is priced; 2 since a double ron's second win is
// scored with its claim (houtei, chankan) and a summary counts its adjusted games. Part of every
// model's id, so that a summary written before a change names another estimate and `verify` does
// not hold it to the new.
inline constexpr std::int64_t kPricedEventsRevision = 2;

// What a seat's own concealed tiles say: shanten, ukeire, and the waits of a tenpai 3n+1 hand
// (bit k for kind k). A 3n+2 hand (after its draw) counts the best ukeire among the discards
// that keep its shanten, has no waits, and names the discard an efficiency player would make:
// that best discard (the drawn tile among equals), or the drawn tile in riichi.
// Priced by the engine's scoring: a complete hand's tsumo, a tenpai 3n+1 hand's ron per wait,
// and the prospects of a tenpai hand (after the named discard for a 3n+2 one).
struct HandSummary {
  int shanten = 0;
  int ukeire = 0;
  std::uint64_t waits = 0;
  int discard = -1;  // kind; -1 for a 3n+1 hand or a complete one
  std::uint64_t candidates = 0;  // a 3n+2 hand's discards that keep its shanten (riichi: the drawn tile)
  std::uint64_t held = 0;        // the kinds it holds concealed
  std::uint64_t isolated = 0;    // a 3n+1 hand's single tiles with no other of their suit within two ranks
  bool can_ron = false;          // tenpai and not furiten (the rivers): the others can deal into it
  int tsumo_points = 0;
  int ready_points = 0;  // mean ron value times the chance (percent) / 100
  int win_chance = 0;    // percent
  std::array<int, kNumKinds> ron_points{};
};
HandSummary summarize(const HandPosition& position, int seat, GroupNeedsCache& cache);
// Every seat whose deal is done (the others are left alone).
PerSeat<HandSummary> summarize_all(const HandPosition& position, GroupNeedsCache& cache);

// The figures of a seat whose deal is done, its own tiles and the others' waits summarised.
LuckFeatures seat_features(const HandPosition& position, int seat, const PerSeat<HandSummary>& hands);

// What a seat's value is read from: while its deal is in progress, the tiles it was dealt and
// their shanten (the dealing table); once dealt, its features.
struct SeatFigures {
  int dealt = 0;
  int bucket = 0;
  LuckFeatures features{};
};
SeatFigures seat_figures(const HandPosition& position, int seat, const PerSeat<HandSummary>& hands);
std::int64_t value_of(const SeatFigures& figures, const LuckModel& model);

}  // namespace tenbin::arena
