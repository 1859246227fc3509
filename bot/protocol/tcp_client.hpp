// `tenbin --connect HOST:PORT[/ROOM]`: a TCP client of an original-style mjai server
// (mjsonp): the server's hello is answered with join, then every line with one reply line.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "bot/protocol/host_timeouts.hpp"
#include "bot/protocol/mjai_bot.hpp"

namespace tenbin {

struct ServerAddress {
  std::string host;
  std::string port;
  std::string room = "default";
};

// Parses HOST:PORT[/ROOM] (an "mjsonp://" prefix is allowed); throws std::invalid_argument, also
// for a room that is not UTF-8 (it could not be sent as JSON).
ServerAddress parse_server_address(const std::string& text);

// The client's side of the conversation, line by line. The original server waits for one reply
// to every line it sends, so every line gets one: `none` for a line that is unreadable or over
// the size limit. Only a blank line goes unanswered, and the server's error ends the session.
class TcpSession {
 public:
  explicit TcpSession(MjaiBot& bot) : bot_(bot) {}

  // The reply to one line (`truncated`: cut at the size limit); nothing for a blank line or an
  // error from the server (then ended_by_error()).
  std::optional<std::string> answer(const std::string& line, bool truncated);

  bool ended_by_error() const { return error_; }
  bool greeted() const { return greeted_; }  // the server's hello was answered
  bool in_game() const { return in_game_; }  // start_game seen and no end_game since
  int games_started() const { return games_started_; }
  // The last event read and its line (shortened), for messages.
  const std::string& last_event() const { return last_event_; }

 private:
  MjaiBot& bot_;
  bool error_ = false;
  bool greeted_ = false;
  bool in_game_ = false;
  int games_started_ = 0;
  std::string last_event_;
};

// A connected socket to the server (TCP_NODELAY set: each reply line leaves at once), or -1 with
// the reason on stderr. `timeout` bounds the connection.
int connect_to_server(const ServerAddress& address, std::chrono::milliseconds timeout);

// Plays until the server closes the connection. `connect_timeout` bounds the connection and the
// wait for the server's first line (a server that accepts and never speaks); `read_timeout`
// (zero: for ever) each line from start_game on. Between games (before the first) the server may
// keep us waiting for a table as long as it likes; after end_game it is given kAfterGameWait to
// close before the client closes. Returns the process exit code: 0 after a normal end, 1 when
// the connection fails or times out, the server reports an error, is silent mid-game, closes the
// connection in the middle of a game or before any game.
int run_tcp_client(const ServerAddress& address, MjaiBot& bot,
                   std::chrono::milliseconds connect_timeout = kDefaultConnectTimeout,
                   std::chrono::milliseconds read_timeout = kDefaultReadTimeout);

}  // namespace tenbin
