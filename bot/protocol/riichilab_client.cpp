#include "bot/protocol/riichilab_client.hpp"

#include <openssl/ssl.h>

#include <algorithm>
#include <stdexcept>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <spdlog/spdlog.h>

#include "bot/protocol/riichilab_session.hpp"

namespace tenbin {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace ssl = net::ssl;
using tcp = net::ip::tcp;

constexpr std::size_t kMaxFrame = 64 << 20;  // an observation rides along with each request

// The Host header: the port only when it is not the scheme's own.
std::string host_header(const WebSocketAddress& address) {
  const bool default_port = address.port == (address.tls ? "443" : "80");
  return default_port ? address.host : address.host + ":" + address.port;
}

// Runs one asynchronous operation to its end; the stream's expiry (set before) bounds it.
template <class Start>
beast::error_code run_one(net::io_context& io, Start&& start) {
  beast::error_code result = net::error::would_block;
  start([&result](beast::error_code error, auto&&...) { result = error; });
  io.restart();
  io.run();
  return result;
}

void expire_after(beast::tcp_stream& stream, std::chrono::milliseconds timeout) {
  if (timeout.count() == 0) {
    stream.expires_never();
  } else {
    stream.expires_after(timeout);
  }
}

// Replies go out at once: without TCP_NODELAY a small frame can wait for the previous one's ACK.
void connect(net::io_context& io, beast::tcp_stream& stream, const tcp::resolver::results_type& endpoints,
             std::chrono::milliseconds timeout) {
  stream.expires_after(timeout);
  const beast::error_code error =
      run_one(io, [&](auto handler) { stream.async_connect(endpoints, std::move(handler)); });
  if (error == beast::error::timeout) throw std::runtime_error("no connection within " + std::to_string(timeout.count()) + " ms");
  if (error) throw std::runtime_error("cannot connect: " + error.message());
  stream.socket().set_option(tcp::no_delay(true));
}

template <class Stream>
void open_websocket(net::io_context& io, websocket::stream<Stream>& ws, const WebSocketAddress& address,
                    const RiichiLabOptions& options) {
  ws.read_message_max(kMaxFrame);
  const std::string token = options.token;
  ws.set_option(websocket::stream_base::decorator([token](websocket::request_type& request) {
    request.set(beast::http::field::user_agent, "tenbin");
    if (!token.empty()) request.set(beast::http::field::authorization, "Bearer " + token);
  }));
  websocket::response_type response;
  beast::get_lowest_layer(ws).expires_after(options.connect_timeout);
  const beast::error_code error = run_one(io, [&](auto handler) {
    ws.async_handshake(response, host_header(address), address.target, std::move(handler));
  });
  if (error) {
    const std::string status = response.result_int() == 0 ? "" : " (HTTP " + std::to_string(response.result_int()) + ")";
    throw std::runtime_error("WebSocket handshake with " + address.host + " failed" + status + ": " + error.message());
  }
}

// How long the next frame may take: no limit while waiting for a table, the read timeout during
// a game, and after end_game a short while for the host to close.
std::chrono::milliseconds frame_wait(const RiichiLabSession& session, const RiichiLabOptions& options) {
  if (session.in_game()) return options.read_timeout;
  if (!session.game_over()) return std::chrono::milliseconds(0);
  if (options.read_timeout.count() == 0) return kAfterGameWait;
  return std::min<std::chrono::milliseconds>(options.read_timeout, kAfterGameWait);
}

// Frames in, replies out, until the host closes the connection.
template <class Stream>
int play(net::io_context& io, websocket::stream<Stream>& ws, RiichiLabSession& session, const RiichiLabOptions& options) {
  beast::flat_buffer buffer;
  while (true) {
    buffer.clear();
    const std::chrono::milliseconds wait = frame_wait(session, options);
    expire_after(beast::get_lowest_layer(ws), wait);
    beast::error_code error = run_one(io, [&](auto handler) { ws.async_read(buffer, std::move(handler)); });
    if (error == websocket::error::closed) return session.finish("");
    if (error == beast::error::timeout && session.game_over()) {
      spdlog::info("the host kept the connection open after end_game; closed it");
      return session.finish("");
    }
    if (error == beast::error::timeout) {
      return session.finish("no frame for " + std::to_string(wait.count()) + " ms in the middle of the game");
    }
    if (error) return session.finish(session.game_over() ? "" : error.message());
    if (!ws.got_text()) {
      spdlog::debug("binary frame of {} bytes ignored", buffer.size());
      continue;
    }
    for (const std::string& reply : session.on_frame(beast::buffers_to_string(buffer.data()))) {
      ws.text(true);
      expire_after(beast::get_lowest_layer(ws), options.read_timeout);
      error = run_one(io, [&](auto handler) { ws.async_write(net::buffer(reply), std::move(handler)); });
      if (error) return session.finish("sending a reply: " + error.message());
    }
    if (session.fatal()) return session.finish("");
  }
}

int play_plain(net::io_context& io, const tcp::resolver::results_type& endpoints, const WebSocketAddress& address,
               const RiichiLabOptions& options, RiichiLabSession& session) {
  websocket::stream<beast::tcp_stream> ws(io);
  connect(io, beast::get_lowest_layer(ws), endpoints, options.connect_timeout);
  open_websocket(io, ws, address, options);
  return play(io, ws, session, options);
}

// TLS with the peer's certificate checked against the system store and its name against the host.
int play_tls(net::io_context& io, const tcp::resolver::results_type& endpoints, const WebSocketAddress& address,
             const RiichiLabOptions& options, RiichiLabSession& session) {
  ssl::context context(ssl::context::tls_client);
  context.set_default_verify_paths();
  context.set_verify_mode(ssl::verify_peer);
  websocket::stream<beast::ssl_stream<beast::tcp_stream>> ws(io, context);
  SSL* const handle = ws.next_layer().native_handle();
  if (SSL_set_tlsext_host_name(handle, address.host.c_str()) != 1 || SSL_set1_host(handle, address.host.c_str()) != 1) {
    throw std::runtime_error("cannot set the TLS host name " + address.host);
  }
  connect(io, beast::get_lowest_layer(ws), endpoints, options.connect_timeout);
  beast::get_lowest_layer(ws).expires_after(options.connect_timeout);
  const beast::error_code error = run_one(io, [&](auto handler) {
    ws.next_layer().async_handshake(ssl::stream_base::client, std::move(handler));
  });
  if (error) throw std::runtime_error("TLS handshake with " + address.host + " failed: " + error.message());
  open_websocket(io, ws, address, options);
  return play(io, ws, session, options);
}

struct GameOutcome {
  int exit_code = 1;
  bool refused_still_in_game = false;
};

GameOutcome play_one_game(const WebSocketAddress& address, MjaiBot& bot, const RiichiLabOptions& options) {
  RiichiLabSession session(bot, options.log_dir, options.budget_ms);
  GameOutcome outcome;
  try {
    net::io_context io;
    tcp::resolver resolver(io);
    const tcp::resolver::results_type endpoints = resolver.resolve(address.host, address.port);
    spdlog::info("connecting to {}://{}{}", address.tls ? "wss" : "ws", host_header(address), address.target);
    outcome.exit_code = address.tls ? play_tls(io, endpoints, address, options, session)
                                    : play_plain(io, endpoints, address, options, session);
  } catch (const std::exception& error) {
    outcome.exit_code = session.finish(error.what());
  }
  outcome.refused_still_in_game = session.refused_still_in_game();
  return outcome;
}

}  // namespace

