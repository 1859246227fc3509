// `tenbin-arena luck LOG|DIR...`: the luck of every hand of each game log (eval/report/luck), one
// JSON line per game: each hand's score change and luck per seat, and the game's total luck.
#pragma once

#include "bot/commands/subcommand.hpp"

namespace tenbin::arena {

Subcommand add_luck_command(CLI::App& app);

}  // namespace tenbin::arena
