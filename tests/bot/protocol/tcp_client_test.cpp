// The TCP client against a scripted mjai server on loopback: the hello/join handshake, one
// reply line for every event (a legal discard on our draw, `none` everywhere else), a clean exit
// when the server closes, and exit code 1 when the connection is refused or the server reports
// an error. Run both in-process and through the real executable. Every wait has a deadline.
#include "bot/protocol/tcp_client.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/process.hpp"

namespace tenbin {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr auto kConnectWait = std::chrono::seconds(10);  // for the client to connect
constexpr auto kReplyWait = std::chrono::seconds(10);    // for one reply line
constexpr auto kExitWait = std::chrono::seconds(20);     // for the executable to finish
constexpr std::size_t kMaxLine = 1 << 16;

using Failures = std::vector<std::string>;

// A file descriptor closed when it goes out of scope.
class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  Fd& operator=(Fd&& other) noexcept {
    std::swap(fd_, other.fd_);
    return *this;
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

int millis_until(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return static_cast<int>(std::max<std::chrono::milliseconds::rep>(left.count(), 0));
}

// A TCP socket bound to 127.0.0.1 on a port the kernel picks; listening or not (a bound socket
// that does not listen refuses connections, without racing anyone for the port).
Fd loopback_socket(bool listening, int& port) {
  Fd fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));  // not inherited by the spawned bot
  if (fd.get() < 0) throw std::runtime_error("socket() failed");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  if (::bind(fd.get(), reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    throw std::runtime_error("bind() failed");
  }
  if (listening && ::listen(fd.get(), 4) != 0) throw std::runtime_error("listen() failed");
  socklen_t size = sizeof address;
  ::getsockname(fd.get(), reinterpret_cast<sockaddr*>(&address), &size);
  port = ntohs(address.sin_port);
  return fd;
}

// The server's end of one connection: lines out, lines in with a deadline.
class Peer {
 public:
  explicit Peer(Fd fd) : fd_(std::move(fd)) {}

  bool send(const json& event) {
    const std::string data = event.dump() + "\n";
    std::size_t sent = 0;
    while (sent < data.size()) {
      const ssize_t n = ::send(fd_.get(), data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) return false;
      sent += static_cast<std::size_t>(n);
    }
    return true;
  }

  // The next line, or nothing at end of stream or past the deadline.
  std::optional<std::string> read_line(Clock::time_point deadline) {
    while (true) {
      if (const auto newline = buffer_.find('\n'); newline != std::string::npos) {
        std::string line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        return line;
      }
      if (buffer_.size() > kMaxLine || !fill(deadline)) return std::nullopt;
    }
  }

  // Stops sending and waits for the client to close; returns what it sent meanwhile.
  std::string drain(Clock::time_point deadline) {
    ::shutdown(fd_.get(), SHUT_WR);
    while (buffer_.size() <= kMaxLine && fill(deadline)) {
    }
    return buffer_;
  }

 private:
  bool fill(Clock::time_point deadline) {
    pollfd waiting{fd_.get(), POLLIN, 0};
    if (::poll(&waiting, 1, millis_until(deadline)) <= 0) return false;
    char chunk[4096];
    const ssize_t got = ::recv(fd_.get(), chunk, sizeof chunk, 0);
    if (got <= 0) return false;
    buffer_.append(chunk, static_cast<std::size_t>(got));
    return true;
  }

  Fd fd_;
  std::string buffer_;
};

// The server side of one game on its own thread. The script talks to the client; every failed
// check is recorded and read once the thread is done.
class ScriptedServer {
 public:
  using Script = std::function<void(Peer&, Failures&)>;

  explicit ScriptedServer(Script script) : listener_(loopback_socket(true, port_)) {
    thread_ = std::thread([this, script = std::move(script)] { serve(script); });
  }
  ~ScriptedServer() {
    if (thread_.joinable()) thread_.join();
  }

  int port() const { return port_; }
  std::string address(const std::string& room) const {
    return "127.0.0.1:" + std::to_string(port_) + "/" + room;
  }
  Failures finish() {
    thread_.join();
    return failures_;
  }

