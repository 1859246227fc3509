// Calibration of the opponent model's deal-in forecasts on arena logs.
//
// Every discard made while an opponent was in riichi (its declaration discard made) is replayed
// as the discarding seat saw it: an engine Table fed that seat's masked events, up to the moment
// before the discard. Against each riichi opponent the discard gets three forecasts: MJ-0's
// deal-in probability for the discarded kind (bot/mj0, the position built from that Table, the
// other opponents' tenpai probabilities from bot/mj0/tenpai_model), the rule table and the uniform
// baseline (eval/danger_rules, their rates fitted on other logs). What happened: ron on that
// discard by that opponent. Two views: each (discard, riichi opponent) pair, and each discard
// against all riichi opponents together (forecast 1 - prod(1 - p), outcome: any of them ronned).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "bot/commands/subcommand.hpp"
#include "bot/mj0/mj0.hpp"
#include "engine/mjai.hpp"
#include "eval/study/danger_rules.hpp"
#include "eval/study/forecast_metrics.hpp"

namespace tenbin::arena {

struct CalibrationSettings {
  bool mj0 = true;          // false: the baselines' categories only (the fit logs)
  int samples = 2000;       // MJ-0 joint samples per discard
  std::uint64_t seed = 1;   // MJ-0's seed for the first discard; each next discard adds 1
};

// One discard against one riichi opponent.
struct RiichiDiscardCase {
  long discard = 0;         // numbers the discards (cases of one discard share it)
  DangerCategory category = DangerCategory::genbutsu;
  double mj0 = 0;           // MJ-0's deal-in probability (0 when not computed)
  bool ron = false;
};

// The cases of one full log; `discards` numbers the discards across calls and is advanced (and
// seeds MJ-0). `sampler` may be null when settings.mj0 is false. Throws TableError
// (engine/table) when the log contradicts itself.
std::vector<RiichiDiscardCase> riichi_discard_cases(const std::vector<Event>& log, const CalibrationSettings& settings,
                                                    mj0::Sampler* sampler, long& discards);

struct ModelScore {
  std::string model;
  double log_loss = 0;
  double brier = 0;
  int clipped_hits = 0;      // events that happened against a forecast below kClip
  std::vector<ReliabilityBin> reliability;
};

struct CalibrationReport {
  int fit_logs = 0;
  int test_logs = 0;
  long fit_pairs = 0;
  long fit_deal_ins = 0;
  long test_discards = 0;
  long test_pairs = 0;
  long test_deal_ins = 0;    // pairs that ronned
  long test_discards_dealt_in = 0;
  RuleRates rates;           // fitted on the fit logs
  std::vector<ModelScore> per_opponent;  // MJ-0, rule table, uniform: each (discard, riichi seat)
  std::vector<ModelScore> per_discard;   // the same, each discard against every riichi seat
};

// The forecasts of the three models for the test cases, scored (pure: for tests).
CalibrationReport score_cases(const std::vector<RiichiDiscardCase>& fit, const std::vector<RiichiDiscardCase>& test);

std::string format_report(const CalibrationReport& report);

// `tenbin-arena calibrate --fit IN... --test IN...`: inputs are logs or match directories.
// Prints the report on `out`; progress and skipped logs on `errors`. 0, or 1 when a side has no
// usable log.
int calibrate_command(const std::vector<std::string>& fit_inputs, const std::vector<std::string>& test_inputs,
                      const CalibrationSettings& settings, std::ostream& out, std::ostream& errors);

// `tenbin-arena calibrate --fit IN... --test IN...`.
Subcommand add_calibrate_command(CLI::App& app);

}  // namespace tenbin::arena
