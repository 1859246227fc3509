// The `tenbin review` command: reads the log, finds the seat, writes the page or the JSON lines.
#pragma once

#include <iosfwd>
#include <string>

#include "bot/commands/subcommand.hpp"
#include "bot/strategy/policy.hpp"

namespace tenbin {

struct ReviewOptions {
  std::string log;
  int seat = -1;
  std::string player;     // instead of seat: the seat with this start_game name
  std::string format = "html";
};

// Exit status: 0 done, 2 no such player or no seat given, 3 an unreadable log (the file and line
// on stderr).
int run_review_command(const ReviewOptions& options, const std::string& strategy, const StrategySettings& settings,
                       std::ostream& out);

// `tenbin review --seat N LOG`: the options above, then run_review_command.
Subcommand add_review_command(CLI::App& app, StrategyChoice& strategy);

}  // namespace tenbin
