#include "bot/protocol/tcp_client.hpp"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "bot/protocol/json_line.hpp"

namespace tenbin {
namespace {

constexpr std::size_t kShownChars = 200;

timeval time_value(std::chrono::milliseconds timeout) {
  timeval limit{};
  limit.tv_sec = static_cast<time_t>(timeout.count() / 1000);
  limit.tv_usec = static_cast<suseconds_t>(timeout.count() % 1000 * 1000);
  return limit;
}

// Receives give up after `timeout`; zero waits for ever.
void set_receive_timeout(int fd, std::chrono::milliseconds timeout) {
  const timeval limit = time_value(timeout);
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
}

// Receives and sends (connect included) give up after `timeout`; zero waits for ever.
void set_timeouts(int fd, std::chrono::milliseconds timeout) {
  set_receive_timeout(fd, timeout);
  const timeval limit = time_value(timeout);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
}

bool send_line(int fd, const std::string& line) {
  const std::string data = line + "\n";
  std::size_t sent = 0;
  while (sent < data.size()) {
    const ssize_t n = ::send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

// Where the conversation stands, for the receive timeout and the message when it passes.
enum class Phase : std::uint8_t { first_line, table, game, after_game };

Phase phase_of(const TcpSession& session) {
  if (session.in_game()) return Phase::game;
  if (session.games_started() > 0) return Phase::after_game;
  return Phase::table;
}

std::chrono::milliseconds receive_timeout(Phase phase, std::chrono::milliseconds connect_timeout,
                                          std::chrono::milliseconds read_timeout) {
  switch (phase) {
    case Phase::first_line: return connect_timeout;
    case Phase::table: return std::chrono::milliseconds(0);
    case Phase::game: return read_timeout;
    case Phase::after_game:
      return read_timeout.count() == 0 ? std::chrono::milliseconds(kAfterGameWait)
                                       : std::min<std::chrono::milliseconds>(read_timeout, kAfterGameWait);
  }
  return read_timeout;
}

}  // namespace

int connect_to_server(const ServerAddress& address, std::chrono::milliseconds timeout) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const int status = ::getaddrinfo(address.host.c_str(), address.port.c_str(), &hints, &found);
  if (status != 0) {
    spdlog::error("cannot resolve {}:{}: {}", address.host, address.port, ::gai_strerror(status));
    return -1;
  }
  int fd = -1;
  int error = 0;
  for (addrinfo* candidate = found; candidate != nullptr; candidate = candidate->ai_next) {
    fd = ::socket(candidate->ai_family, candidate->ai_socktype, candidate->ai_protocol);
    if (fd < 0) {
      error = errno;
      continue;
    }
    set_timeouts(fd, timeout);
    if (::connect(fd, candidate->ai_addr, candidate->ai_addrlen) == 0) break;
    error = errno;
    ::close(fd);
    fd = -1;
  }
  ::freeaddrinfo(found);
  if (fd >= 0) {
    // Two small lines in a row must not wait for the first one's ACK (Nagle and delayed ACK).
    const int on = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    return fd;
  }
  // A connect cut short by the send timeout reports EINPROGRESS.
  const std::string why = error == EINPROGRESS ? "no answer within " + std::to_string(timeout.count()) + " ms"
                                               : std::strerror(error);
  spdlog::error("cannot connect to {}:{}: {}", address.host, address.port, why);
  return -1;
}

ServerAddress parse_server_address(const std::string& text) {
  std::string rest = text;
  if (rest.rfind("mjsonp://", 0) == 0) rest = rest.substr(9);
  ServerAddress address;
  if (const auto slash = rest.find('/'); slash != std::string::npos) {
    address.room = rest.substr(slash + 1);
    rest = rest.substr(0, slash);
  }
  const auto colon = rest.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == rest.size()) {
    throw std::invalid_argument("expected HOST:PORT[/ROOM], got \"" + text + "\"");
  }
  address.host = rest.substr(0, colon);
  address.port = rest.substr(colon + 1);
  // getaddrinfo would take a port over 65535 modulo 65536: a wrong server, silently.
  if (address.port.find_first_not_of("0123456789") != std::string::npos || address.port.size() > 5 ||
      std::stoi(address.port) < 1 || std::stoi(address.port) > 65535) {
    throw std::invalid_argument("bad port in \"" + text + "\"");
  }
  if (address.room.empty()) address.room = "default";
  if (!is_utf8(address.room)) throw std::invalid_argument("the room in \"" + text + "\" is not valid UTF-8");
  return address;
}

std::optional<std::string> TcpSession::answer(const std::string& line, bool truncated) {
  const std::string none = R"({"type":"none"})";
  if (truncated) {
    spdlog::error("rejected input: line over the size limit (starts: {:.60}); answered none", line);
    return none;
  }
  if (line.find_first_not_of(" \t\r") == std::string::npos) return std::nullopt;
  std::optional<Event> event;
  try {
    event = parse_event(parse_json_line(line)).event;
  } catch (const std::exception& error) {
    spdlog::error("rejected input: {}; answered none", error.what());
    return none;
  }
  last_event_ = std::string(event_type_name(event->type)) + " (line: " + line.substr(0, kShownChars) + ")";
  if (event->type == EventType::error) {
    spdlog::error("server error: {}", event->message);
    error_ = true;
    return std::nullopt;
  }
  if (event->type == EventType::hello) greeted_ = true;
  if (event->type == EventType::start_game) {
    in_game_ = true;
    ++games_started_;
  }
  if (event->type == EventType::end_game) {
    in_game_ = false;
    spdlog::info("game over");
  }
  return bot_.reply_to(*event);
}

int run_tcp_client(const ServerAddress& address, MjaiBot& bot, std::chrono::milliseconds connect_timeout,
                   std::chrono::milliseconds read_timeout) {
  const int fd = connect_to_server(address, connect_timeout);
  if (fd < 0) return 1;
  spdlog::info("connected to {}:{} (room {})", address.host, address.port, address.room);
  // Sends wait at most the read timeout from now on (a server that stops reading).
  set_timeouts(fd, read_timeout);
  set_receive_timeout(fd, connect_timeout);
  LineReader reader(fd);
  TcpSession session(bot);
  Phase phase = Phase::first_line;
  std::string line;
  bool truncated = false;
  int exit_code = 0;
  while (reader.next(line, truncated)) {
    const std::optional<std::string> reply = session.answer(line, truncated);
    if (session.ended_by_error()) {
      exit_code = 1;
      break;
    }
    if (reply && !send_line(fd, *reply)) {
      spdlog::error("connection lost while sending the reply to {}", session.last_event());
      exit_code = 1;
      break;
    }
    if (const Phase now = phase_of(session); now != phase) {
      phase = now;
      set_receive_timeout(fd, receive_timeout(phase, connect_timeout, read_timeout));
    }
  }
  ::close(fd);
  if (exit_code != 0) return exit_code;
  if (reader.timed_out()) {
    switch (phase) {
      case Phase::first_line:
        spdlog::error("no word from {}:{} within {} ms of connecting; giving up", address.host, address.port,
                      connect_timeout.count());
        return 1;
      case Phase::game:
        spdlog::error("no word from {}:{} for {} ms in the middle of a game; giving up; the last event: {}",
                      address.host, address.port, read_timeout.count(), session.last_event());
        return 1;
      case Phase::after_game:
        spdlog::info("the server kept the connection open after end_game; closed it");
        return 0;
      case Phase::table: break;  // no timeout is set while waiting for a table
    }
  }
  if (session.in_game()) {
    spdlog::warn("the server closed the connection in the middle of a game; the last event: {}", session.last_event());
    return 1;
  }
  if (session.games_started() == 0) {
    spdlog::error("the server closed the connection before any game{}",
                  session.last_event().empty() ? "" : "; the last event: " + session.last_event());
    return 1;
  }
  return 0;
}

}  // namespace tenbin
