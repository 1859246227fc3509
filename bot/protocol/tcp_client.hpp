// `tenbin --connect HOST:PORT[/ROOM]`: a TCP client of an original-style mjai server
// (mjsonp): the server's hello is answered with join, then every event with one reply line.
#pragma once

#include <string>

#include "bot/protocol/mjai_bot.hpp"

namespace tenbin {

struct ServerAddress {
  std::string host;
  std::string port;
  std::string room = "default";
};

// Parses HOST:PORT[/ROOM] (an "mjsonp://" prefix is allowed); throws std::invalid_argument.
ServerAddress parse_server_address(const std::string& text);

// Plays until the server closes the connection. Returns the process exit code: 0 after a normal
// end, 1 when the connection fails or the server reports an error.
int run_tcp_client(const ServerAddress& address, MjaiBot& bot);

}  // namespace tenbin
