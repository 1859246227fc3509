// `tenbin --riichilab wss://HOST/ws/validate`: a WebSocket client of RiichiLab (riichi.dev) that
// plays one game per connection. Frames are carried here; what they mean is read by
// bot/protocol/riichilab. docs/riichilab.md says what is assumed.
#pragma once

#include <filesystem>
#include <string>

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
};

// Plays the one game of a connection. Returns the process exit code: 0 after end_game (and a
// passed validation, when the host reports one), 1 when the connection fails or closes early.
int run_riichilab(const WebSocketAddress& address, MjaiBot& bot, const RiichiLabOptions& options);

}  // namespace tenbin