 private:
  void serve(const Script& script) {
    pollfd waiting{listener_.get(), POLLIN, 0};
    if (::poll(&waiting, 1, millis_until(Clock::now() + kConnectWait)) <= 0) {
      failures_.push_back("no client connected");
      return;
    }
    Peer peer(Fd(::accept4(listener_.get(), nullptr, nullptr, SOCK_CLOEXEC)));
    listener_ = Fd();
    script(peer, failures_);
    const std::string extra = peer.drain(Clock::now() + kReplyWait);
    if (!extra.empty()) failures_.push_back("lines after the last expected reply: " + extra);
  }

  int port_ = 0;
  Fd listener_;
  std::thread thread_;
  Failures failures_;
};

// Sends one event and reads the one reply it is owed, as JSON.
std::optional<json> exchange(Peer& peer, const json& event, Failures& failures) {
  const std::string type = event.at("type").get<std::string>();
  if (!peer.send(event)) {
    failures.push_back("could not send " + type);
    return std::nullopt;
  }
  const std::optional<std::string> line = peer.read_line(Clock::now() + kReplyWait);
  if (!line) {
    failures.push_back("no reply to " + type);
    return std::nullopt;
  }
  try {
    return json::parse(*line);
  } catch (const json::exception&) {
    failures.push_back("reply to " + type + " is not JSON: " + *line);
    return std::nullopt;
  }
}

// An event that owes `none`.
void expect_none(Peer& peer, const json& event, Failures& failures) {
  const std::optional<json> reply = exchange(peer, event, failures);
  if (reply && reply->value("type", "") != "none") {
    failures.push_back("reply to " + event.dump() + " should be none, got " + reply->dump());
  }
}

bool handshake(Peer& peer, const std::string& name, const std::string& room, Failures& failures) {
  const std::optional<json> join =
      exchange(peer, {{"type", "hello"}, {"protocol", "mjsonp"}, {"protocol_version", 3}}, failures);
  if (!join) return false;
  if (join->value("type", "") != "join" || join->value("name", "") != name ||
      join->value("room", "") != room) {
    failures.push_back("expected join as " + name + " to " + room + ", got " + join->dump());
    return false;
  }
  return true;
}

// Our seat's side of the hand, kept by the server to check each discard.
struct OwnHand {
  std::vector<std::string> tiles{"1m", "2m", "4m", "7m", "8m", "3p", "5pr",
                                 "6p", "9p", "2s", "4s", "7s", "E"};
};

// Our draw: the reply must discard a tile we hold (tsumogiri only for the drawn tile); the
// server echoes it as every host does.
void own_draw(Peer& peer, OwnHand& hand, const std::string& draw, Failures& failures) {
  hand.tiles.push_back(draw);
  const std::optional<json> reply = exchange(peer, {{"type", "tsumo"}, {"actor", 0}, {"pai", draw}}, failures);
  if (!reply) return;
  const std::string pai = reply->value("pai", "");
  const auto held = std::find(hand.tiles.begin(), hand.tiles.end(), pai);
  const bool tsumogiri = reply->value("tsumogiri", false);
  if (reply->value("type", "") != "dahai" || reply->value("actor", -1) != 0 || held == hand.tiles.end() ||
      (tsumogiri && pai != draw)) {
    failures.push_back("illegal discard after drawing " + draw + ": " + reply->dump());
    return;
  }
  hand.tiles.erase(held);
  expect_none(peer, {{"type", "dahai"}, {"actor", 0}, {"pai", pai}, {"tsumogiri", tsumogiri}}, failures);
}

// Another seat draws (masked) and discards a tile we can neither call nor win on.
void other_turn(Peer& peer, int actor, const std::string& discard, Failures& failures) {
  expect_none(peer, {{"type", "tsumo"}, {"actor", actor}, {"pai", "?"}}, failures);
  expect_none(peer, {{"type", "dahai"}, {"actor", actor}, {"pai", discard}, {"tsumogiri", true}}, failures);
}

json hidden_hand() { return json(std::vector<std::string>(13, "?")); }

// A short first hand as seat 0, the way the original server sends it (no scores at the deal),
// ended by an exhaustive draw after seat 1's riichi.
void play_short_game(Peer& peer, const std::string& name, const std::string& room, Failures& failures) {
  if (!handshake(peer, name, room, failures)) return;
  OwnHand hand;
  expect_none(peer, {{"type", "start_game"}, {"id", 0}, {"names", {name, "b", "c", "d"}}}, failures);
  expect_none(peer,
              {{"type", "start_kyoku"}, {"bakaze", "E"}, {"kyoku", 1}, {"honba", 0}, {"kyotaku", 0},
               {"oya", 0}, {"dora_marker", "9s"},
               {"tehais", {hand.tiles, hidden_hand(), hidden_hand(), hidden_hand()}}},
              failures);
  own_draw(peer, hand, "S", failures);
  other_turn(peer, 1, "W", failures);
  other_turn(peer, 2, "N", failures);
  other_turn(peer, 3, "C", failures);  // our left: still no chi on an honour
  own_draw(peer, hand, "1p", failures);
  expect_none(peer, {{"type", "tsumo"}, {"actor", 1}, {"pai", "?"}}, failures);
  expect_none(peer, {{"type", "reach"}, {"actor", 1}}, failures);
  expect_none(peer, {{"type", "dahai"}, {"actor", 1}, {"pai", "P"}, {"tsumogiri", false}}, failures);
  expect_none(peer,
              {{"type", "reach_accepted"}, {"actor", 1}, {"deltas", {0, -1000, 0, 0}},
               {"scores", {25000, 24000, 25000, 25000}}},
              failures);
  expect_none(peer,
              {{"type", "ryukyoku"}, {"reason", "fanpai"}, {"tenpais", {false, true, false, false}},
               {"deltas", {-1000, 3000, -1000, -1000}}, {"scores", {24000, 27000, 24000, 24000}}},
              failures);
  expect_none(peer, {{"type", "end_kyoku"}}, failures);
  expect_none(peer, {{"type", "end_game"}, {"scores", {24000, 28000, 24000, 24000}}}, failures);
}

// The server gives up on the game after start_game.
void abort_with_error(Peer& peer, const std::string& name, const std::string& room, Failures& failures) {
  if (!handshake(peer, name, room, failures)) return;
  expect_none(peer, {{"type", "start_game"}, {"id", 0}, {"names", {name, "b", "c", "d"}}}, failures);
  peer.send({{"type", "error"}, {"message", "game aborted by the test server"}});
}

int run_in_process(const std::string& address_text, const std::string& name,
                   std::chrono::milliseconds connect_timeout = kDefaultConnectTimeout,
                   std::chrono::milliseconds read_timeout = kDefaultReadTimeout) {
  const ServerAddress address = parse_server_address(address_text);
  BotOptions options;
  options.name = name;
  options.room = address.room;  // as main() does
  MjaiBot bot(make_policy("greedy"), options);
  return run_tcp_client(address, bot, connect_timeout, read_timeout);
}

// Runs the executable with `arguments` and returns its exit code (-1 if killed at the deadline).
int run_binary(const std::vector<std::string>& arguments) {
  return subprocess::run(subprocess::tenbin_binary(), arguments, "", kExitWait).exit_code;
}

std::string joined(const Failures& failures) {
  std::string out;
  for (const std::string& failure : failures) out += failure + "\n";
  return out;
}

// --- the address --------------------------------------------------------------------------

TEST(ServerAddress, ParsesHostPortAndRoom) {
  const ServerAddress address = parse_server_address("mjsonp://127.0.0.1:11600/tenbin-room");
  EXPECT_EQ(address.host, "127.0.0.1");
  EXPECT_EQ(address.port, "11600");
  EXPECT_EQ(address.room, "tenbin-room");
  const ServerAddress plain = parse_server_address("localhost:11600/r2");
  EXPECT_EQ(plain.host, "localhost");
  EXPECT_EQ(plain.room, "r2");
}

TEST(ServerAddress, RoomDefaultsToDefault) {
  EXPECT_EQ(parse_server_address("localhost:11600").room, "default");
  EXPECT_EQ(parse_server_address("localhost:11600/").room, "default");
  EXPECT_EQ(parse_server_address("mjsonp://localhost:11600").room, "default");
}

TEST(ServerAddress, RejectsBadAddresses) {
  for (const char* bad : {"", "localhost", ":11600", "localhost:", "localhost:11a00", "mjsonp://",
                          "mjsonp://:11600/room", "localhost:-1", "/room", "localhost:0",
                          "localhost:65536", "localhost:99999", "localhost:123456789012"}) {
    EXPECT_THROW(parse_server_address(bad), std::invalid_argument) << '"' << bad << '"';
  }
}

TEST(TcpClientBinary, BadAddressExitsWithUsageError) {
  EXPECT_EQ(run_binary({"--connect", "no-port-here", "--name", "X"}), 2);
}

// --- a short game --------------------------------------------------------------------------

TEST(TcpClient, PlaysAShortGameInProcess) {
  ScriptedServer server([](Peer& peer, Failures& failures) {
    play_short_game(peer, "tenbin-in-process", "room-a", failures);
  });
  EXPECT_EQ(run_in_process(server.address("room-a"), "tenbin-in-process"), 0);
  const Failures failures = server.finish();
  EXPECT_TRUE(failures.empty()) << joined(failures);
}

TEST(TcpClientBinary, PlaysAShortGame) {
  ScriptedServer server([](Peer& peer, Failures& failures) {
    play_short_game(peer, "X", "room-b", failures);
  });
  EXPECT_EQ(run_binary({"--connect", server.address("room-b"), "--name", "X", "--log-level", "warn"}), 0);
  const Failures failures = server.finish();
  EXPECT_TRUE(failures.empty()) << joined(failures);
}

// The original server seats a player by running its command through the shell with the server's
// URL appended (CMD mjsonp://HOST:PORT/ROOM); the room and the name come through as given.
TEST(TcpClientBinary, PlaysWhenStartedWithTheServerUrlAppended) {
  ScriptedServer server([](Peer& peer, Failures& failures) {
    play_short_game(peer, "appended", "room-e", failures);
  });
  const std::string command = "'" + subprocess::tenbin_binary().string() +
                              "' --name appended --log-level warn mjsonp://" + server.address("room-e");
  const subprocess::Result result = subprocess::run("/bin/sh", {"-c", command}, "", kExitWait);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const Failures failures = server.finish();
  EXPECT_TRUE(failures.empty()) << joined(failures);
}

TEST(TcpClientBinary, TrailingArgumentMustBeAServerUrl) {
  const subprocess::Result result = subprocess::run(subprocess::tenbin_binary(), {"localhost:11600"}, "", kExitWait);
  EXPECT_EQ(result.exit_code, 2) << result.err;  // a usage error
  EXPECT_NE(result.err.find("mjsonp://"), std::string::npos) << result.err;
}

// --- failures ------------------------------------------------------------------------------

TEST(TcpClient, RefusedConnectionFailsQuickly) {
  int port = 0;
  const Fd closed_door = loopback_socket(false, port);
  const auto start = Clock::now();
  EXPECT_EQ(run_in_process("127.0.0.1:" + std::to_string(port) + "/room", "X"), 1);
  EXPECT_EQ(run_binary({"--connect", "127.0.0.1:" + std::to_string(port), "--name", "X", "--log-level", "off"}), 1);
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(5));
}

