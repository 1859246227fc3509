// `tenbin-arena fit-luck DIR... --out FILE`: fits the luck adjustment's value estimate
// (eval/report/luck_value) on finished matches, as control variates are fitted: a seat's luck in a
// hand is linear in the unknowns (the features' weights and the dealing table's cells), so each
// unknown's share of the luck is summed over the hand's chance events, and the shares are
// regressed by least squares on the seat's score change. The weights that leave the least
// variance in the score change less its luck are those found. Fit on matches other than those
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
