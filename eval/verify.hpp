// `tenbin-arena verify DIR`: checks a match after the fact. Recomputes every wall from the match
// seed, checks each published commitment, and checks that every deal, draw, rinshan draw, dora
// and ura indicator in each game log came from its fixed wall position.
#pragma once

#include <iosfwd>
#include <string>

#include "bot/commands/subcommand.hpp"

namespace tenbin::arena {

int verify_match(const std::string& dir, std::ostream& out);  // 0 ok, 1 discrepancy

// `tenbin-arena verify DIR`.
Subcommand add_verify_command(CLI::App& app);

}  // namespace tenbin::arena
