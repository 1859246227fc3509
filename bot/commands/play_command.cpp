#include "bot/commands/play_command.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <vector>

#include <CLI/CLI.hpp>

#include "bot/protocol/akochan_pipe.hpp"
#include "bot/protocol/host_timeouts.hpp"
#include "bot/protocol/json_line.hpp"
#include "bot/protocol/riichilab.hpp"
#include "bot/protocol/tcp_client.hpp"

namespace tenbin {
namespace {

int run_stdio(MjaiBot& bot, bool akochan) {
  LineReader reader(STDIN_FILENO);
  std::string line;
  bool truncated = false;
  while (reader.next(line, truncated)) {
    if (truncated) {
      spdlog::error("rejected input: line longer than 1 MiB dropped (starts: {:.60})", line);
      // Still owe what the dialect wants: one reply to a batch, or to any line with --reply-every.
      const auto first = line.find_first_not_of(" \t\r");
      line = first != std::string::npos && line[first] == '[' ? "[" : "{";
    }
    const std::vector<std::string> replies = akochan ? akochan_pipe_line(bot, line) : bot.on_line(line);
    for (const std::string& reply : replies) std::cout << reply << '\n' << std::flush;
  }
  spdlog::info("end of input after {} decisions ({} lines rejected)", bot.decisions(), bot.rejected_lines());
  return 0;
}

int run_riichilab_client(PlayOptions& options) {
  try {
    const WebSocketAddress address = parse_websocket_url(options.riichilab);
    if (const char* token = std::getenv("RIICHILAB_TOKEN")) options.riichilab_options.token = token;
    options.riichilab_options.budget_ms = options.strategy.settings.budget_ms;
    options.riichilab_options.read_timeout = std::chrono::seconds(options.read_timeout_s);
    MjaiBot bot(make_policy(options.strategy.name, options.strategy.settings), options.bot);
    return run_riichilab(address, bot, options.riichilab_options);
  } catch (const std::invalid_argument& error) {
    spdlog::error("{}", error.what());
    return 2;
  }
}

int run_tcp(PlayOptions& options) {
  try {
    const ServerAddress address = parse_server_address(options.connect);
    options.bot.room = address.room;
    options.bot.original_server = true;
    MjaiBot bot(make_policy(options.strategy.name, options.strategy.settings), options.bot);
    return run_tcp_client(address, bot, std::chrono::seconds(options.connect_timeout_s),
                          std::chrono::seconds(options.read_timeout_s));
  } catch (const std::invalid_argument& error) {
    spdlog::error("{}", error.what());
    return 2;
  }
}

}  // namespace

void add_play_options(CLI::App& app, PlayOptions& options) {
  app.add_option("--seat", options.bot.seat, "seat 0-3 until start_game.id says otherwise")->check(CLI::Range(0, 3));
  add_strategy_options(app, options.strategy);
  app.add_flag("--meta", options.bot.meta, "each decision's reply carries the strategy's figures as \"meta\"");
  app.add_flag("--reply-every", options.bot.reply_every,
               "answer every event line, with none when idle (original server style)");
  app.add_option("--dialect", options.dialect,
                 "stdin/stdout dialect: mjai (default; one event or one array a line) or akochan (pipe mode)")
      ->check(CLI::IsMember({"mjai", "akochan"}));
  app.add_option("--connect", options.connect, "play as a TCP client of an mjai server: HOST:PORT[/ROOM]");
  app.add_option("--name", options.bot.name, "player name sent to the server (UTF-8)");
  options.connect_timeout_s = static_cast<int>(kDefaultConnectTimeout.count());
  app.add_option("--connect-timeout", options.connect_timeout_s, "seconds to wait for the server to speak (default 30)")
      ->check(CLI::Range(1, 86400));
  options.read_timeout_s = static_cast<int>(kDefaultReadTimeout.count());
  app.add_option("--read-timeout", options.read_timeout_s,
                 "--connect, --riichilab: seconds a server may stay silent during a game (default 300; 0 waits for ever)")
      ->check(CLI::Range(0, 86400));
  app.add_option_function<std::string>(
         "--match", [&options](const std::string& length) {
           options.match = length;
           options.strategy.settings.match = length == "east" ? MatchLength::east : MatchLength::hanchan;
         },
         "full: the match's length, for placement: hanchan (default) or east (RiichiLab's /ws/validate sets east)")
      ->check(CLI::IsMember({"east", "hanchan"}));
  app.add_option("--riichilab", options.riichilab,
                 "play one RiichiLab game: wss://HOST/ws/validate or /ws/ranked (ws:// too); the token "
                 "is read from RIICHILAB_TOKEN");
  app.add_option("--riichilab-logs", options.riichilab_options.log_dir, "where each RiichiLab game's mjai log is written");
  app.add_option("--games", options.riichilab_options.games, "--riichilab: games played one after another (default 1)")
      ->check(CLI::Range(1, 100000));
  // The original server runs a player's command with the server's URL appended.
  app.add_option("server", options.server_url, "mjsonp://HOST:PORT/ROOM: as --connect (how the original server starts a player)")
      ->check([](const std::string& url) {
        return url.rfind("mjsonp://", 0) == 0 ? std::string() : "expected mjsonp://HOST:PORT/ROOM, got \"" + url + "\"";
      });
}

int run_play(PlayOptions& options) {
  if (!is_utf8(options.bot.name)) {
    std::cerr << "--name: not valid UTF-8 (it is sent to the server as JSON)\n";
    return 2;
  }
  if (!options.server_url.empty() && !options.connect.empty() && options.server_url != options.connect) {
    std::cerr << "give the server once: --connect " << options.connect << " and " << options.server_url << " disagree\n";
    return 2;
  }
  if (options.connect.empty()) options.connect = options.server_url;
  // Without --match, the host says how long the match is where it can: RiichiLab's validation
  // game is East-only.
  if (options.match.empty() && riichilab::is_east_only_url(options.riichilab)) {
    options.strategy.settings.match = MatchLength::east;
  }
  if (!options.riichilab.empty()) return run_riichilab_client(options);
  if (!options.connect.empty()) return run_tcp(options);
  MjaiBot bot(make_policy(options.strategy.name, options.strategy.settings), options.bot);
  return run_stdio(bot, options.dialect == "akochan");
}

}  // namespace tenbin
