// `tenbin`: the mjai bot process and its calculation subcommands; each subcommand registers its
// own options beside its code (bot/commands/), and this file only dispatches.
//
//   tenbin [--seat N] [--strategy full] [--reply-every] [--meta]   mjai on stdin/stdout
//   tenbin --dialect akochan --seat N                        akochan's pipe dialect (Mortal's arena)
//   tenbin --connect HOST:PORT[/ROOM] --name NAME           TCP client of an mjai server
//   tenbin --riichilab wss://HOST/ws/validate               one RiichiLab game (RIICHILAB_TOKEN)
//   tenbin [--name NAME] mjsonp://HOST:PORT/ROOM              the same, as the original server starts a player
//   tenbin score | shanten                                  JSON lines calculators
//   tenbin nanikiru [--seat N < log.jsonl]                  the DP's values for every discard
//   tenbin replay --seat N < log.jsonl                      the bot beside a played game
//   tenbin review --seat N LOG > review.html                one game reviewed beside the strategy
//   tenbin convert tenhou6 < game.json > game.mjson        a tenhou.net/6 game as an mjai log
//   tenbin danger --seat N < log.jsonl                      MJ-0: the wall and each tile's danger
//   tenbin modes < log.jsonl                                MJ-0's mode rule at every hand's end
//   tenbin params [--param NAME=VALUE]                      full's tunables and their values
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "bot/commands/calc_commands.hpp"
#include "bot/commands/danger_command.hpp"
#include "bot/commands/modes_command.hpp"
#include "bot/commands/nanikiru_command.hpp"
#include "bot/commands/params_command.hpp"
#include "bot/commands/play_command.hpp"
#include "bot/commands/replay.hpp"
#include "bot/commands/review_command.hpp"
#include "bot/commands/tenhou6.hpp"

namespace tenbin {
extern const char* const kVersion;  // `git describe` at build time (cmake/version.cmake)
}

namespace {

void set_up_logging(const std::string& level) {
  auto logger = spdlog::stderr_color_mt("tenbin");
  logger->set_pattern("[%H:%M:%S.%e] [tenbin] [%l] %v");
  spdlog::set_default_logger(logger);
  spdlog::set_level(spdlog::level::from_str(level));
  spdlog::flush_on(spdlog::level::warn);
}

int run_main(int argc, char** argv) {
  CLI::App app{"Tenbin: a riichi mahjong AI that plays as an mjai bot"};
  app.set_version_flag("--version", std::string("tenbin ") + tenbin::kVersion);
  std::string log_level = "info";
  app.add_option("--log-level", log_level, "trace, debug, info, warn, error or off (stderr)")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}));
  tenbin::PlayOptions play;
  tenbin::add_play_options(app, play);
  // The main options (--log-level, --strategy, ...) may also follow a subcommand.
  app.fallthrough();
  const std::vector<tenbin::Subcommand> commands = {
      tenbin::add_score_command(app),          tenbin::add_shanten_command(app),
      tenbin::add_replay_command(app, play.strategy), tenbin::add_review_command(app, play.strategy),
      tenbin::add_convert_command(app),        tenbin::add_nanikiru_command(app),
      tenbin::add_danger_command(app),         tenbin::add_modes_command(app),
      tenbin::add_params_command(app, play.strategy),
  };

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return app.exit(error) == 0 ? 0 : 2;  // --help is fine; every bad option is a usage error
  }
  set_up_logging(log_level);
  std::ios::sync_with_stdio(false);
  if (const std::optional<int> status = tenbin::run_parsed(commands)) return *status;
  return tenbin::run_play(play);
}

}  // namespace

// Exit status: 0 done, 1 the server failed us (see tcp_client.hpp), 2 a usage error, 3 any other
// error (its message on stderr).
int main(int argc, char** argv) {
  try {
    return run_main(argc, argv);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "tenbin: %s\n", error.what());
    return 3;
  }
}
