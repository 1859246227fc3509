// The RiichiLab client: the protocol's pieces (which member is our move, the fallback, the time a
// decision may take), then whole games against a loopback WebSocket server in this file that
// plays the flow docs/riichilab.md describes: one mjai event per text frame, request_action with
// minimal and duplicated members, action_ack of every status, a defaulted request answered late
// (stale), binary and unknown frames, validation_result, the server closing after end_game. Over
// plain ws:// in-process and through the executable, and over TLS with a certificate made here.
#include "bot/protocol/riichilab.hpp"

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bot/protocol/mjai_bot.hpp"
#include "bot/protocol/riichilab_client.hpp"
#include "bot/strategy/policy.hpp"
#include "engine/game.hpp"
#include "engine/mjai_log.hpp"
#include "tests/process.hpp"

namespace tenbin {
namespace {

namespace fs = std::filesystem;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;
using nlohmann::json;
using namespace std::chrono_literals;

constexpr int kConnectWaitMs = 10'000;  // for the client to connect
constexpr auto kScriptWait = 20s;        // for one connection's whole script
using Failures = std::vector<std::string>;

Action discard(const char* tile, bool tsumogiri) {
  Action action;
  action.type = EventType::dahai;
  action.pai = parse_tile(tile);
  action.tsumogiri = tsumogiri;
  return action;
}

// ---- The protocol's pieces ----------------------------------------------------------------

TEST(RiichiLabProtocol, FindsOurMoveAmongMinimalAndDuplicatedMembers) {
  const json offered = json::parse(R"([
    {"type":"dahai","pai":"1m","tsumogiri":false},
    {"type":"dahai","pai":"5mr","tsumogiri":true},
    {"type":"dahai","pai":"5m","tsumogiri":false},
    {"type":"dahai","pai":"5m","tsumogiri":false},
    {"type":"reach"},
    {"type":"hora"}])");
  EXPECT_EQ(riichilab::find_offered(offered, discard("5m", false), 0), 2u);
  EXPECT_EQ(riichilab::find_offered(offered, discard("5mr", true), 0), 1u);
  EXPECT_EQ(riichilab::find_offered(offered, discard("9p", false), 0), std::nullopt);
  Action win;
  win.type = EventType::hora;
  win.pai = parse_tile("5mr");
  win.target = 0;
  EXPECT_EQ(riichilab::find_offered(offered, win, 0), 5u);
  Action reach;
  reach.type = EventType::reach;
  EXPECT_EQ(riichilab::find_offered(offered, reach, 0), 4u);
}

TEST(RiichiLabProtocol, PrefersTheMemberWithOurTsumogiriFlag) {
  const json offered = json::parse(R"([{"type":"dahai","pai":"3s","tsumogiri":false},
                                       {"type":"dahai","pai":"3s","tsumogiri":true}])");
  EXPECT_EQ(riichilab::find_offered(offered, discard("3s", true), 1), 1u);
  EXPECT_EQ(riichilab::find_offered(offered, discard("3s", false), 1), 0u);
  // A member without the flag is our discard either way.
  EXPECT_EQ(riichilab::find_offered(json::parse(R"([{"type":"dahai","pai":"3s"}])"), discard("3s", true), 1), 0u);
}

TEST(RiichiLabProtocol, ComparesConsumedAsAMultisetAndTheTarget) {
  const json offered = json::parse(R"([{"type":"none"},
    {"type":"chi","actor":2,"target":1,"pai":"4p","consumed":["6p","5p"]},
    {"type":"pon","actor":2,"target":1,"pai":"4p","consumed":["4p","4p"]}])");
  Action chi;
  chi.type = EventType::chi;
  chi.pai = parse_tile("4p");
  chi.consumed.push(parse_tile("5p"));
  chi.consumed.push(parse_tile("6p"));
  chi.target = 1;
  EXPECT_EQ(riichilab::find_offered(offered, chi, 2), 1u);
  chi.target = 3;
  EXPECT_EQ(riichilab::find_offered(offered, chi, 2), std::nullopt);
  EXPECT_EQ(riichilab::find_offered(offered, Action{}, 2), 0u);
}

TEST(RiichiLabProtocol, FallsBackToAPassThenTheDrawnTileThenTheFirstMember) {
  const std::optional<Tile> drawn = parse_tile("2m");
  EXPECT_EQ(riichilab::fallback_member(json::parse(R"([{"type":"pon"},{"type":"none"}])"), drawn), 1u);
  EXPECT_EQ(riichilab::fallback_member(json::parse(
                R"([{"type":"hora"},{"type":"dahai","pai":"1m","tsumogiri":false},{"type":"dahai","pai":"2m","tsumogiri":true}])"), drawn),
            2u);
  EXPECT_EQ(riichilab::fallback_member(json::parse(R"([{"type":"reach"},{"type":"dahai","pai":"3m"}])"), drawn), 0u);
  EXPECT_EQ(riichilab::fallback_member(json::array(), drawn), std::nullopt);
}

// The published examples carry no tsumogiri flag: the drawn tile is found by its tile (a red
// five is not its plain copy).
TEST(RiichiLabProtocol, FindsTheDrawnTileByItsTile) {
  const json offered = json::parse(R"([{"type":"reach"},{"type":"dahai","pai":"1m"},{"type":"dahai","pai":"5p"},
                                       {"type":"dahai","pai":"5pr"},{"type":"dahai","pai":"9s"}])");
  EXPECT_EQ(riichilab::fallback_member(offered, parse_tile("9s")), 4u);
  EXPECT_EQ(riichilab::fallback_member(offered, parse_tile("5pr")), 3u);
  EXPECT_EQ(riichilab::fallback_member(offered, parse_tile("5p")), 2u);
  EXPECT_EQ(riichilab::fallback_member(offered, std::nullopt), 0u);  // after a call: no draw
  // Of the drawn tile's copies, the one not marked as from the hand.
  const json flagged = json::parse(R"([{"type":"dahai","pai":"9s","tsumogiri":false},{"type":"dahai","pai":"9s","tsumogiri":true}])");
  EXPECT_EQ(riichilab::fallback_member(flagged, parse_tile("9s")), 1u);
}

TEST(RiichiLabProtocol, TheReplyIsTheMemberWithTheIdAndOurSeat) {
  const json reply = json::parse(riichilab::reply_text(json{{"type", "hora"}}, 17, 2));
  EXPECT_EQ(reply, (json{{"type", "hora"}, {"request_id", 17}, {"actor", 2}}));
  EXPECT_FALSE(json::parse(riichilab::reply_text(json{{"type", "none"}}, std::nullopt, 0)).contains("request_id"));
}

