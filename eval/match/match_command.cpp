#include "eval/match/match_command.hpp"

#include <cstdio>
#include <limits>
#include <stdexcept>

#include <CLI/CLI.hpp>

#include "bot/commands/seed_option.hpp"
#include "eval/match/start_book.hpp"

namespace tenbin::arena {
namespace {

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
       target().dialect = parse_dialect(value);
     }, "mortal, batch or akochan")
      ->check(CLI::IsMember({"mortal", "batch", "akochan"}))
      ->trigger_on_parse();
  app.add_option_function<int>("--timeout-ms", [target](int value) { target().timeout_ms = value; },
                               "reply timeout in milliseconds")
      ->check(CLI::TypeValidator<int>("INT"))
      ->check(CLI::Range(1, std::numeric_limits<int>::max()))
      ->trigger_on_parse();
}

}  // namespace

void add_match_options(CLI::App& app, MatchCommandLine& options) {
  MatchConfig& config = options.config;
  add_seat_options(app, options.seats, options.seat_defaults);
  app.add_option("--games", config.games, "games to play")->check(CLI::TypeValidator<int>("INT"))->check(CLI::Range(1, 10000000));
  app.add_option("--seed", config.seed, "match seed (walls are a pure function of it)")->check(kSeedValidator);
  app.add_option("--out", config.out_dir, "output directory");
  app.add_flag("--duplicate", config.duplicate, "play each seed with the commands rotated through all four seats");
  app.add_option_function<std::string>("--wall", [&config](const std::string& name) {
       config.wall_scheme = *wall_scheme_named(name);
     }, "how a hand's wall is keyed and drawn: tenbin-wall-v2 (its round and repeat; the default), tenbin-wall-v3 "
        "(v2's key, each seat drawing its own live positions) or tenbin-wall-v1 (its index in the game)")
      ->check(CLI::IsMember({wall_scheme_name(WallScheme::by_round), wall_scheme_name(WallScheme::by_round_seat_draws),
                             wall_scheme_name(WallScheme::by_hand)}));
  app.add_option("--jobs", config.jobs, "games played in parallel")->check(CLI::TypeValidator<int>("INT"))->check(CLI::Range(1, 1024));
  app.add_flag("--resume", config.resume, "continue the match in --out, skipping finished games");
  app.add_option("--format", options.format, "hanchan or tonpuu")->check(CLI::IsMember({"hanchan", "tonpuu"}));
  app.add_flag("--quiet", options.quiet, "no progress bar");
  app.add_option_function<std::string>("--shard", [&config](const std::string& value) {
       try {
         config.shard = parse_shard(value);
       } catch (const std::invalid_argument& error) {
         throw CLI::ValidationError(error.what());
       }
     }, "I/N: play only shard I of N (games whose wall group is I modulo N); merge the shards with `merge`");
  app.add_option_function<std::string>("--starts", [&config](const std::string& path) {
       try {
         config.starts = read_start_book(path);
       } catch (const std::runtime_error& error) {
         throw CLI::ValidationError(error.what());
       }
     }, "start book: each game starts at a hand of it (JSON lines: bakaze, kyoku, honba, kyotaku, scores), not East 1");
  app.footer("Seats: --seat [NAME=]CMD (four times); --seat-dialect mortal|batch|akochan and --timeout-ms MS\n"
             "apply to the --seat they follow. \"{seat}\" in CMD is replaced by the seat number.\n"
             "Each seat runs in its own process group, ended whole (children included) when the seat is\n"
             "restarted and when the match ends. A seat that dies, or leaves 3 decisions in a row\n"
             "unanswered (hung), is restarted and re-fed the game; 5 restarts in a row without a reply\n"
             "stop the match (exit 3). SIGINT or SIGTERM ends the seats and exits 128+signal, the finished\n"
             "games kept: --resume continues the match.");
}

int run_match_command(MatchCommandLine& options) {
  if (options.seats.size() != 4) {
    std::fprintf(stderr, "tenbin-arena: exactly four --seat options are needed (got %zu)\n", options.seats.size());
    return 2;
  }
  for (int i = 0; i < 4; ++i) options.config.seats[i] = options.seats[i];
  options.config.tonpuu = options.format == "tonpuu";
  options.config.progress = !options.quiet;
  return run_match(options.config);
}

}  // namespace tenbin::arena