WebSocketAddress parse_websocket_url(const std::string& url) {
  WebSocketAddress address;
  std::string rest;
  if (url.rfind("wss://", 0) == 0) {
    address.tls = true;
    rest = url.substr(6);
  } else if (url.rfind("ws://", 0) == 0) {
    rest = url.substr(5);
  } else {
    throw std::invalid_argument("expected ws://HOST[:PORT]/PATH or wss://..., got \"" + url + "\"");
  }
  if (const auto slash = rest.find('/'); slash != std::string::npos) {
    address.target = rest.substr(slash);
    rest = rest.substr(0, slash);
  }
  address.port = address.tls ? "443" : "80";
  if (const auto colon = rest.rfind(':'); colon != std::string::npos) {
    address.port = rest.substr(colon + 1);
    rest = rest.substr(0, colon);
    if (address.port.empty() || address.port.size() > 5 ||
        address.port.find_first_not_of("0123456789") != std::string::npos || std::stoi(address.port) < 1 ||
        std::stoi(address.port) > 65535) {
      throw std::invalid_argument("bad port in \"" + url + "\"");
    }
  }
  if (rest.empty()) throw std::invalid_argument("no host in \"" + url + "\"");
  address.host = rest;
  return address;
}

bool token_is_clean(const std::string& token) {
  return std::none_of(token.begin(), token.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; });
}

int run_riichilab(const WebSocketAddress& address, MjaiBot& bot, const RiichiLabOptions& options) {
  if (!token_is_clean(options.token)) {
    spdlog::error("RIICHILAB_TOKEN holds a control character (a line break?): refused, nothing sent");
    return 2;
  }
  if (options.token.empty()) spdlog::warn("RIICHILAB_TOKEN is not set: connecting without a token");
  for (int game = 1; game <= options.games; ++game) {
    if (options.games > 1) spdlog::info("game {} of {}", game, options.games);
    std::chrono::milliseconds wait = options.retry_wait;
    GameOutcome outcome = play_one_game(address, bot, options);
    for (int retry = 1; outcome.refused_still_in_game && retry <= options.retries; ++retry) {
      spdlog::warn("the host still counts the bot in a game: trying again in {} ms ({} of {})", wait.count(), retry,
                   options.retries);
      std::this_thread::sleep_for(wait);
      wait = std::min<std::chrono::milliseconds>(wait * 2, std::chrono::minutes(1));
      outcome = play_one_game(address, bot, options);
    }
    if (outcome.exit_code != 0) return outcome.exit_code;
  }
  return 0;
}

}  // namespace tenbin
