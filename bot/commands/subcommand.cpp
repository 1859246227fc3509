#include "bot/commands/subcommand.hpp"

#include <stdexcept>

#include <CLI/CLI.hpp>

namespace tenbin {

std::optional<int> run_parsed(const std::vector<Subcommand>& commands) {
  for (const Subcommand& command : commands) {
    if (command.app->parsed()) return command.run();
  }
  return std::nullopt;
}

void add_strategy_name_option(CLI::App& app, StrategyChoice& choice) {
  app.add_option("--strategy", choice.name, "full (default), greedy, tsumogiri, or an ablation of full")
      ->check(CLI::IsMember(policy_names()));
}

void add_strategy_options(CLI::App& app, StrategyChoice& choice) {
  add_strategy_name_option(app, choice);
  app.add_option("--budget-ms", choice.settings.budget_ms,
                 "full: work allowed per decision (fewer samples and DP options below 300 and 60 ms)")
      ->check(CLI::Range(1, 600000));
  app.add_option_function<std::vector<double>>(
         "--rank-points", [&choice](const std::vector<double>& points) {
           std::copy(points.begin(), points.end(), choice.settings.rank_points.begin());
         },
         "full: rank points of 1st..4th, e.g. 90,45,0,-135")
      ->delimiter(',')
      ->expected(kSeats);
  add_param_option(app, choice.settings.full_params,
                   "full: NAME=VALUE sets one tunable for an experiment (repeatable; `tenbin params` lists them)");
}

void add_param_option(CLI::App& app, FullParams& params, const std::string& description) {
  app.add_option_function<std::string>(
         "--param",
         [&params](const std::string& assignment) {
           try {
             set_param(params, assignment);
           } catch (const std::invalid_argument& error) {
             throw CLI::ValidationError(error.what());
           }
         },
         description)
      ->trigger_on_parse();
}

}  // namespace tenbin