TEST(RiichiLabProtocol, ReadsRequestsAcksAndFrameKinds) {
  const json request = json::parse(R"({"type":"request_action","request_id":9,"possible_actions":[{"type":"none"}],
      "time":{"grace_ms":1200,"bank_ms":4000,"deadline_ms":5},"observation":"e30=","extra":1})");
  EXPECT_EQ(riichilab::classify(request), riichilab::MessageKind::request_action);
  const riichilab::ActionRequest read = riichilab::read_request(request);
  EXPECT_EQ(read.request_id, 9);
  EXPECT_EQ(read.possible_actions.size(), 1u);
  EXPECT_EQ(read.time.grace_ms, 1200);
  EXPECT_EQ(read.time.bank_ms, 4000);
  const json odd_clock = json::parse(R"({"type":"request_action","time":{"grace_ms":1e30,"bank_ms":-5}})");
  EXPECT_GT(riichilab::read_request(odd_clock).time.grace_ms, 3000);
  EXPECT_EQ(riichilab::read_request(odd_clock).time.bank_ms, 0);
  const riichilab::ActionRequest bare = riichilab::read_request(json{{"type", "request_action"}});
  EXPECT_FALSE(bare.request_id.has_value());
  EXPECT_EQ(bare.time.grace_ms, 3000);

  for (const auto& [name, status] : {std::pair{"accepted", riichilab::AckStatus::accepted},
                                     {"rejected", riichilab::AckStatus::rejected},
                                     {"unparseable", riichilab::AckStatus::unparseable},
                                     {"stale", riichilab::AckStatus::stale},
                                     {"defaulted", riichilab::AckStatus::defaulted},
                                     {"later", riichilab::AckStatus::unknown}}) {
    const json ack = {{"type", "action_ack"}, {"request_id", 3}, {"status", name}};
    EXPECT_EQ(riichilab::classify(ack), riichilab::MessageKind::action_ack);
    EXPECT_EQ(riichilab::read_ack(ack).status, status) << name;
  }
  EXPECT_EQ(riichilab::classify(json{{"type", "tsumo"}}), riichilab::MessageKind::event);
  EXPECT_EQ(riichilab::classify(json{{"type", "validation_result"}}), riichilab::MessageKind::validation_result);
  EXPECT_THROW(riichilab::classify(json::array()), std::invalid_argument);
}

TEST(RiichiLabProtocol, TheStrategyBudgetShrinksWithTheClock) {
  const riichilab::TimeLimits published;  // 3 s grace, 15 s bank
  const auto roomy = riichilab::decision_times(published, 0ms, 0).ordinary;
  EXPECT_EQ(riichilab::strategy_budget_ms(roomy, 1000), 1000);  // the configured budget fits
  const auto tight = riichilab::decision_times({200, 0, std::nullopt}, 0ms, 0).ordinary;
  EXPECT_LT(tight, 200ms);
  EXPECT_LT(riichilab::strategy_budget_ms(tight, 1000), tight.count());
  EXPECT_GE(riichilab::strategy_budget_ms(0ms, 1000), 1);
}

// An ordinary decision ends inside the grace, less the round trip, so it never spends bank; only
// a decision still running past it goes into the bank (a quarter of it at most), and never past
// the request's deadline.
TEST(RiichiLabProtocol, AnOrdinaryDecisionNeverSpendsBank) {
  const riichilab::TimeLimits published;  // 3 s grace, 15 s bank
  const riichilab::DecisionTimes times = riichilab::decision_times(published, 0ms, 0);
  EXPECT_LE(times.ordinary, 3000ms - riichilab::kReplyMargin);
  EXPECT_GT(times.ordinary, 2000ms);
  EXPECT_LE(times.cutoff, times.ordinary + 15000ms / 4);
  EXPECT_GT(times.cutoff, times.ordinary);
  // A slow link shortens the ordinary time by its round trip.
  EXPECT_EQ(riichilab::decision_times(published, 400ms, 0).ordinary, times.ordinary - 400ms);
  // Without bank, the cutoff is the grace's end.
  EXPECT_EQ(riichilab::decision_times({3000, 0, std::nullopt}, 0ms, 0).cutoff, times.ordinary);
  // A deadline (Unix ms, or a duration when small) caps both.
  riichilab::TimeLimits due = published;
  due.deadline_ms = 1'800'000'001'000;
  const riichilab::DecisionTimes soon = riichilab::decision_times(due, 0ms, 1'800'000'000'000);
  EXPECT_LE(soon.cutoff, 1000ms - riichilab::kReplyMargin);
  EXPECT_LE(soon.ordinary, soon.cutoff);
  due.deadline_ms = 500;
  EXPECT_LE(riichilab::decision_times(due, 0ms, 1'800'000'000'000).cutoff, 500ms);
}

// The published documentation's shapes: dora_marker as an array, a kakan naming only the added
// tile (rebuilt from the pon on the table), offered and sent alike.
TEST(RiichiLabProtocol, ReadsTheDocumentationsShapes) {
  Table table(0);
  const json hidden = std::vector<std::string>(13, "?");
  for (const json& event : {
           json{{"type", "start_game"}, {"id", 0}},
           json{{"type", "start_kyoku"}, {"bakaze", "E"}, {"kyoku", 1}, {"honba", 0}, {"kyotaku", 0}, {"oya", 0},
                {"dora_marker", "9s"}, {"scores", {25000, 25000, 25000, 25000}},
                {"tehais", {{"5m", "5mr", "1p", "2p", "3p", "4s", "5s", "6s", "7s", "8s", "E", "S", "W"}, hidden, hidden, hidden}}},
           json{{"type", "tsumo"}, {"actor", 0}, {"pai", "N"}},
           json{{"type", "dahai"}, {"actor", 0}, {"pai", "N"}, {"tsumogiri", true}},
           json{{"type", "tsumo"}, {"actor", 1}, {"pai", "?"}},
           json{{"type", "dahai"}, {"actor", 1}, {"pai", "5m"}, {"tsumogiri", true}},
           json{{"type", "pon"}, {"actor", 0}, {"target", 1}, {"pai", "5m"}, {"consumed", {"5m", "5mr"}}}}) {
    table.apply(parse_event(riichilab::table_shape(event, table)).event);
  }
  const json kakan = riichilab::table_shape(json::parse(R"({"type":"kakan","actor":0,"pai":"5m","consumed":["5m"]})"), table);
  std::vector<std::string> consumed = kakan.at("consumed").get<std::vector<std::string>>();
  std::sort(consumed.begin(), consumed.end());
  EXPECT_EQ(consumed, (std::vector<std::string>{"5m", "5m", "5mr"}));
  EXPECT_THROW(riichilab::table_shape(json::parse(R"({"type":"kakan","actor":1,"pai":"5m","consumed":["5m"]})"), table),
               std::invalid_argument);  // seat 1 has no pon
  const json full = json::parse(R"({"type":"kakan","actor":0,"pai":"5m","consumed":["5m","5m","5mr"]})");
  EXPECT_EQ(riichilab::table_shape(full, table), full);
  EXPECT_EQ(riichilab::table_shape(json::parse(R"({"type":"dora","dora_marker":["3p"]})"), table).at("dora_marker"), "3p");
  // The one-tile member is our kakan.
  Action ours;
  ours.type = EventType::kakan;
  ours.pai = parse_tile("5m");
  ours.consumed.push(parse_tile("5m"));
  ours.consumed.push(parse_tile("5m"));
  ours.consumed.push(parse_tile("5mr"));
  EXPECT_EQ(riichilab::find_offered(json::parse(R"([{"type":"none"},{"type":"kakan","pai":"5m","consumed":["5m"]}])"), ours, 0), 1u);
}

