#include "bot/commands/review_command.hpp"

#include <spdlog/spdlog.h>

#include <iostream>
#include <memory>
#include <optional>

#include <CLI/CLI.hpp>

#include "bot/commands/review.hpp"
#include "bot/commands/review_html.hpp"
#include "engine/mjai_log.hpp"

namespace tenbin {

int run_review_command(const ReviewOptions& options, const std::string& strategy, const StrategySettings& settings,
                       std::ostream& out) {
  const MjaiLogFile file = read_mjai_log_file(options.log);
  if (file.problem) {
    spdlog::error("review: {}", file.problem->message(options.log));
    return 3;
  }
  int seat = options.seat;
  if (!options.player.empty()) {
    const std::optional<int> found = seat_of_player(file.lines, options.player);
    if (!found) {
      spdlog::error("review: no seat of {} is named \"{}\" in start_game", options.log, options.player);
      return 2;
    }
    seat = *found;
  }
  if (seat < 0) {
    spdlog::error("review: give --seat N or --player NAME");
    return 2;
  }
  const Review review = review_game(file.lines, seat, make_policy(strategy, settings));
  if (options.format == "json") {
    write_review_json(review, out);
  } else {
    write_review_html(review, out);
  }
  spdlog::info("review of seat {}: {} of {} decisions agree", seat, review.agreements, review.decisions.size());
  return 0;
}


Subcommand add_review_command(CLI::App& app, StrategyChoice& strategy) {
  auto options = std::make_shared<ReviewOptions>();
  CLI::App* command = app.add_subcommand("review", "Review one seat's game beside the strategy: an HTML page or JSON lines");
  CLI::Option* seat = command->add_option("--seat", options->seat, "the seat reviewed")->check(CLI::Range(0, 3));
  command->add_option("--player", options->player, "the seat whose start_game name this is")->excludes(seat);
  add_strategy_name_option(*command, strategy);
  command->add_option("--format", options->format, "html (default) or json (JSON lines)")->check(CLI::IsMember({"html", "json"}));
  command->add_option("log", options->log, "the mjai log (one event a line)")->required();
  return {command, [options, &strategy] {
            return run_review_command(*options, strategy.name, strategy.settings, std::cout);
          }};
}

}  // namespace tenbin
