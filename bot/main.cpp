// `tenbin`: the mjai bot process and its calculation subcommands.
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
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "bot/commands/calc_commands.hpp"
#include "bot/commands/danger_command.hpp"
#include "bot/protocol/json_line.hpp"
#include "bot/protocol/akochan_pipe.hpp"
#include "bot/protocol/mjai_bot.hpp"
#include "bot/commands/nanikiru_command.hpp"
#include "bot/strategy/policy.hpp"
#include "bot/commands/replay.hpp"
#include "bot/commands/review_command.hpp"
#include "bot/commands/tenhou6.hpp"
#include "bot/protocol/riichilab.hpp"
#include "bot/protocol/riichilab_client.hpp"
#include "bot/protocol/tcp_client.hpp"

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

int run_stdio(tenbin::MjaiBot& bot, bool akochan) {
  tenbin::LineReader reader(STDIN_FILENO);
  std::string line;
  bool truncated = false;
  while (reader.next(line, truncated)) {
    if (truncated) {
      spdlog::error("rejected input: line longer than 1 MiB dropped (starts: {:.60})", line);
      // Still owe what the dialect wants: one reply to a batch, or to any line with --reply-every.
      const auto first = line.find_first_not_of(" \t\r");
      line = first != std::string::npos && line[first] == '[' ? "[" : "{";
    }
    const std::vector<std::string> replies = akochan ? tenbin::akochan_pipe_line(bot, line) : bot.on_line(line);
    for (const std::string& reply : replies) std::cout << reply << '\n' << std::flush;
  }
  spdlog::info("end of input after {} decisions ({} lines rejected)", bot.decisions(), bot.rejected_lines());
  return 0;
}