TEST(RiichiLabProtocol, ReadsTheHostsErrorFrameAndThreePlayerGames) {
  const json refused = json::parse(R"({"error":"This bot is already connected to a game"})");
  EXPECT_EQ(riichilab::classify(refused), riichilab::MessageKind::host_error);
  EXPECT_EQ(riichilab::host_error_text(refused), "This bot is already connected to a game");
  EXPECT_TRUE(riichilab::says_still_in_game(riichilab::host_error_text(refused)));
  EXPECT_FALSE(riichilab::says_still_in_game("invalid token"));
  EXPECT_TRUE(riichilab::is_three_player(json::parse(R"({"type":"start_kyoku","tehais":[["?"],["?"],["?"]]})")));
  EXPECT_TRUE(riichilab::is_three_player(json::parse(R"({"type":"start_game","names":["a","b","c"]})")));
  EXPECT_FALSE(riichilab::is_three_player(json::parse(R"({"type":"start_game","names":["a","b","c","d"]})")));
}

// /ws/validate plays East-only: the client tells placement so (unless --match says otherwise).
TEST(RiichiLabProtocol, TheValidationGameIsEastOnly) {
  EXPECT_TRUE(riichilab::is_east_only_url("wss://game.riichi.dev/ws/validate"));
  EXPECT_TRUE(riichilab::is_east_only_url("ws://127.0.0.1:9/ws/validate?x=1"));
  EXPECT_FALSE(riichilab::is_east_only_url("wss://game.riichi.dev/ws/ranked"));
  EXPECT_FALSE(riichilab::is_east_only_url("wss://game.riichi.dev/ws/validated"));
  EXPECT_FALSE(riichilab::is_east_only_url(""));
}

TEST(RiichiLabProtocol, RefusesATokenWithControlCharacters) {
  EXPECT_TRUE(token_is_clean("abc.DEF-123_x"));
  EXPECT_FALSE(token_is_clean("abc\r\nX-Injected: 1"));
  EXPECT_FALSE(token_is_clean(std::string("a\0b", 3)));
  EXPECT_FALSE(token_is_clean("tab\there"));
}

TEST(RiichiLabProtocol, ParsesWebSocketUrls) {
  const WebSocketAddress secure = parse_websocket_url("wss://game.riichi.dev/ws/validate");
  EXPECT_TRUE(secure.tls);
  EXPECT_EQ(secure.host, "game.riichi.dev");
  EXPECT_EQ(secure.port, "443");
  EXPECT_EQ(secure.target, "/ws/validate");
  const WebSocketAddress plain = parse_websocket_url("ws://127.0.0.1:8080/ws/ranked");
  EXPECT_FALSE(plain.tls);
  EXPECT_EQ(plain.port, "8080");
  EXPECT_EQ(plain.target, "/ws/ranked");
  EXPECT_EQ(parse_websocket_url("ws://host").target, "/");
  EXPECT_THROW(parse_websocket_url("http://host/ws"), std::invalid_argument);
  EXPECT_THROW(parse_websocket_url("wss://host:99999/ws"), std::invalid_argument);
  EXPECT_THROW(parse_websocket_url("wss://:443/ws"), std::invalid_argument);
}

// ---- A loopback RiichiLab server ------------------------------------------------------------

// The server's end of one WebSocket connection, plain or over TLS.
class Peer {
 public:
  virtual ~Peer() = default;
  virtual bool send_text(const std::string& text) = 0;
  virtual bool send_binary() = 0;
  // The next text frame, or nothing when the client closed or stayed silent too long.
  virtual std::optional<std::string> read_text() = 0;
  // Closes after end_game; waits for the client's part of the closing handshake.
  virtual void close() = 0;
  bool send(const json& message) { return send_text(message.dump()); }
  std::string authorization;  // the Authorization header of the client's handshake
};

template <class Stream>
class StreamPeer final : public Peer {
 public:
  explicit StreamPeer(std::unique_ptr<websocket::stream<Stream>> ws) : ws_(std::move(ws)) {}
  bool send_text(const std::string& text) override {
    beast::error_code error;
    ws_->text(true);
    ws_->write(net::buffer(text), error);
    return !error;
  }
  bool send_binary() override {
    beast::error_code error;
    ws_->binary(true);
    ws_->write(net::buffer(std::string("\x01\x02\x03", 3)), error);
    return !error;
  }
  std::optional<std::string> read_text() override {
    while (true) {
      beast::flat_buffer buffer;
      beast::error_code error;
      ws_->read(buffer, error);
      if (error) return std::nullopt;
      if (ws_->got_text()) return beast::buffers_to_string(buffer.data());
    }
  }
  void close() override {
    beast::error_code error;
    ws_->close(websocket::close_code::normal, error);
    // Reads until the client's close frame comes back (or the socket times out).
    while (!error) {
      beast::flat_buffer buffer;
      ws_->read(buffer, error);
    }
  }

 private:
  std::unique_ptr<websocket::stream<Stream>> ws_;
};

// A certificate for "localhost", signed by its own key, and the key, as PEM.
struct SelfSigned {
  std::string certificate;
  std::string key;
};

