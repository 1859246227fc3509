// The danger model's calibration on every discard, not only against riichi: each discard of a
// match, as its discarder saw it, gets MJ-0's deal-in probability against each opponent (the
// tenpai model's odds for a hand that has not declared, 1 in riichi), and the outcome is whether
// that opponent ronned it. Pairs are grouped by what the opponent showed (riichi, an open hand,
// a closed hand without riichi) and by the discarder's seat name, so the table says where the
// model is right and where it is not against a given player.
#pragma once

#include <array>
#include <iosfwd>
#include <string>
#include <vector>

#include "bot/commands/subcommand.hpp"
#include "bot/mj0/mj0.hpp"
#include "bot/strategy/full_params.hpp"
#include "engine/mjai.hpp"
#include "eval/study/forecast_metrics.hpp"

namespace tenbin::arena {

// What an opponent showed when the discard was made.
enum class OpponentShow { riichi, open, closed };
inline constexpr int kOpponentShows = 3;
const char* show_name(OpponentShow show);

// One discard against one opponent.
struct DiscardDanger {
  int discarder = 0;
  OpponentShow show = OpponentShow::closed;
  Forecast forecast;  // MJ-0's deal-in probability; happened: that opponent ronned it
  int calls = 0;      // the opponent's open melds (chi, pon and open kans)
};

struct DangerTableSettings {
  int samples = 500;        // MJ-0 joint samples per discard
  int every = 1;            // one discard in `every` is scored (the others are only replayed)
  std::uint64_t seed = 1;   // MJ-0's seed of the first scored discard; each next one adds 1
  bool raw = false;         // MJ-0's odds alone, without `full`'s open-hand calibration
  FullParams params;        // MJ-0's modes and the open-hand calibration read from it (`--param`)
};

// The scored discards of one full log. `counter` numbers discards across logs (the subsample and
// the seeds follow it). Throws TableError (engine/table) when the log contradicts itself.
std::vector<DiscardDanger> discard_dangers(const std::vector<Event>& log, const DangerTableSettings& settings,
                                           mj0::Sampler& sampler, long& counter);

// The odds `full` plays with: against an open hand, MJ-0's odds through open_hand_deal_in
// (bot/strategy/threat) with `params`; the others as they are.
std::vector<DiscardDanger> with_open_calibration(std::vector<DiscardDanger> dangers, const FullParams& params);

// The power calibration q = pivot * (p / pivot)^exponent that fits the forecasts best (maximum
// likelihood over those above zero, which it cannot move), and the log loss of those forecasts
// before and after it. An exponent of 1 has no pivot (it is then a scale): the pivot is 0.
struct PowerCalibration {
  double exponent = 1;
  double pivot = 0;
  int pairs = 0;
  double log_loss_before = 0;
  double log_loss_after = 0;
};
PowerCalibration fit_power_calibration(const std::vector<Forecast>& forecasts);

// Fixed buckets of forecast, [low, high): deal-in forecasts crowd near zero, so the edges grow
// by about three each step.
inline constexpr std::array<double, 7> kDangerBucketEdges = {0.0, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3};
struct DangerBucket {
  double low = 0, high = 1;
  int count = 0;
  int happened = 0;
  double forecast_sum = 0;
};
std::vector<DangerBucket> danger_buckets(const std::vector<Forecast>& forecasts);

// The table: per opponent show (and an open hand by its calls: 1, 2, 3 or more), the pairs'
// count, deal-ins, mean forecast, observed rate, log loss, and the buckets; with `open_fit`, the power calibration fitted on the open hands.
std::string format_danger_table(const std::string& title, const std::vector<DiscardDanger>& dangers,
                                const PowerCalibration* open_fit = nullptr);

// `tenbin-arena danger-table IN... [--name NAME] [--raw]`: match directories (or logs); with
// --name only the discards of seats of that name (from results.jsonl) are scored. The table shows
// the odds `full` plays with (--raw: MJ-0's alone), and under it the power calibration fitted on
// MJ-0's odds against open hands.
Subcommand add_danger_table_command(CLI::App& app);

}  // namespace tenbin::arena
