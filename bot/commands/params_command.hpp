// `tenbin params`: every tunable of `full` with its value in force (after any --param) and its
// note, one a line as NAME=VALUE (ready for --param) followed by "# note".
#pragma once

#include "bot/commands/subcommand.hpp"

namespace tenbin {

Subcommand add_params_command(CLI::App& app, const StrategyChoice& strategy);

}  // namespace tenbin
