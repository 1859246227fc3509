// A subcommand of `tenbin` or `tenbin-arena`: each registers its own options beside the code
// that reads them and hands back what runs it, so that a program's main only dispatches.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bot/strategy/policy.hpp"

namespace CLI {
class App;
}

namespace tenbin {

struct Subcommand {
  CLI::App* app = nullptr;
  std::function<int()> run;  // once parsed: the exit status
};

// The run of the first subcommand the command line named, if any.
std::optional<int> run_parsed(const std::vector<Subcommand>& commands);

// The strategy a command plays or reviews with, and its settings.
struct StrategyChoice {
  std::string name = "full";
  StrategySettings settings;
};

// --strategy, --budget-ms, --rank-points and --param (repeatable: NAME=VALUE, one of `tenbin
// params`; an unknown name or a bad value is a usage error).
void add_strategy_options(CLI::App& app, StrategyChoice& choice);

// --param alone (repeatable: NAME=VALUE sets one of `params`; an unknown name or a bad value is a
// usage error), for a subcommand that reads full's tunables without playing (danger-table).
void add_param_option(CLI::App& app, FullParams& params, const std::string& description);

// --strategy alone, for a subcommand that plays beside a log (replay, review).
void add_strategy_name_option(CLI::App& app, StrategyChoice& choice);

}  // namespace tenbin
