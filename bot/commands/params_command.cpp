#include "bot/commands/params_command.hpp"

#include <iostream>

#include <CLI/CLI.hpp>

#include "bot/strategy/full_params.hpp"

namespace tenbin {

Subcommand add_params_command(CLI::App& app, const StrategyChoice& strategy) {
  CLI::App* command = app.add_subcommand("params", "full's tunables: NAME=VALUE  # note, one a line (set with --param)");
  return {command, [&strategy] {
            for (const ParamListing& param : list_params(strategy.settings.full_params)) {
              std::cout << param.name << '=' << param.value << "  # " << param.note << '\n';
            }
            return 0;
          }};
}

}  // namespace tenbin
