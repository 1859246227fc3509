// `tenbin-arena`: seeded, verifiable matches between any four mjai commands.
//
//   tenbin-arena --seat [NAME=]CMD x4 [--seat-dialect D] [--timeout-ms T] --games N --seed S --out DIR
//                [--duplicate] [--jobs J] [--resume] [--format hanchan|tonpuu]
//                [--shard I/N]   only the games of shard I of N (the four rotations of a wall together)
//                [--starts BOOK] each game from a hand of the start book, not East 1 (eval/start_book.hpp)
//   tenbin-arena merge OUT SHARD...  the shards of one match, merged into the match a whole run writes
//   tenbin-arena verify DIR          recompute every wall, check commitments and every tile dealt
//   tenbin-arena validate LOG...     replay logs through the engine; exit 1 at the first discrepancy
//   tenbin-arena report DIR          the match as one self-contained page, DIR/report.html
//   tenbin-arena compare DIR_A NAME_A DIR_B NAME_B   paired difference on the same walls
//   tenbin-arena split DIR_A NAME_A DIR_B NAME_B     the same, by the hand where the games part
//   tenbin-arena sprt DIR_A NAME_A DIR_B NAME_B [--pt0 X --pt1 Y --alpha A --beta B]
//                                    sequential test: is B better than A by pt1 or by pt0 at most
//   tenbin-arena tenpai-data IN...   every discard of full logs (files or match directories) with
//                                    the tenpai model's features and the real tenpai, as CSV
//   tenbin-arena calibrate --fit IN... --test IN...   deal-in forecasts against riichi: MJ-0 and
//                                    two baselines fitted on the --fit logs, scored on --test
//   tenbin-arena starts --at S4 IN...  a start book: that hand's start in every game of the inputs
//   tenbin-arena wall-experiment DIR...   name the kinds left in the live wall: MJ-0 vs unseen count
//
// --seat-dialect and --timeout-ms apply to the --seat they follow (before any --seat: to all).
#include <csignal>
#include <cstdio>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "eval/calibration.hpp"
#include "eval/compare.hpp"
#include "eval/match.hpp"
#include "eval/merge.hpp"
#include "eval/report.hpp"
#include "eval/split.hpp"
#include "eval/sprt.hpp"
#include "eval/tenpai_data.hpp"
#include "eval/wall_experiment.hpp"
#include "eval/validate.hpp"
#include "eval/verify.hpp"

