// `tenbin-arena verify DIR`: checks a match after the fact, trusting none of its files.
// Recomputes every wall from the match seed, checks each published commitment, and checks that
// every deal, draw, rinshan draw, dora and ura indicator in each game log came from its fixed
// wall position. Then the referee plays each game again with the actions its log records
// (eval/check/game_replay.hpp): every event must be the log's, each result line what its game gives
// (names, scores, ranks, points, hands, decisions), and summary.json what the results make.
#pragma once

#include <iosfwd>
#include <string>

#include "bot/commands/subcommand.hpp"

namespace tenbin::arena {

int verify_match(const std::string& dir, std::ostream& out);  // 0 ok, 1 discrepancy

// `tenbin-arena verify DIR`.
Subcommand add_verify_command(CLI::App& app);

}  // namespace tenbin::arena
