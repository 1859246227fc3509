// `tenbin-arena`: seeded, verifiable matches between any four mjai commands; each subcommand
// registers its own options beside its code, and this file only dispatches.
//
//   tenbin-arena --seat [NAME=]CMD x4 [--seat-dialect D] [--timeout-ms T] --games N --seed S --out DIR
//                [--duplicate] [--jobs J] [--resume] [--format hanchan|tonpuu]
//                [--shard I/N]   only the games of shard I of N (the four rotations of a wall together)
//                [--starts BOOK] each game from a hand of the start book, not East 1 (eval/match/start_book.hpp)
//   tenbin-arena merge OUT SHARD...  the shards of one match, merged into the match a whole run writes
//   tenbin-arena verify DIR          recompute every wall and commitment, referee every game again
//   tenbin-arena validate LOG...     replay logs through the engine; exit 1 at the first discrepancy
//   tenbin-arena report DIR          the match as one self-contained page, DIR/report.html
//   tenbin-arena tenpai-data IN...   every discard of full logs (files or match directories) with
//                                    the tenpai model's features and the real tenpai, as CSV
//   tenbin-arena calibrate --fit IN... --test IN...   deal-in forecasts against riichi: MJ-0 and
//                                    two baselines fitted on the --fit logs, scored on --test
//   tenbin-arena starts --at S4 IN...  a start book: that hand's start in every game of the inputs
//   tenbin-arena wall-experiment DIR...   name the kinds left in the live wall: MJ-0 vs unseen count
//   tenbin-arena compare DIR_A NAME_A DIR_B NAME_B   paired difference on the same walls
//   tenbin-arena split DIR_A NAME_A DIR_B NAME_B     the same, by the hand where the games part
//   tenbin-arena pool DIR_A NAME_A DIR_B NAME_B [...]   several pairs, joined by inverse variance
//   tenbin-arena sprt DIR_A NAME_A DIR_B NAME_B [--pt0 X --pt1 Y --alpha A --beta B]
//                                    sequential test: is B better than A by pt1 or by pt0 at most
//   tenbin-arena fit-luck DIR... --out FILE   the luck adjustment's value estimate, fitted on matches
//   tenbin-arena luck LOG...         each hand's luck per seat, a JSON line per game
//   tenbin-arena danger-table IN... [--name NAME]   MJ-0's deal-in forecasts on every discard by bucket
#include <csignal>
#include <cstdio>
#include <vector>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "eval/check/validate.hpp"
#include "eval/check/verify.hpp"
#include "eval/match/match_command.hpp"
#include "eval/match/merge.hpp"
#include "eval/match/start_book.hpp"
#include "eval/report/compare.hpp"
#include "eval/report/fit_luck.hpp"
#include "eval/report/luck_command.hpp"
#include "eval/report/report.hpp"
#include "eval/report/split.hpp"
#include "eval/report/sprt.hpp"
#include "eval/study/calibration.hpp"
#include "eval/study/danger_table.hpp"
#include "eval/study/tenpai_data.hpp"
#include "eval/study/wall_experiment.hpp"

namespace {

int run_main(int argc, char** argv) {
  std::signal(SIGPIPE, SIG_IGN);  // a bot that dies mid-write must not take the arena with it
  std::signal(SIGXFSZ, SIG_IGN);  // a file size limit fails the write (and stops the match) instead
  auto logger = spdlog::stderr_color_mt("arena");
  logger->set_pattern("[%H:%M:%S] [arena] [%l] %v");
  spdlog::set_default_logger(logger);
  spdlog::set_level(spdlog::level::warn);

  namespace arena = tenbin::arena;
  CLI::App app{"tenbin-arena: seeded, verifiable matches between mjai bots"};
  arena::MatchCommandLine match;
  arena::add_match_options(app, match);
  const std::vector<tenbin::Subcommand> commands = {
      arena::add_merge_command(app),       arena::add_verify_command(app),
      arena::add_validate_command(app),    arena::add_report_command(app),
      arena::add_tenpai_data_command(app), arena::add_calibrate_command(app),
      arena::add_starts_command(app),      arena::add_wall_experiment_command(app),
      arena::add_compare_command(app), arena::add_pool_command(app),     arena::add_split_command(app),
      arena::add_sprt_command(app),        arena::add_fit_luck_command(app),
      arena::add_luck_command(app),        arena::add_danger_table_command(app),
  };

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return app.exit(error) == 0 ? 0 : 2;  // --help is fine; every bad option is a usage error
  }
  if (const std::optional<int> status = tenbin::run_parsed(commands)) return *status;
  return arena::run_match_command(match);
}

}  // namespace

// Exit status: 0 done (verify, validate: no problem), 1 verify or validate found a problem,
// 2 a usage error or unusable settings, 3 stopped by an error (its message on stderr), 128 + the
// signal when SIGINT or SIGTERM interrupted the match.
int main(int argc, char** argv) {
  try {
    return run_main(argc, argv);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "tenbin-arena: %s\n", error.what());
    return 3;
  }
}
