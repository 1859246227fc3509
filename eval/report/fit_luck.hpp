// `tenbin-arena fit-luck DIR... --out FILE`: fits the luck adjustment's value estimate
// (eval/report/luck_value) on finished matches. The seats' figures after every chance event of a
// dealt hand are regressed by least squares on the hand's score change, each seat's figures less
// the mean of the other three's; the dealing table is then the mean fitted value of a seat's
// dealt hand, by the tiles it had been dealt and their shanten. Fit on matches other than those
// the adjustment will judge.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "bot/commands/subcommand.hpp"
#include "eval/report/luck_value.hpp"

namespace tenbin::arena {

// Fits a model on the games of these match directories; throws std::runtime_error when there is
// nothing to fit on.
LuckModel fit_luck_model(const std::vector<std::string>& dirs, std::ostream& progress);

Subcommand add_fit_luck_command(CLI::App& app);

}  // namespace tenbin::arena