TEST(TcpClient, ServerErrorEndsWithExitCodeOne) {
  ScriptedServer server([](Peer& peer, Failures& failures) {
    abort_with_error(peer, "X", "room-c", failures);
  });
  EXPECT_EQ(run_in_process(server.address("room-c"), "X"), 1);
  const Failures failures = server.finish();
  EXPECT_TRUE(failures.empty()) << joined(failures);
}

TEST(TcpClientBinary, ServerErrorEndsWithExitCodeOne) {
  ScriptedServer server([](Peer& peer, Failures& failures) {
    abort_with_error(peer, "X", "room-d", failures);
  });
  EXPECT_EQ(run_binary({"--connect", server.address("room-d"), "--name", "X", "--log-level", "off"}), 1);
  const Failures failures = server.finish();
  EXPECT_TRUE(failures.empty()) << joined(failures);
}

// --- lines and servers that once hung or crashed the client ---------------------------------

// A line over the 1 MiB limit is answered with none, as every line is: the original server waits
// for that reply, and without it both sides wait for ever.
TEST(TcpClient, LineOverTheLimitIsAnsweredWithNone) {
  ScriptedServer server([](Peer& peer, Failures& failures) {
    if (!handshake(peer, "X", "room-e", failures)) return;
    expect_none(peer, {{"type", "start_game"}, {"id", 0}, {"names", {"X", "b", "c", "d"}}}, failures);
    expect_none(peer, {{"type", "none"}, {"padding", std::string((1 << 20) + 10, 'x')}}, failures);
    expect_none(peer, {{"type", "end_game"}, {"scores", {25000, 25000, 25000, 25000}}}, failures);
  });
  EXPECT_EQ(run_in_process(server.address("room-e"), "X"), 0);
  const Failures failures = server.finish();
  EXPECT_TRUE(failures.empty()) << joined(failures);
}

