// `tenbin` without a subcommand: play, as an mjai bot on stdin/stdout (one event or one batch a
// line, or akochan's pipe dialect), as a TCP client of an mjai server, or as a RiichiLab client.
#pragma once

#include <string>

#include "bot/commands/subcommand.hpp"
#include "bot/protocol/mjai_bot.hpp"
#include "bot/protocol/riichilab_client.hpp"

namespace tenbin {

struct PlayOptions {
  StrategyChoice strategy;
  BotOptions bot;
  std::string dialect = "mjai";   // stdin/stdout: mjai or akochan
  std::string connect;            // HOST:PORT[/ROOM]: a TCP client
  std::string server_url;         // mjsonp://HOST:PORT/ROOM, as the original server starts a player
  int connect_timeout_s = 30;
  int read_timeout_s = 300;       // a server silent this long during a game is left (0: never)
  std::string match;              // --match as given (east or hanchan); empty: as the host says
  std::string riichilab;          // wss://HOST/ws/validate: one RiichiLab game
  RiichiLabOptions riichilab_options;
};

// The play options, on the program's own command line (they may also follow a subcommand).
void add_play_options(CLI::App& app, PlayOptions& options);

// Plays until the input, the server or the game ends. Exit status: 0 done, 1 the server failed
// us (bot/protocol/tcp_client.hpp), 2 a usage error.
int run_play(PlayOptions& options);

}  // namespace tenbin
