#include "bot/protocol/tcp_client.hpp"

#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

namespace tenbin {
namespace {

int connect_to(const ServerAddress& address) {
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
  for (addrinfo* candidate = found; candidate != nullptr; candidate = candidate->ai_next) {
    fd = ::socket(candidate->ai_family, candidate->ai_socktype, candidate->ai_protocol);
    if (fd < 0) continue;
    if (::connect(fd, candidate->ai_addr, candidate->ai_addrlen) == 0) break;
    ::close(fd);
    fd = -1;
  }
  ::freeaddrinfo(found);
  if (fd < 0) spdlog::error("cannot connect to {}:{}: {}", address.host, address.port, std::strerror(errno));
  return fd;
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

}  // namespace

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
  return address;
}

int run_tcp_client(const ServerAddress& address, MjaiBot& bot) {
  const int fd = connect_to(address);
  if (fd < 0) return 1;
  spdlog::info("connected to {}:{} (room {})", address.host, address.port, address.room);
  LineReader reader(fd);
  std::string line;
  bool truncated = false;
  int exit_code = 0;
  while (reader.next(line, truncated)) {
    if (truncated) {
      spdlog::error("line over the size limit dropped");
      continue;
    }
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::optional<Event> event;
    try {
      event = parse_event(nlohmann::json::parse(line)).event;
    } catch (const std::exception& error) {
      spdlog::error("rejected input: {}", error.what());
    }
    if (event && event->type == EventType::error) {
      spdlog::error("server error: {}", event->message);
      exit_code = 1;
      break;
    }
    const std::string reply = event ? bot.reply_to(*event) : R"({"type":"none"})";
    if (!send_line(fd, reply)) {
      spdlog::error("connection lost while sending");
      exit_code = 1;
      break;
    }
    if (event && event->type == EventType::end_game) spdlog::info("game over");
  }
  ::close(fd);
  return exit_code;
}

}  // namespace tenbin