std::string pem_of(const std::function<int(BIO*)>& write) {
  BIO* bio = BIO_new(BIO_s_mem());
  write(bio);
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio, &data);
  std::string pem(data, static_cast<std::size_t>(size));
  BIO_free(bio);
  return pem;
}

SelfSigned make_self_signed() {
  EVP_PKEY* key = EVP_EC_gen("P-256");
  X509* certificate = X509_new();
  X509_set_version(certificate, 2);
  ASN1_INTEGER_set(X509_get_serialNumber(certificate), 1);
  X509_gmtime_adj(X509_getm_notBefore(certificate), -3600);
  X509_gmtime_adj(X509_getm_notAfter(certificate), 3600);
  X509_set_pubkey(certificate, key);
  X509_NAME* name = X509_get_subject_name(certificate);
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0);
  X509_set_issuer_name(certificate, name);
  X509V3_CTX context;
  X509V3_set_ctx_nodb(&context);
  X509V3_set_ctx(&context, certificate, certificate, nullptr, nullptr, 0);
  X509_EXTENSION* names = X509V3_EXT_conf_nid(nullptr, &context, NID_subject_alt_name, "DNS:localhost");
  X509_add_ext(certificate, names, -1);
  X509_EXTENSION_free(names);
  X509_sign(certificate, key, EVP_sha256());
  SelfSigned out;
  out.certificate = pem_of([&](BIO* bio) { return PEM_write_bio_X509(bio, certificate); });
  out.key = pem_of([&](BIO* bio) { return PEM_write_bio_PrivateKey(bio, key, nullptr, nullptr, 0, nullptr, nullptr); });
  X509_free(certificate);
  EVP_PKEY_free(key);
  return out;
}

// Accepts one client on 127.0.0.1 and runs a script against it on its own thread; every failed
// check is recorded and read once the thread is done. With a certificate, TLS first. A client
// that never connects, or a script still waiting past its time, fails instead of hanging.
class LoopbackServer {
 public:
  using Script = std::function<void(Peer&, Failures&)>;

  explicit LoopbackServer(Script script, const SelfSigned* tls = nullptr)
      : LoopbackServer(std::vector<Script>{std::move(script)}, tls) {}
  // One script per connection, in the order the client connects.
  explicit LoopbackServer(std::vector<Script> scripts, const SelfSigned* tls = nullptr)
      : acceptor_(io_, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0)) {
    if (tls) {
      tls_.emplace(ssl::context::tls_server);
      tls_->use_certificate_chain(net::buffer(tls->certificate));
      tls_->use_private_key(net::buffer(tls->key), ssl::context::pem);
    }
    thread_ = std::thread([this, scripts = std::move(scripts)] {
      for (const Script& script : scripts) serve(script);
    });
  }
  ~LoopbackServer() {
    if (thread_.joinable()) thread_.join();
  }
  int port() const { return acceptor_.local_endpoint().port(); }
  Failures finish() {
    thread_.join();
    return failures_;
  }

 private:
  void serve(const Script& script) {
    pollfd waiting{acceptor_.native_handle(), POLLIN, 0};
    if (::poll(&waiting, 1, kConnectWaitMs) <= 0) {
      failures_.push_back("no client connected");
      return;
    }
    tcp::socket socket(io_);
    beast::error_code error;
    acceptor_.accept(socket, error);
    if (error) {
      failures_.push_back("accept: " + error.message());
      return;
    }
    socket.set_option(tcp::no_delay(true));
    // Past the script's time the connection is shut, which ends any read the script is blocked in.
    const int fd = socket.native_handle();
    script_done_ = false;
    std::thread guard([this, fd] {
      std::unique_lock lock(mutex_);
      if (!done_.wait_for(lock, kScriptWait, [this] { return script_done_; })) ::shutdown(fd, SHUT_RDWR);
    });
    connect_and_run(std::move(socket), script);
    {
      const std::lock_guard lock(mutex_);
      script_done_ = true;
    }
    done_.notify_all();
    guard.join();
  }

  void connect_and_run(tcp::socket socket, const Script& script) {
    beast::error_code error;
    if (!tls_) {
      auto ws = std::make_unique<websocket::stream<tcp::socket>>(std::move(socket));
      run(std::move(ws), script);
      return;
    }
    auto ws = std::make_unique<websocket::stream<ssl::stream<tcp::socket>>>(std::move(socket), *tls_);
    ws->next_layer().handshake(ssl::stream_base::server, error);
    if (error) {
      failures_.push_back("TLS handshake: " + error.message());
      return;
    }
    run(std::move(ws), script);
  }

  template <class Stream>
  void run(std::unique_ptr<websocket::stream<Stream>> ws, const Script& script) {
    beast::flat_buffer buffer;
    beast::http::request<beast::http::string_body> request;
    beast::error_code error;
    beast::http::read(ws->next_layer(), buffer, request, error);
    if (!error) ws->accept(request, error);
    if (error) {
      failures_.push_back("WebSocket handshake: " + error.message());
      return;
    }
    StreamPeer<Stream> peer(std::move(ws));
    peer.authorization = std::string(request[beast::http::field::authorization]);
    script(peer, failures_);
  }

  net::io_context io_;
  tcp::acceptor acceptor_;
  std::optional<ssl::context> tls_;
  std::thread thread_;
  Failures failures_;
  std::mutex mutex_;
  std::condition_variable done_;
  bool script_done_ = false;
};

// The client's seat, and whether the loopback server bends the flow (by request id).
struct Flow {
  int seat = 0;
  bool faults = true;
  static constexpr std::int64_t kRejected = 2;   // acked rejected; the host plays the default
  static constexpr std::int64_t kDefaulted = 3;  // defaulted before the reply, which is then stale
  static constexpr std::int64_t kStrayAck = 4;   // an extra ack for an old id after the real one
};

struct GameTally {
  int requests = 0;
  int events = 0;          // mjai events sent
  int hora_offered = 0;    // requests offering a win
  int calls_offered = 0;   // requests offering chi, pon or a kan from a discard
};

// The offered members of the client's legal actions as the host writes them: minimal (no actor; a
// win is {"type":"hora"}), and on even ids every member twice.
json possible_actions(const std::vector<Action>& legal, std::int64_t id, int seat) {
  json members = json::array();
  for (const Action& action : legal) {
    json member = event_to_json(action.to_event(seat));
    member.erase("actor");
    if (action.type == EventType::hora) member = {{"type", "hora"}};
    members.push_back(member);
  }
  if (id % 2 == 0) {
    const json once = members;
    for (const json& member : once) members.push_back(member);
  }
  return members;
}

