// `tenbin-arena` without a subcommand: play a match. Its options: the four seats (--seat, and
// --seat-dialect and --timeout-ms for the seat they follow), the games, the seed, the output
// directory and how the games are dealt and run.
#pragma once

#include <string>
#include <vector>

#include "eval/match/match.hpp"

namespace CLI {
class App;
}

namespace tenbin::arena {

struct MatchCommandLine {
  MatchConfig config;
  std::vector<SeatSpec> seats;
  SeatSpec seat_defaults;  // --seat-dialect and --timeout-ms before any --seat
  std::string format = "hanchan";
  bool quiet = false;
};

void add_match_options(CLI::App& app, MatchCommandLine& options);

// Plays the match; 2 without exactly four seats.
int run_match_command(MatchCommandLine& options);

}  // namespace tenbin::arena