// A server that accepts and never speaks: the client gives up after the connect timeout.
TEST(TcpClient, SilentServerIsLeftAfterTheConnectTimeout) {
  ScriptedServer server([](Peer& peer, Failures& failures) {
    // Silent; the client is expected to hang up well before this deadline.
    if (const auto line = peer.read_line(Clock::now() + kReplyWait)) failures.push_back("unexpected line " + *line);
  });
  const auto start = Clock::now();
  EXPECT_EQ(run_in_process(server.address("room-f"), "X", std::chrono::milliseconds(500)), 1);
  EXPECT_LT(Clock::now() - start, kReplyWait / 2);
  const Failures failures = server.finish();
  EXPECT_TRUE(failures.empty()) << joined(failures);
}

// A server that closes in the middle of a hand: a warning naming the last line, and exit 1.
TEST(TcpClientBinary, ServerClosingMidHandIsAFailureNamingTheLastLine) {
  ScriptedServer server([](Peer& peer, Failures& failures) {
    if (!handshake(peer, "X", "room-g", failures)) return;
    expect_none(peer, {{"type", "start_game"}, {"id", 0}, {"names", {"X", "b", "c", "d"}}}, failures);
    OwnHand hand;
    expect_none(peer,
                {{"type", "start_kyoku"}, {"bakaze", "E"}, {"kyoku", 1}, {"honba", 0}, {"kyotaku", 0},
                 {"oya", 1}, {"dora_marker", "9s"},
                 {"tehais", {hand.tiles, hidden_hand(), hidden_hand(), hidden_hand()}}},
                failures);
  });
  const subprocess::Result run = subprocess::run(
      subprocess::tenbin_binary(), {"--connect", server.address("room-g"), "--name", "X", "--log-level", "warn"}, "",
      kExitWait);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("middle of a game"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("start_kyoku"), std::string::npos) << run.err;
  const Failures failures = server.finish();
  EXPECT_TRUE(failures.empty()) << joined(failures);
}