// The reply to request `id`, checked: one of the offered members with the id copied and our seat;
// the index of the legal action it is.
std::optional<std::size_t> read_reply(Peer& peer, std::int64_t id, int seat, const json& offered,
                                      std::size_t legal_count, Failures& failures) {
  const std::optional<std::string> text = peer.read_text();
  if (!text) {
    failures.push_back("no reply to request " + std::to_string(id));
    return std::nullopt;
  }
  json reply;
  try {
    reply = json::parse(*text);
  } catch (const json::exception&) {
    failures.push_back("reply is not JSON: " + *text);
    return std::nullopt;
  }
  if (reply.value("request_id", std::int64_t{-1}) != id || reply.value("actor", -1) != seat) {
    failures.push_back("reply without request_id " + std::to_string(id) + " and our seat as actor: " + *text);
  }
  reply.erase("request_id");
  reply.erase("actor");
  for (std::size_t i = 0; i < offered.size(); ++i) {
    if (offered[i] == reply) return i % legal_count;
  }
  failures.push_back("reply is not an offered member: " + *text + " offered " + offered.dump());
  return std::nullopt;
}

// The client's answer to the pending request, with the scripted faults; nothing means the host
// plays the default.
std::optional<Action> ask_client(Peer& peer, const std::vector<Action>& legal, std::int64_t id, const Flow& flow,
                                 GameTally& tally, Failures& failures) {
  const json offered = possible_actions(legal, id, flow.seat);
  ++tally.requests;
  if (std::any_of(legal.begin(), legal.end(), [](const Action& a) { return a.type == EventType::hora; })) ++tally.hora_offered;
  const auto is_call = [](const Action& a) {
    return a.type == EventType::chi || a.type == EventType::pon || a.type == EventType::daiminkan;
  };
  if (std::any_of(legal.begin(), legal.end(), is_call)) ++tally.calls_offered;
  peer.send({{"type", "request_action"},
             {"request_id", id},
             {"possible_actions", offered},
             {"time", {{"grace_ms", 3000}, {"bank_ms", 15000}, {"deadline_ms", 1'800'000'000'000}}},
             {"observation", "e30="}});
  const auto ack = [&](std::int64_t of, const char* status) {
    peer.send({{"type", "action_ack"}, {"request_id", of}, {"status", status}, {"reason", "scripted"},
               {"elapsed_ms", 40 + of}, {"bank_ms", 15000 - of}});
  };
  if (flow.faults && id == Flow::kDefaulted) {
    ack(id, "defaulted");
    read_reply(peer, id, flow.seat, offered, legal.size(), failures);
    ack(id, "stale");
    return std::nullopt;
  }
  const std::optional<std::size_t> chosen = read_reply(peer, id, flow.seat, offered, legal.size(), failures);
  if (flow.faults && id == Flow::kRejected) {
    ack(id, "rejected");
    return std::nullopt;
  }
  ack(id, "accepted");
  if (flow.faults && id == Flow::kStrayAck) ack(1, "stale");
  if (!chosen) return std::nullopt;
  return legal[*chosen];
}

// One East-only game as /ws/validate plays it (there the client is seat 0): the other seats play
// the default (tsumogiri, or pass). Events go one per frame as the client's seat sees them.
GameTally play_validate_game(Peer& peer, Failures& failures, const Flow& flow, std::uint64_t seed) {
  GameConfig config;
  config.tonpuu = true;
  config.seed = seed;
  Game game(config);
  GameTally tally;
  std::size_t sent = 0;
  std::int64_t next_id = 1;
  if (flow.faults) {
    peer.send_binary();
    peer.send({{"type", "lobby_notice"}, {"text", "an unknown message"}});
    peer.send_text("not json {");
  }
  while (true) {
    for (; sent < game.log().size(); ++sent) {
      json event = event_to_json(mask_event_for_seat(game.log()[sent], flow.seat));
      event["server_field"] = "ignored";
      ++tally.events;
      // The documentation's shape of the indicator, and a frame spread over lines.
      if (flow.faults && event.contains("dora_marker")) event["dora_marker"] = json::array({event.at("dora_marker")});
      if (flow.faults && event.at("type") == "start_game" ? !peer.send_text(event.dump(2)) : !peer.send(event)) {
        failures.push_back("the client went away");
        return tally;
      }
    }
    if (game.finished()) break;
    std::array<std::optional<Action>, 4> replies;
    const std::vector<Action>& legal = game.pending().legal[flow.seat];
    if (!legal.empty()) replies[flow.seat] = ask_client(peer, legal, next_id++, flow, tally, failures);
    if (!failures.empty()) return tally;
    game.answer(replies);
  }
  peer.send({{"type", "validation_result"}, {"passed", true}});
  peer.close();
  return tally;
}

