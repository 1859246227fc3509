#include "bot/protocol/riichilab_client.hpp"

#include <openssl/ssl.h>

#include <stdexcept>

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

template <class Stream>
void open_websocket(websocket::stream<Stream>& ws, const WebSocketAddress& address, const std::string& token) {
  ws.read_message_max(kMaxFrame);
  ws.set_option(websocket::stream_base::decorator([token](websocket::request_type& request) {
    request.set(beast::http::field::user_agent, "tenbin");
    if (!token.empty()) request.set(beast::http::field::authorization, "Bearer " + token);
  }));
  websocket::response_type response;
  beast::error_code error;
  ws.handshake(response, host_header(address), address.target, error);
  if (error) {
    const std::string status = response.result_int() == 0 ? "" : " (HTTP " + std::to_string(response.result_int()) + ")";
    throw std::runtime_error("WebSocket handshake with " + address.host + " failed" + status + ": " + error.message());
  }
}

// Replies go out at once: without TCP_NODELAY a small frame can wait for the previous one's ACK.
void connect(beast::tcp_stream& stream, const tcp::resolver::results_type& endpoints) {
  stream.connect(endpoints);
  stream.socket().set_option(tcp::no_delay(true));
}

// Frames in, replies out, until the host closes the connection.
template <class Stream>
int play(websocket::stream<Stream>& ws, RiichiLabSession& session) {
  beast::flat_buffer buffer;
  while (true) {
    buffer.clear();
    beast::error_code error;
    ws.read(buffer, error);
    if (error == websocket::error::closed) return session.finish("");
    if (error) return session.finish(session.game_over() ? "" : error.message());
    if (!ws.got_text()) {
      spdlog::debug("binary frame of {} bytes ignored", buffer.size());
      continue;
    }
    for (const std::string& reply : session.on_frame(beast::buffers_to_string(buffer.data()))) {
      ws.text(true);
      ws.write(net::buffer(reply), error);
      if (error) return session.finish("sending a reply: " + error.message());
    }
  }
}

int play_plain(net::io_context& io, const tcp::resolver::results_type& endpoints, const WebSocketAddress& address,
               const RiichiLabOptions& options, RiichiLabSession& session) {
  websocket::stream<beast::tcp_stream> ws(io);
  connect(beast::get_lowest_layer(ws), endpoints);
  open_websocket(ws, address, options.token);
  return play(ws, session);
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
  connect(beast::get_lowest_layer(ws), endpoints);
  beast::error_code error;
  ws.next_layer().handshake(ssl::stream_base::client, error);
  if (error) throw std::runtime_error("TLS handshake with " + address.host + " failed: " + error.message());
  open_websocket(ws, address, options.token);
  return play(ws, session);
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

int run_riichilab(const WebSocketAddress& address, MjaiBot& bot, const RiichiLabOptions& options) {
  RiichiLabSession session(bot, options.log_dir, options.budget_ms);
  try {
    net::io_context io;
    tcp::resolver resolver(io);
    const tcp::resolver::results_type endpoints = resolver.resolve(address.host, address.port);
    spdlog::info("connecting to {}://{}{}", address.tls ? "wss" : "ws", host_header(address), address.target);
    if (options.token.empty()) spdlog::warn("RIICHILAB_TOKEN is not set: connecting without a token");
    return address.tls ? play_tls(io, endpoints, address, options, session)
                       : play_plain(io, endpoints, address, options, session);
  } catch (const std::exception& error) {
    return session.finish(error.what());
  }
}

}  // namespace tenbin