// A name or room that is not UTF-8 could not be sent as JSON: a usage error, said clearly.
TEST(TcpClientBinary, NameOrRoomThatIsNotUtf8IsAUsageError) {
  const subprocess::Result name = subprocess::run(subprocess::tenbin_binary(), {"--connect", "127.0.0.1:9", "--name", "\xff"});
  EXPECT_EQ(name.exit_code, 2) << name.err;
  EXPECT_NE(name.err.find("UTF-8"), std::string::npos) << name.err;
  const subprocess::Result room = subprocess::run(subprocess::tenbin_binary(), {"--connect", "127.0.0.1:9/\xfe\xff"});
  EXPECT_EQ(room.exit_code, 2) << room.err;
  EXPECT_NE(room.err.find("UTF-8"), std::string::npos) << room.err;
}

// --- silent servers, servers that end early or never close ---------------------------------

// A server silent in the middle of a game: exit 1 after --read-timeout, the last event named.
TEST(TcpClientBinary, ServerSilentMidGameIsLeftAfterTheReadTimeoutNamingTheLastEvent) {
  ScriptedServer server([](Peer& peer, Failures& failures) {
    if (!handshake(peer, "X", "room-h", failures)) return;
    expect_none(peer, {{"type", "start_game"}, {"id", 0}, {"names", {"X", "b", "c", "d"}}}, failures);
    // Silent; the client hangs up well before this deadline.
    if (const auto line = peer.read_line(Clock::now() + kReplyWait)) failures.push_back("unexpected line " + *line);
  });
  const auto start = Clock::now();
  const subprocess::Result run = subprocess::run(
      subprocess::tenbin_binary(),
      {"--connect", server.address("room-h"), "--name", "X", "--log-level", "warn", "--read-timeout", "1"}, "", kExitWait);
  EXPECT_LT(Clock::now() - start, kReplyWait);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("in the middle of a game"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("start_game"), std::string::npos) << run.err;
  const Failures failures = server.finish();
  EXPECT_TRUE(failures.empty()) << joined(failures);
}