int run_main(int argc, char** argv) {
  CLI::App app{"Tenbin: a riichi mahjong AI that plays as an mjai bot"};
  app.set_version_flag("--version", std::string("tenbin ") + tenbin::kVersion);
  std::string log_level = "info";
  app.add_option("--log-level", log_level, "trace, debug, info, warn, error or off (stderr)")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}));

  tenbin::BotOptions options;
  std::string strategy = "full";
  tenbin::StrategySettings strategy_settings;
  std::vector<double> rank_points;
  std::string connect;
  app.add_option("--seat", options.seat, "seat 0-3 until start_game.id says otherwise")
      ->check(CLI::Range(0, 3));
  app.add_option("--strategy", strategy, "full (default), greedy, tsumogiri, or an ablation of full")
      ->check(CLI::IsMember(tenbin::policy_names()));
  app.add_option("--budget-ms", strategy_settings.budget_ms,
                 "full: work allowed per decision (fewer samples and DP options below 300 and 60 ms)")
      ->check(CLI::Range(1, 600000));
  std::string match = "hanchan";
  auto* match_option = app.add_option("--match", match,
                                      "full: the match's length, for placement: hanchan (default) or east (RiichiLab's "
                                      "/ws/validate sets east)")
                           ->check(CLI::IsMember({"east", "hanchan"}));
  app.add_option("--rank-points", rank_points, "full: rank points of 1st..4th, e.g. 90,45,0,-135")
      ->delimiter(',')
      ->expected(4);
  app.add_flag("--meta", options.meta, "each decision's reply carries the strategy's figures as \"meta\"");
  app.add_flag("--reply-every", options.reply_every,
               "answer every event line, with none when idle (original server style)");
  std::string dialect = "mjai";
  app.add_option("--dialect", dialect, "stdin/stdout dialect: mjai (default; one event or one array a line) or akochan (pipe mode)")
      ->check(CLI::IsMember({"mjai", "akochan"}));
  app.add_option("--connect", connect, "play as a TCP client of an mjai server: HOST:PORT[/ROOM]");
  app.add_option("--name", options.name, "player name sent to the server (UTF-8)");
  int connect_timeout_s = static_cast<int>(tenbin::kDefaultConnectTimeout.count());
  app.add_option("--connect-timeout", connect_timeout_s, "seconds to wait for the server to speak (default 30)")
      ->check(CLI::Range(1, 86400));
  int read_timeout_s = static_cast<int>(tenbin::kDefaultReadTimeout.count());
  app.add_option("--read-timeout", read_timeout_s,
                 "--connect, --riichilab: seconds a server may stay silent during a game (default 300; 0 waits for ever)")
      ->check(CLI::Range(0, 86400));
  std::string riichilab;
  tenbin::RiichiLabOptions riichilab_options;
  app.add_option("--riichilab", riichilab,
                 "play one RiichiLab game: wss://HOST/ws/validate or /ws/ranked (ws:// too); the token "
                 "is read from RIICHILAB_TOKEN");
  app.add_option("--riichilab-logs", riichilab_options.log_dir, "where each RiichiLab game's mjai log is written");
  app.add_option("--games", riichilab_options.games, "--riichilab: games played one after another (default 1)")
      ->check(CLI::Range(1, 100000));
  // The original server runs a player's command with the server's URL appended.
  std::string server_url;
  app.add_option("server", server_url, "mjsonp://HOST:PORT/ROOM: as --connect (how the original server starts a player)")
      ->check([](const std::string& url) {
        return url.rfind("mjsonp://", 0) == 0 ? std::string() : "expected mjsonp://HOST:PORT/ROOM, got \"" + url + "\"";
      });

  // The main options (--log-level, --strategy, ...) may also follow a subcommand.
  app.fallthrough();
  auto* score = app.add_subcommand("score", "Score winning hands: one JSON object per line");
  auto* shanten = app.add_subcommand("shanten", "Shanten and ukeire: one JSON object per line");
  auto* replay = app.add_subcommand("replay", "Replay a game log as one seat: the bot beside the play");
  int replay_seat = 0;
  replay->add_option("--seat", replay_seat, "the seat to replay")->required()->check(CLI::Range(0, 3));
  replay->add_option("--strategy", strategy, "the strategy beside the play (default full)")->check(CLI::IsMember(tenbin::policy_names()));
  tenbin::ReviewOptions review_options;
  auto* review = app.add_subcommand("review", "Review one seat's game beside the strategy: an HTML page or JSON lines");
  auto* review_seat = review->add_option("--seat", review_options.seat, "the seat reviewed")->check(CLI::Range(0, 3));
  review->add_option("--player", review_options.player, "the seat whose start_game name this is")->excludes(review_seat);
  review->add_option("--strategy", strategy, "the strategy beside the play (default full)")->check(CLI::IsMember(tenbin::policy_names()));
  review->add_option("--format", review_options.format, "html (default) or json (JSON lines)")->check(CLI::IsMember({"html", "json"}));
  review->add_option("log", review_options.log, "the mjai log (one event a line)")->required();
  auto* convert = app.add_subcommand("convert", "Convert another format's game log to mjai lines (stdin to stdout)");
  std::string convert_format;
  convert->add_option("format", convert_format, "tenhou6: the tenhou.net/6 JSON format")->required()->check(CLI::IsMember({"tenhou6"}));
  auto* nanikiru = app.add_subcommand(
      "nanikiru", "Win probability and expected score for every discard: one JSON object per line "
                  "in, one line per candidate out; with --seat N, the position at the end of a log");
  int nanikiru_seat = -1;
  tenbin::dp::Options nanikiru_options;
  std::string nanikiru_riichi = "auto";
  nanikiru->add_option("--seat", nanikiru_seat, "read an mjai log and answer for this seat's last position")
      ->check(CLI::Range(0, 3));
  nanikiru->add_flag("!--no-shanten-back", nanikiru_options.shanten_back, "log mode: no shanten-back");
  nanikiru->add_flag("!--no-hand-change", nanikiru_options.hand_change, "log mode: no hand changes");
  nanikiru->add_option("--riichi", nanikiru_riichi, "log mode: auto, always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));

  auto* danger = app.add_subcommand(
      "danger", "MJ-0 on the position at the end of an mjai log: the wall estimate and, for every "
                "tile, the deal-in probability per opponent and the expected loss");
  tenbin::DangerOptions danger_options;
  danger->add_option("--seat", danger_options.seat, "the seat whose view of the log is read")
      ->required()
      ->check(CLI::Range(0, 3));
  danger->add_option("--samples", danger_options.samples, "joint draws of the opponents' hands")
      ->check(CLI::Range(1, 1000000));
  danger->add_option("--seed", danger_options.seed, "the sampler's seed");
  danger->add_flag("--exact", danger_options.exact, "exact tenpai-form count for each riichi opponent");
  danger->add_flag("--json", danger_options.json, "one JSON object instead of the table");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return app.exit(error) == 0 ? 0 : 2;  // --help is fine; every bad option is a usage error
  }
  if (!tenbin::is_utf8(options.name)) {
    std::fprintf(stderr, "--name: not valid UTF-8 (it is sent to the server as JSON)\n");
    return 2;
  }
  if (!server_url.empty() && !connect.empty() && server_url != connect) {
    std::cerr << "give the server once: --connect " << connect << " and " << server_url << " disagree\n";
    return 2;
  }
  if (connect.empty()) connect = server_url;
  if (!rank_points.empty()) std::copy(rank_points.begin(), rank_points.end(), strategy_settings.rank_points.begin());
  // The host says how long the match is where it can: RiichiLab's validation game is East-only.
  const bool east = match_option->count() > 0 ? match == "east" : tenbin::riichilab::is_east_only_url(riichilab);
  strategy_settings.match = east ? tenbin::MatchLength::east : tenbin::MatchLength::hanchan;
  set_up_logging(log_level);
  std::ios::sync_with_stdio(false);

  if (score->parsed()) {
    tenbin::serve_json_lines(std::cin, std::cout, tenbin::score_request);
    return 0;
  }
  if (shanten->parsed()) {
    tenbin::serve_json_lines(std::cin, std::cout, tenbin::shanten_request);
    return 0;
  }
  if (nanikiru->parsed()) {
    if (nanikiru_seat < 0) {
      tenbin::serve_nanikiru(std::cin, std::cout);
      return 0;
    }
    nanikiru_options.riichi = tenbin::parse_riichi_mode(nanikiru_riichi);
    return tenbin::serve_nanikiru_log(std::cin, std::cout, nanikiru_seat, nanikiru_options);
  }
  if (danger->parsed()) return tenbin::run_danger(std::cin, std::cout, danger_options);
  if (convert->parsed()) return tenbin::run_convert_tenhou6(std::cin, std::cout);
  if (review->parsed()) return tenbin::run_review_command(review_options, strategy, strategy_settings, std::cout);
  if (replay->parsed()) {
    tenbin::run_replay(std::cin, std::cout, replay_seat, tenbin::make_policy(strategy, strategy_settings));
    return 0;
  }

  tenbin::MjaiBot bot(tenbin::make_policy(strategy, strategy_settings), options);
  if (!riichilab.empty()) {
    try {
      const tenbin::WebSocketAddress address = tenbin::parse_websocket_url(riichilab);
      if (const char* token = std::getenv("RIICHILAB_TOKEN")) riichilab_options.token = token;
      riichilab_options.budget_ms = strategy_settings.budget_ms;
      riichilab_options.read_timeout = std::chrono::seconds(read_timeout_s);
      return tenbin::run_riichilab(address, bot, riichilab_options);
    } catch (const std::invalid_argument& error) {
      spdlog::error("{}", error.what());
      return 2;
    }
  }
  if (!connect.empty()) {
    try {
      const tenbin::ServerAddress address = tenbin::parse_server_address(connect);
      options.room = address.room;
      options.original_server = true;
      tenbin::MjaiBot tcp_bot(tenbin::make_policy(strategy, strategy_settings), options);
      return tenbin::run_tcp_client(address, tcp_bot, std::chrono::seconds(connect_timeout_s),
                                    std::chrono::seconds(read_timeout_s));
    } catch (const std::invalid_argument& error) {
      spdlog::error("{}", error.what());
      return 2;
    }
  }
  return run_stdio(bot, dialect == "akochan");
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
