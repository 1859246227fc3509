// `tenbin modes < log`: MJ-0's mode rule (bot/mj0: read_modes) read off every seat at the end of
// each hand of an mjai log, so that a study can set its odds beside what the hands turned out to
// be (scripts/study/mode-odds). Out: JSON lines, one per seat and result event (hora, ryukyoku),
//   {"line":N, "seat":S, "flush":{"m":{"odds":0.0,"reading":"none"}, "p":{...}, "s":{...}},
//    "all_triplets":{"odds":0.12,"reading":"two_triplet_melds"}}
// with the rule's branch as mj0::FlushReading and mj0::TripletsReading name them. The seats are
// read as they stand before the result (a double ron's two lines read the same hand end).
#pragma once

#include <iosfwd>

#include "bot/commands/subcommand.hpp"
#include "bot/mj0/mj0.hpp"

namespace tenbin {

// Reads the log to its end; a line that is not an mjai event or does not fit the table stops it
// with an error naming the line (exit 1, the lines before it written).
int run_modes(std::istream& log, std::ostream& out, const mj0::ModeParams& params);

// `tenbin modes [--param NAME=VALUE] < log`: the mj0_ tunables of `tenbin params` set the rule.
Subcommand add_modes_command(CLI::App& app);

}  // namespace tenbin