namespace {

using tenbin::arena::SeatSpec;

// An unsigned option given a minus sign would wrap around (-5 becoming 18446744073709551611).
const CLI::Validator kNotNegative(
    [](std::string& value) { return value.find('-') == std::string::npos ? std::string() : "must not be negative"; },
    "NON-NEGATIVE");

// "[NAME=]CMD": the name is what comes before an '=' that precedes any space.
SeatSpec seat_of(const std::string& value, const SeatSpec& defaults) {
  SeatSpec spec = defaults;
  const auto equals = value.find('=');
  const auto space = value.find(' ');
  const bool named = equals != std::string::npos && (space == std::string::npos || equals < space);
  spec.name = named ? value.substr(0, equals) : value;
  spec.command = named ? value.substr(equals + 1) : value;
  if (spec.command.empty()) throw CLI::ValidationError("--seat", "needs a command");
  return spec;
}

// --seat, and --seat-dialect and --timeout-ms for the --seat they follow (before any --seat: for
// every seat). Each is taken as it is parsed, so the order on the command line decides.
void add_seat_options(CLI::App& app, std::vector<SeatSpec>& seats, SeatSpec& defaults) {
  const auto target = [&seats, &defaults]() -> SeatSpec& { return seats.empty() ? defaults : seats.back(); };
  app.add_option_function<std::string>("--seat", [&seats, &defaults](const std::string& value) {
       seats.push_back(seat_of(value, defaults));
     }, "[NAME=]CMD, four times")
      ->trigger_on_parse();
  app.add_option_function<std::string>("--seat-dialect", [target](const std::string& value) {
       target().dialect = tenbin::arena::parse_dialect(value);
     }, "mortal, batch or akochan")
      ->check(CLI::IsMember({"mortal", "batch", "akochan"}))
      ->trigger_on_parse();
  app.add_option_function<int>("--timeout-ms", [target](int value) { target().timeout_ms = value; },
                               "reply timeout in milliseconds")
      ->check(CLI::TypeValidator<int>("INT"))
      ->check(CLI::Range(1, std::numeric_limits<int>::max()))
      ->trigger_on_parse();
}

int run_main(int argc, char** argv) {
  std::signal(SIGPIPE, SIG_IGN);  // a bot that dies mid-write must not take the arena with it
  std::signal(SIGXFSZ, SIG_IGN);  // a file size limit fails the write (and stops the match) instead
  auto logger = spdlog::stderr_color_mt("arena");
  logger->set_pattern("[%H:%M:%S] [arena] [%l] %v");
  spdlog::set_default_logger(logger);
  spdlog::set_level(spdlog::level::warn);

  CLI::App app{"tenbin-arena: seeded, verifiable matches between mjai bots"};
  tenbin::arena::MatchConfig config;
  std::string format = "hanchan";
  bool quiet = false;
  std::vector<SeatSpec> seats;
  SeatSpec seat_defaults;
  add_seat_options(app, seats, seat_defaults);
  app.add_option("--games", config.games, "games to play")->check(CLI::TypeValidator<int>("INT"))->check(CLI::Range(1, 10000000));
  app.add_option("--seed", config.seed, "match seed (walls are a pure function of it)")->check(kNotNegative);
  app.add_option("--out", config.out_dir, "output directory");
  app.add_flag("--duplicate", config.duplicate, "play each seed with the commands rotated through all four seats");
  app.add_option("--jobs", config.jobs, "games played in parallel")->check(CLI::TypeValidator<int>("INT"))->check(CLI::Range(1, 1024));
  app.add_flag("--resume", config.resume, "continue the match in --out, skipping finished games");
  app.add_option("--format", format, "hanchan or tonpuu")->check(CLI::IsMember({"hanchan", "tonpuu"}));
  app.add_flag("--quiet", quiet, "no progress bar");
  app.add_option_function<std::string>("--shard", [&config](const std::string& value) {
       try {
         config.shard = tenbin::arena::parse_shard(value);
       } catch (const std::invalid_argument& error) {
         throw CLI::ValidationError(error.what());
       }
     }, "I/N: play only shard I of N (games whose wall group is I modulo N); merge the shards with `merge`");
  app.add_option_function<std::string>("--starts", [&config](const std::string& path) {
       try {
         config.starts = tenbin::arena::read_start_book(path);
       } catch (const std::runtime_error& error) {
         throw CLI::ValidationError(error.what());
       }
     }, "start book: each game starts at a hand of it (JSON lines: bakaze, kyoku, honba, kyotaku, scores), not East 1");
  app.footer("Seats: --seat [NAME=]CMD (four times); --seat-dialect mortal|batch|akochan and --timeout-ms MS\n"
             "apply to the --seat they follow. \"{seat}\" in CMD is replaced by the seat number.");

  auto* merge = app.add_subcommand("merge", "merge the shards of one match into the match a whole run writes");
  std::string merge_out;
  std::vector<std::string> merge_shards;
  merge->add_option("out", merge_out, "new match directory")->required();
  merge->add_option("shards", merge_shards, "the shard directories (every shard, once)")->required();
  auto* verify = app.add_subcommand("verify", "check a match directory's walls, commitments and logs");
  std::string verify_dir;
  verify->add_option("dir", verify_dir, "match directory")->required();
  auto* validate = app.add_subcommand("validate", "replay full game logs through the engine");
  std::vector<std::string> logs;
  validate->add_option("logs", logs, "mjai logs (one event per line)")->required();
  auto* report = app.add_subcommand("report", "write DIR/report.html: the match's figures and plots in one page");
  std::string report_dir;
  std::string chart_js = tenbin::arena::kDebianChartJs;
  report->add_option("dir", report_dir, "match directory")->required();
  report->add_option("--chart-js", chart_js, "Chart.js to inline (Debian's libjs-chart.js by default)");
  auto* tenpai_data = app.add_subcommand("tenpai-data", "labelled discards for the tenpai model's fit, as CSV");
  std::vector<std::string> tenpai_inputs;
  tenpai_data->add_option("inputs", tenpai_inputs, "full game logs or match directories")->required();
  auto* calibrate = app.add_subcommand("calibrate", "deal-in forecasts against riichi: MJ-0 and two baselines");
  std::vector<std::string> fit_inputs;
  std::vector<std::string> test_inputs;
  tenbin::arena::CalibrationSettings calibration;
  calibrate->add_option("--fit", fit_inputs, "logs or match directories the baselines are fitted on")->required();
  calibrate->add_option("--test", test_inputs, "logs or match directories every model is scored on")->required();
  calibrate->add_option("--samples", calibration.samples, "MJ-0 samples per discard")->check(CLI::Range(1, 100000000));
  calibrate->add_option("--mj0-seed", calibration.seed, "MJ-0 seed of the first discard");
  auto* starts = app.add_subcommand("starts", "a start book: one hand's start in every game of full logs, as JSON lines");
  std::vector<std::string> start_inputs;
  std::string start_at = "S4";
  starts->add_option("--at", start_at, "the hand: round and kyoku, like S4");
  starts->add_option("inputs", start_inputs, "full game logs or match directories")->required();
  auto* wall_experiment = app.add_subcommand("wall-experiment", "name the kinds left in the live wall: MJ-0 vs unseen count");
  std::vector<std::string> wall_dirs;
  tenbin::arena::WallSettings wall_settings;
  wall_experiment->add_option("dirs", wall_dirs, "match directories (their seed gives the walls)")->required();
  wall_experiment->add_option("--samples", wall_settings.samples, "MJ-0 samples per position")->check(CLI::Range(1, 100000000));
  wall_experiment->add_option("--max-live", wall_settings.max_live, "positions: at most this many live tiles left")
      ->check(CLI::Range(1, 70));
  wall_experiment->add_option("--mj0-seed", wall_settings.seed, "MJ-0 seed of the first position");
  const tenbin::Subcommand compare = tenbin::arena::add_compare_command(app);
  const tenbin::Subcommand split = tenbin::arena::add_split_command(app);
  const tenbin::Subcommand sprt = tenbin::arena::add_sprt_command(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return app.exit(error) == 0 ? 0 : 2;  // --help is fine; every bad option is a usage error
  }

  if (merge->parsed()) return tenbin::arena::merge_shards(merge_out, merge_shards, std::cout, std::cerr);
  if (verify->parsed()) return tenbin::arena::verify_match(verify_dir, std::cout);
  if (validate->parsed()) return tenbin::arena::validate_logs(logs, std::cout);
  if (compare.app->parsed()) return compare.run();
  if (split.app->parsed()) return split.run();
  if (sprt.app->parsed()) return sprt.run();
  if (report->parsed()) return tenbin::arena::write_report(report_dir, chart_js, std::cout, std::cerr);
  if (tenpai_data->parsed()) return tenbin::arena::write_tenpai_data(tenpai_inputs, std::cout, std::cerr);
  if (calibrate->parsed()) {
    return tenbin::arena::calibrate_command(fit_inputs, test_inputs, calibration, std::cout, std::cerr);
  }
  if (starts->parsed()) return tenbin::arena::write_start_book(start_inputs, start_at, std::cout, std::cerr);
  if (wall_experiment->parsed()) {
    return tenbin::arena::wall_experiment_command(wall_dirs, wall_settings, std::cout, std::cerr);
  }

  if (seats.size() != 4) {
    std::fprintf(stderr, "tenbin-arena: exactly four --seat options are needed (got %zu)\n", seats.size());
    return 2;
  }
  for (int i = 0; i < 4; ++i) config.seats[i] = seats[i];
  config.tonpuu = format == "tonpuu";
  config.progress = !quiet;
  return tenbin::arena::run_match(config);
}

}  // namespace

// Exit status: 0 done (verify, validate: no problem), 1 verify or validate found a problem,
// 2 a usage error or unusable settings, 3 stopped by an error (its message on stderr).
int main(int argc, char** argv) {
  try {
    return run_main(argc, argv);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "tenbin-arena: %s\n", error.what());
    return 3;
  }
}
