// `tenbin --riichilab wss://HOST/ws/validate`: a WebSocket client of RiichiLab (riichi.dev) that
// plays one game per connection (`--games N`: N in a row). Frames are carried here; what they
// mean is read by bot/protocol/riichilab. docs/riichilab.md says what is assumed.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>

#include "bot/protocol/host_timeouts.hpp"
#include "bot/protocol/mjai_bot.hpp"

namespace tenbin {

struct WebSocketAddress {
  bool tls = false;  // wss://
  std::string host;
  std::string port;  // 443 for wss://, 80 for ws:// unless given
  std::string target = "/";
};

// Parses ws://HOST[:PORT][/PATH] or wss://...; throws std::invalid_argument.
WebSocketAddress parse_websocket_url(const std::string& url);

struct RiichiLabOptions {
  std::string token;  // sent as a bearer token when not empty; never logged
  std::filesystem::path log_dir = "riichilab-logs";  // each game's events as an mjai log
  int budget_ms = 1000;  // the strategy's budget when the host's clock allows it
  std::chrono::milliseconds connect_timeout = kDefaultConnectTimeout;  // the connection and handshakes
  std::chrono::milliseconds read_timeout = kDefaultReadTimeout;  // each frame during a game; 0: for ever
  int games = 1;  // games played one after another, each on its own connection
  // While the host refuses a connection because the bot is still in a game: the first wait,
  // doubled each time up to a minute, and how many times to try again.
  std::chrono::milliseconds retry_wait{2000};
  int retries = 8;
};

// Whether a token can go in an HTTP header: no control characters (a CR or LF would start a
// header of its own).
bool token_is_clean(const std::string& token);

// Plays `options.games` games, one connection each; stops at the first that fails. Returns the
// process exit code: 0 after every end_game (and passed validation, when the host reports one),
// 1 when a connection fails, the host refuses us or a game ends early or goes silent, 2 for a
// token that cannot be sent.
int run_riichilab(const WebSocketAddress& address, MjaiBot& bot, const RiichiLabOptions& options);

}  // namespace tenbin
