// `tenbin-arena validate LOG...`: replays full logs (ours or anyone's) through the engine: every
// action must be legal for its seat and every hora/ryukyoku delta what the engine computes; the
// first discrepancy is printed with its line number.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "bot/commands/subcommand.hpp"

namespace tenbin::arena {

int validate_logs(const std::vector<std::string>& logs, std::ostream& out);  // 0 ok, 1 discrepancy

// `tenbin-arena validate LOG...`.
Subcommand add_validate_command(CLI::App& app);

}  // namespace tenbin::arena
