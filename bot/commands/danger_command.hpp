// `tenbin danger --seat N < log.jsonl`: MJ-0 (bot/mj0/mj0.hpp) on the position at the end of an mjai
// log as seat N sees it. For every tile kind: the unseen copies, the expected copies left in the
// live wall, the probability that discarding it now deals in to each opponent, the overall
// deal-in probability and the expected points lost; per opponent the tenpai probability (1 in
// riichi, else the tenpai model of bot/mj0/tenpai_model.hpp), the accepted samples and the modes.
// A text table, or with --json one JSON object. With --exact the riichi opponents' deal-in comes
// from the exact tenpai-form count (their expected loss is that probability times the sampler's
// mean points for a ron on the kind); an error when no opponent is in riichi.
#pragma once

#include <cstdint>
#include <iosfwd>

#include "bot/commands/subcommand.hpp"

namespace tenbin {

struct DangerOptions {
  int seat = 0;
  int samples = 5000;
  std::uint64_t seed = 1;
  bool exact = false;
  bool json = false;
};

// Reads the log, prints the answer on `out`; on bad input logs the reason (spdlog, stderr) and
// returns non-zero.
int run_danger(std::istream& log, std::ostream& out, const DangerOptions& options);

// `tenbin danger --seat N < log`: the options above, then run_danger on stdin.
Subcommand add_danger_command(CLI::App& app);

}  // namespace tenbin