// A connection that ends before any game was played is a failure: nothing was played.
TEST(TcpClient, ConnectionEndingBeforeAnyGameIsAFailure) {
  ScriptedServer greeted_only([](Peer& peer, Failures& failures) { handshake(peer, "X", "room-i", failures); });
  EXPECT_EQ(run_in_process(greeted_only.address("room-i"), "X"), 1);
  EXPECT_TRUE(greeted_only.finish().empty());
  ScriptedServer silent_close([](Peer&, Failures&) {});
  EXPECT_EQ(run_in_process(silent_close.address("room-j"), "X"), 1);
  EXPECT_TRUE(silent_close.finish().empty());
}

// The connect timeout bounds the first line only: a server without hello that pauses mid-game
// for longer than it is waited on (the read timeout).
TEST(TcpClient, TheConnectTimeoutEndsAtTheFirstLine) {
  ScriptedServer server([](Peer& peer, Failures& failures) {
    expect_none(peer, {{"type", "start_game"}, {"id", 0}, {"names", {"X", "b", "c", "d"}}}, failures);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    expect_none(peer, {{"type", "end_game"}, {"scores", {25000, 25000, 25000, 25000}}}, failures);
  });
  EXPECT_EQ(run_in_process(server.address("room-k"), "X", std::chrono::milliseconds(500), std::chrono::seconds(30)), 0);
  const Failures failures = server.finish();
  EXPECT_TRUE(failures.empty()) << joined(failures);
}

// After end_game a server that keeps the socket open is left by the client (exit 0).
TEST(TcpClient, ClosesASocketTheServerLeavesOpenAfterTheGame) {
  bool client_closed = false;
  ScriptedServer server([&](Peer& peer, Failures& failures) {
    if (!handshake(peer, "X", "room-l", failures)) return;
    expect_none(peer, {{"type", "start_game"}, {"id", 0}, {"names", {"X", "b", "c", "d"}}}, failures);
    expect_none(peer, {{"type", "end_game"}, {"scores", {25000, 25000, 25000, 25000}}}, failures);
    const auto deadline = Clock::now() + kReplyWait;
    client_closed = !peer.read_line(deadline).has_value() && Clock::now() < deadline;
  });
  EXPECT_EQ(run_in_process(server.address("room-l"), "X", kDefaultConnectTimeout, std::chrono::milliseconds(300)), 0);
  const Failures failures = server.finish();
  EXPECT_TRUE(failures.empty()) << joined(failures);
  EXPECT_TRUE(client_closed);
}

// Replies leave at once: Nagle's algorithm is off on the client's socket.
TEST(TcpClient, TheSocketHasNoDelay) {
  int port = 0;
  const Fd listener = loopback_socket(true, port);
  const Fd client(connect_to_server(parse_server_address("127.0.0.1:" + std::to_string(port)), kConnectWait));
  ASSERT_GE(client.get(), 0);
  int no_delay = 0;
  socklen_t size = sizeof no_delay;
  ASSERT_EQ(::getsockopt(client.get(), IPPROTO_TCP, TCP_NODELAY, &no_delay, &size), 0);
  EXPECT_NE(no_delay, 0);
}

}  // namespace
}  // namespace tenbin