// A folder of this process's own under the temporary directory, removed with everything in it.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name)
      : path_(fs::temp_directory_path() / ("tenbin-riichilab-" + std::to_string(::getpid()) + "-" + name)) {
    fs::remove_all(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::vector<std::string> lines_of(const fs::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The only game log in a directory, or an empty path.
fs::path only_file(const fs::path& dir) {
  std::vector<fs::path> files;
  if (fs::exists(dir)) {
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (entry.path().extension() == ".mjson") files.push_back(entry.path());
    }
  }
  return files.size() == 1 ? files.front() : fs::path();
}

TEST(RiichiLabClient, PlaysAValidationGameThroughEveryAckStatus) {
  GameTally tally;
  LoopbackServer server([&](Peer& peer, Failures& failures) {
    tally = play_validate_game(peer, failures, Flow{}, 17);
  });
  MjaiBot bot(make_policy("greedy"), BotOptions{});
  RiichiLabOptions options;
  const ScratchDir scratch("in-process");
  options.log_dir = scratch.path();
  const int exit_code = run_riichilab(parse_websocket_url("ws://127.0.0.1:" + std::to_string(server.port()) + "/ws/validate"),
                                      bot, options);
  const Failures failures = server.finish();
  for (const std::string& failure : failures) ADD_FAILURE() << failure;
  EXPECT_EQ(exit_code, 0);
  EXPECT_GT(tally.requests, Flow::kStrayAck);
  // Every event the host sent is in the game log, and the bot followed the table throughout.
  const fs::path log = only_file(options.log_dir);
  ASSERT_FALSE(log.empty());
  EXPECT_EQ(static_cast<int>(lines_of(log).size()), tally.events);
  std::ifstream log_in(log);
  MjaiLogReader reader(log_in);
  std::optional<MjaiLogLine> last;
  while (std::optional<MjaiLogLine> line = reader.next()) last = std::move(line);
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->event.type, EventType::end_game);
  EXPECT_EQ(bot.rejected_lines(), 0);
  EXPECT_GE(bot.decisions(), tally.requests);
  // Each ack's times are kept beside the log: one line per ack (the stray and stale ones too).
  fs::path acks = log;
  acks.replace_extension(".acks.jsonl");
  const std::vector<std::string> ack_lines = lines_of(acks);
  EXPECT_EQ(static_cast<int>(ack_lines.size()), tally.requests + 2);
  for (const std::string& line : ack_lines) {
    const json ack = json::parse(line);
    EXPECT_EQ(ack.at("elapsed_ms"), 40 + ack.at("request_id").get<int>()) << line;
    EXPECT_EQ(ack.at("bank_ms"), 15000 - ack.at("request_id").get<int>()) << line;
  }
}

TEST(RiichiLabClient, AnswersWinsAndCallsOfferedAsMinimalMembersFromAnySeat) {
  // The seeds' games offer the client wins and calls (checked below, so the test keeps meaning
  // it); the seat comes from start_game.id, as on /ws/ranked.
  GameTally total;
  for (const auto& [seed, seat] : {std::pair<std::uint64_t, int>{3, 0}, {5, 2}}) {
    GameTally tally;
    LoopbackServer server([&](Peer& peer, Failures& failures) {
      tally = play_validate_game(peer, failures, Flow{.seat = seat, .faults = false}, seed);
    });
    MjaiBot bot(make_policy("greedy"), BotOptions{});
    RiichiLabOptions options;
    const ScratchDir scratch("seed-" + std::to_string(seed));
    options.log_dir = scratch.path();
    EXPECT_EQ(run_riichilab(parse_websocket_url("ws://127.0.0.1:" + std::to_string(server.port()) + "/ws/validate"), bot,
                            options),
              0);
    for (const std::string& failure : server.finish()) ADD_FAILURE() << failure;
    total.hora_offered += tally.hora_offered;
    total.calls_offered += tally.calls_offered;
  }
  EXPECT_GT(total.hora_offered, 0);
  EXPECT_GT(total.calls_offered, 0);
}

// A strategy that thinks until the test lets it go, and records the budgets it was given.
class StuckPolicy final : public Policy {
 public:
  explicit StuckPolicy(std::shared_future<void> release) : release_(std::move(release)) {}
  std::string_view name() const override { return "stuck"; }
  Action choose(const Table&, std::span<const Action> legal) override {
    release_.wait_for(60s);
    return legal.back();
  }
  void set_budget_ms(int budget_ms) override { budgets->push_back(budget_ms); }
  std::shared_ptr<std::vector<int>> budgets = std::make_shared<std::vector<int>>();

 private:
  std::shared_future<void> release_;
};

TEST(RiichiLabClient, ASlowStrategyIsAnsweredForWithTheFallbackInsideTheGrace) {
  std::promise<void> release;
  auto policy = std::make_unique<StuckPolicy>(release.get_future().share());
  const std::shared_ptr<std::vector<int>> budgets = policy->budgets;
  json fallback_reply;
  LoopbackServer server([&](Peer& peer, Failures& failures) {
    GameConfig config;
    config.tonpuu = true;
    config.seed = 11;
    Game game(config);
    while (game.pending().legal[0].empty()) game.answer({});
    for (const Event& event : game.log()) peer.send(event_to_json(mask_event_for_seat(event, 0)));
    // The reply must come while the strategy is still stuck: the fallback, the drawn tile.
    peer.send({{"type", "request_action"},
               {"request_id", 1},
               {"possible_actions", possible_actions(game.pending().legal[0], 1, 0)},
               {"time", {{"grace_ms", 200}, {"bank_ms", 0}}}});
    const std::optional<std::string> reply = peer.read_text();
    release.set_value();
    if (!reply) {
      failures.push_back("no reply while the strategy was stuck");
      return;
    }
    fallback_reply = json::parse(*reply);
    peer.send({{"type", "action_ack"}, {"request_id", 1}, {"status", "accepted"}});
    peer.send({{"type", "end_game"}});
    peer.close();
  });
  MjaiBot bot(std::move(policy), BotOptions{});
  RiichiLabOptions options;
  const ScratchDir scratch("slow");
  options.log_dir = scratch.path();
  options.budget_ms = 1000;
  const int exit_code = run_riichilab(parse_websocket_url("ws://127.0.0.1:" + std::to_string(server.port()) + "/ws/ranked"),
                                      bot, options);
  for (const std::string& failure : server.finish()) ADD_FAILURE() << failure;
  EXPECT_EQ(exit_code, 0);
  EXPECT_EQ(fallback_reply.value("type", ""), "dahai");
  EXPECT_EQ(fallback_reply.value("tsumogiri", false), true);
  // The budget given to the strategy was cut to the 200 ms grace.
  ASSERT_EQ(budgets->size(), 1u);
  EXPECT_LT(budgets->front(), 200);
}

TEST(RiichiLabClient, ReportsAConnectionThatEndsBeforeEndGame) {
  LoopbackServer server([](Peer& peer, Failures&) {
    peer.send({{"type", "start_game"}, {"id", 0}, {"names", {"a", "b", "c", "d"}}});
    peer.close();
  });
  MjaiBot bot(make_policy("greedy"), BotOptions{});
  RiichiLabOptions options;
  const ScratchDir scratch("early");
  options.log_dir = scratch.path();
  EXPECT_EQ(run_riichilab(parse_websocket_url("ws://127.0.0.1:" + std::to_string(server.port()) + "/"), bot, options), 1);
  for (const std::string& failure : server.finish()) ADD_FAILURE() << failure;
}

// The next frame never waits for a late decision: while the strategy is stuck on the first
// request, the events after it are read and the second request is answered (the fallback).
TEST(RiichiLabClient, TheNextFrameNeverWaitsForALateDecision) {
  std::promise<void> release;
  auto policy = std::make_unique<StuckPolicy>(release.get_future().share());
  bool second_answered = false;
  LoopbackServer server([&](Peer& peer, Failures& failures) {
    GameConfig config;
    config.tonpuu = true;
    config.seed = 11;
    Game game(config);
    std::size_t sent = 0;
    const auto send_log = [&] {
      for (; sent < game.log().size(); ++sent) peer.send(event_to_json(mask_event_for_seat(game.log()[sent], 0)));
    };
    std::int64_t id = 0;
    while (id < 2 && !game.finished()) {
      send_log();
      std::array<std::optional<Action>, 4> replies;
      const std::vector<Action>& legal = game.pending().legal[0];
      if (!legal.empty()) {
        ++id;
        peer.send({{"type", "request_action"}, {"request_id", id}, {"possible_actions", possible_actions(legal, id, 0)},
                   {"time", {{"grace_ms", 200}, {"bank_ms", 0}}}});
        const std::optional<std::string> reply = peer.read_text();
        if (!reply) {
          failures.push_back("no reply to request " + std::to_string(id) + " while the strategy was stuck");
          break;
        }
        second_answered = id == 2;
        const json member = json::parse(*reply);
        for (const Action& action : legal) {
          json offered = event_to_json(action.to_event(0));
          if (offered.value("pai", "") == member.value("pai", "") && offered.at("type") == member.at("type")) {
            replies[0] = action;
            break;
          }
        }
      }
      game.answer(replies);
    }
    release.set_value();
    peer.send({{"type", "end_game"}});
    peer.close();
  });
  MjaiBot bot(std::move(policy), BotOptions{});
  RiichiLabOptions options;
  const ScratchDir scratch("late");
  options.log_dir = scratch.path();
  EXPECT_EQ(run_riichilab(parse_websocket_url("ws://127.0.0.1:" + std::to_string(server.port()) + "/ws/ranked"), bot, options), 0);
  for (const std::string& failure : server.finish()) ADD_FAILURE() << failure;
  EXPECT_TRUE(second_answered);
}

// A server silent in the middle of a game is left after the read timeout (exit 1).
TEST(RiichiLabClient, ASilentServerMidGameIsLeftAfterTheReadTimeout) {
  LoopbackServer server([](Peer& peer, Failures&) {
    peer.send({{"type", "start_game"}, {"id", 0}, {"names", {"a", "b", "c", "d"}}});
    static_cast<void>(peer.read_text());  // silent until the client hangs up
  });
  MjaiBot bot(make_policy("greedy"), BotOptions{});
  RiichiLabOptions options;
  const ScratchDir scratch("silent");
  options.log_dir = scratch.path();
  options.read_timeout = 300ms;
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(run_riichilab(parse_websocket_url("ws://127.0.0.1:" + std::to_string(server.port()) + "/ws/ranked"), bot, options), 1);
  EXPECT_LT(std::chrono::steady_clock::now() - start, kScriptWait / 2);
  for (const std::string& failure : server.finish()) ADD_FAILURE() << failure;
}

// After end_game a host that keeps the connection open is left by the client (exit 0), whether
// it sent a close frame or nothing.
TEST(RiichiLabClient, ClosesAConnectionTheHostLeavesOpenAfterTheGame) {
  for (const bool close_frame : {false, true}) {
    bool client_left = false;
    LoopbackServer server([&](Peer& peer, Failures&) {
      peer.send({{"type", "start_game"}, {"id", 0}, {"names", {"a", "b", "c", "d"}}});
      peer.send({{"type", "end_game"}});
      if (close_frame) {
        peer.close();  // the close handshake; the TCP connection stays until the client drops it
      } else {
        client_left = !peer.read_text().has_value();
      }
    });
    MjaiBot bot(make_policy("greedy"), BotOptions{});
    RiichiLabOptions options;
    const ScratchDir scratch("left-open");
    options.log_dir = scratch.path();
    options.read_timeout = 300ms;
    EXPECT_EQ(run_riichilab(parse_websocket_url("ws://127.0.0.1:" + std::to_string(server.port()) + "/"), bot, options), 0);
    for (const std::string& failure : server.finish()) ADD_FAILURE() << failure;
    if (!close_frame) {
      EXPECT_TRUE(client_left);
    }
  }
}

// A refusal while the bot is still counted in a game is tried again after a wait; --games N
// plays N games, each with its own log.
TEST(RiichiLabClient, PlaysSeveralGamesBackingOffWhileTheHostSaysTheBotIsInAGame) {
  const auto refuse = [](Peer& peer, Failures&) {
    peer.send({{"error", "This bot is already connected to a game"}});
    static_cast<void>(peer.read_text());
  };
  const auto play = [](Peer& peer, Failures& failures) { play_validate_game(peer, failures, Flow{.faults = false}, 3); };
  LoopbackServer server(std::vector<LoopbackServer::Script>{refuse, play, refuse, refuse, play});
  MjaiBot bot(make_policy("greedy"), BotOptions{});
  RiichiLabOptions options;
  const ScratchDir scratch("games");
  options.log_dir = scratch.path();
  options.games = 2;
  options.retry_wait = 20ms;
  EXPECT_EQ(run_riichilab(parse_websocket_url("ws://127.0.0.1:" + std::to_string(server.port()) + "/ws/validate"), bot, options), 0);
  for (const std::string& failure : server.finish()) ADD_FAILURE() << failure;
  int logs = 0;
  for (const auto& entry : fs::directory_iterator(options.log_dir)) logs += entry.path().extension() == ".mjson";
  EXPECT_EQ(logs, 2);
}

// ---- The executable --------------------------------------------------------------------------

// Sets an environment variable for the processes this test starts, and restores it.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::optional<std::string>& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) {
      ::setenv(name, value->c_str(), 1);
    } else {
      ::unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

constexpr const char* kToken = "lab-token-7f3a9c";

TEST(RiichiLabBinary, SendsTheTokenFromTheEnvironmentAndNeverLogsIt) {
  std::string authorization;
  LoopbackServer server([&](Peer& peer, Failures& failures) {
    authorization = peer.authorization;
    play_validate_game(peer, failures, Flow{}, 23);
  });
  const ScopedEnv token("RIICHILAB_TOKEN", kToken);
  const ScratchDir scratch("binary");
  const fs::path logs = scratch.path();
  const subprocess::Result run = subprocess::run(
      subprocess::tenbin_binary(),
      {"--riichilab", "ws://127.0.0.1:" + std::to_string(server.port()) + "/ws/validate", "--riichilab-logs",
       logs.string(), "--strategy", "greedy", "--log-level", "trace"});
  for (const std::string& failure : server.finish()) ADD_FAILURE() << failure;
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(authorization, std::string("Bearer ") + kToken);
  EXPECT_EQ(run.err.find(kToken), std::string::npos);
  EXPECT_EQ(run.out.find(kToken), std::string::npos);
  EXPECT_NE(run.err.find("validation passed"), std::string::npos) << run.err;
  EXPECT_FALSE(only_file(logs).empty());
}

TEST(RiichiLabBinary, RejectsAUrlThatIsNotAWebSocket) {
  const subprocess::Result bad = subprocess::run(subprocess::tenbin_binary(), {"--riichilab", "https://x/ws"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("ws://"), std::string::npos) << bad.err;
}

TEST(RiichiLabBinary, VerifiesTheServersCertificateAgainstTheTrustStore) {
  const SelfSigned certificate = make_self_signed();
  const ScratchDir scratch("tls");
  const fs::path& dir = scratch.path();
  fs::create_directories(dir);
  const fs::path trusted = dir / "trusted.pem";
  std::ofstream(trusted) << certificate.certificate;
  const auto args = [&](int port) {
    return std::vector<std::string>{"--riichilab", "wss://localhost:" + std::to_string(port) + "/ws/validate",
                                    "--riichilab-logs", (dir / "logs").string(), "--strategy", "greedy"};
  };

  {  // Not in the system store: the handshake fails and nothing is played.
    LoopbackServer server([](Peer&, Failures&) {}, &certificate);
    const ScopedEnv store("SSL_CERT_FILE", std::nullopt);
    const subprocess::Result run = subprocess::run(subprocess::tenbin_binary(), args(server.port()));
    server.finish();  // the server's side of a refused handshake is no failure of the client
    EXPECT_EQ(run.exit_code, 1) << run.err;
    EXPECT_NE(run.err.find("certificate verify failed"), std::string::npos) << run.err;
  }
  {  // The same certificate trusted (OpenSSL reads the store from SSL_CERT_FILE): a whole game.
    LoopbackServer server([](Peer& peer, Failures& failures) { play_validate_game(peer, failures, Flow{}, 29); },
                          &certificate);
    const ScopedEnv store("SSL_CERT_FILE", trusted.string());
    const subprocess::Result run = subprocess::run(subprocess::tenbin_binary(), args(server.port()));
    for (const std::string& failure : server.finish()) ADD_FAILURE() << failure;
    EXPECT_EQ(run.exit_code, 0) << run.err;
  }
}

// The host's refusal, a frame without a type, ends the run at once with its message.
TEST(RiichiLabBinary, TheHostsErrorFrameIsFatal) {
  LoopbackServer server([](Peer& peer, Failures&) {
    peer.send({{"error", "invalid token"}});
    static_cast<void>(peer.read_text());  // open until the client leaves
  });
  const ScratchDir scratch("refused");
  const subprocess::Result run = subprocess::run(
      subprocess::tenbin_binary(), {"--riichilab", "ws://127.0.0.1:" + std::to_string(server.port()) + "/ws/ranked",
                                    "--riichilab-logs", scratch.path().string()});
  for (const std::string& failure : server.finish()) ADD_FAILURE() << failure;
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("invalid token"), std::string::npos) << run.err;
}

TEST(RiichiLabBinary, NamesTheLastEventOfAServerSilentMidGame) {
  LoopbackServer server([](Peer& peer, Failures&) {
    peer.send({{"type", "start_game"}, {"id", 0}, {"names", {"a", "b", "c", "d"}}});
    peer.send({{"type", "start_kyoku"}, {"bakaze", "E"}, {"kyoku", 1}, {"honba", 0}, {"kyotaku", 0}, {"oya", 0},
               {"dora_marker", "1m"}, {"scores", {25000, 25000, 25000, 25000}},
               {"tehais", {{"1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "S"},
                           std::vector<std::string>(13, "?"), std::vector<std::string>(13, "?"),
                           std::vector<std::string>(13, "?")}}});
    static_cast<void>(peer.read_text());
  });
  const ScratchDir scratch("silent-binary");
  const subprocess::Result run = subprocess::run(
      subprocess::tenbin_binary(), {"--riichilab", "ws://127.0.0.1:" + std::to_string(server.port()) + "/ws/ranked",
                                    "--riichilab-logs", scratch.path().string(), "--read-timeout", "1"});
  for (const std::string& failure : server.finish()) ADD_FAILURE() << failure;
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("no frame for 1000 ms"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("start_kyoku"), std::string::npos) << run.err;
}

TEST(RiichiLabBinary, ShowsTheReasonOfAFailedValidation) {
  LoopbackServer server([](Peer& peer, Failures&) {
    peer.send({{"type", "start_game"}, {"id", 0}, {"names", {"a", "b", "c", "d"}}});
    peer.send({{"type", "end_game"}});
    peer.send({{"type", "validation_result"}, {"passed", false}, {"reason", "the bot timed out 3 times"}});
    peer.close();
  });
  const ScratchDir scratch("failed-validation");
  const subprocess::Result run = subprocess::run(
      subprocess::tenbin_binary(), {"--riichilab", "ws://127.0.0.1:" + std::to_string(server.port()) + "/ws/validate",
                                    "--riichilab-logs", scratch.path().string()});
  for (const std::string& failure : server.finish()) ADD_FAILURE() << failure;
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("validation failed: the bot timed out 3 times"), std::string::npos) << run.err;
}

TEST(RiichiLabBinary, RefusesAThreePlayerGameClearly) {
  LoopbackServer server([](Peer& peer, Failures&) {
    peer.send({{"type", "start_game"}, {"id", 0}, {"names", {"a", "b", "c"}}});
    static_cast<void>(peer.read_text());
  });
  const ScratchDir scratch("sanma");
  const subprocess::Result run = subprocess::run(
      subprocess::tenbin_binary(), {"--riichilab", "ws://127.0.0.1:" + std::to_string(server.port()) + "/ws/ranked",
                                    "--riichilab-logs", scratch.path().string()});
  for (const std::string& failure : server.finish()) ADD_FAILURE() << failure;
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("three-player"), std::string::npos) << run.err;
}

// A token with a line break would add a header of its own: refused before anything is sent.
TEST(RiichiLabBinary, RefusesATokenWithALineBreak) {
  const ScopedEnv token("RIICHILAB_TOKEN", std::string("abc\r\nX-Injected: 1"));
  const subprocess::Result run = subprocess::run(subprocess::tenbin_binary(), {"--riichilab", "ws://127.0.0.1:9/ws"});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("control character"), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find("X-Injected"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace tenbin
