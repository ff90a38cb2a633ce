#include "http/server.hpp"

#include <spdlog/spdlog.h>

#include <array>
#include <boost/asio.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <thread>

#include "http/error_codes.hpp"
#include "http/messages.hpp"
#include "util/request_id.hpp"

namespace shopfloor::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;
using asio::use_awaitable;
constexpr auto no_throw = asio::as_tuple(asio::use_awaitable);

struct Server::Connection {
  explicit Connection(tcp::socket socket) : stream(std::move(socket)) {}
  beast::tcp_stream stream;
  std::atomic<bool> busy{false};  // between reading a request header and finishing its response
  std::atomic<bool> handed_off{false};
};

// Concurrency hint 1: each context is run by one thread, which lets asio skip locking its handler queue.
static std::vector<std::unique_ptr<asio::io_context>> make_contexts(int threads) {
  std::vector<std::unique_ptr<asio::io_context>> contexts;
  for (int i = 0; i < std::max(1, threads); ++i) contexts.push_back(std::make_unique<asio::io_context>(1));
  return contexts;
}

Server::Server(ServerOptions options, Dispatch dispatch, BodyLimit body_limit)
    : options_(std::move(options)),
      dispatch_(std::move(dispatch)),
      body_limit_(std::move(body_limit)),
      contexts_(make_contexts(options_.threads)),
      acceptor_(*contexts_.front()) {
  // The other threads' contexts have no work until a connection arrives: keep their run() going till stop.
  for (auto& context : contexts_) keep_running_.push_back(asio::make_work_guard(*context));
  tcp::endpoint endpoint{asio::ip::make_address(options_.host), options_.port};
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
  bound_port_ = acceptor_.local_endpoint().port();
}

Server::~Server() = default;

asio::io_context& Server::next_context() {
  return *contexts_[next_context_++ % contexts_.size()];
}

void Server::run() {
  auto& main_context = io();
  asio::co_spawn(main_context, accept_loop(), asio::detached);
  asio::signal_set signals(main_context, SIGINT, SIGTERM);
  signals.async_wait([this](const boost::system::error_code& ec, int sig) {
    if (ec) return;
    spdlog::info("signal {} received: finishing in-flight requests", sig);
    stop();
  });
  std::vector<std::thread> threads;
  for (std::size_t i = 1; i < contexts_.size(); ++i) threads.emplace_back([this, i] { contexts_[i]->run(); });
  main_context.run();
  for (auto& t : threads) t.join();
}

void Server::stop() {
  if (stopping_.exchange(true)) return;
  if (on_stop_) on_stop_();
  asio::post(io(), [this] {
    boost::system::error_code ignored;
    acceptor_.close(ignored);
    asio::co_spawn(io(), drain(), asio::detached);
  });
}

asio::awaitable<void> Server::drain() {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(options_.shutdown_timeout_s);
  asio::steady_timer timer(io());
  for (;;) {
    std::vector<std::shared_ptr<Connection>> idle;
    std::size_t busy = 0;
    {
      std::lock_guard lock(mutex_);
      // Handed-off (WebSocket) connections are closed by their owner's stop hook, not waited for.
      for (auto& c : connections_) {
        if (c->handed_off) continue;
        if (c->busy)
          ++busy;
        else
          idle.push_back(c);
      }
    }
    // An idle keep-alive connection is waiting for a request that must not come: close it.
    for (auto& c : idle) asio::post(c->stream.get_executor(), [c] { c->stream.socket().close(); });
    bool expired = std::chrono::steady_clock::now() >= deadline;
    if ((busy == 0 && idle.empty()) || expired) {
      if (expired) spdlog::warn("shutdown timeout: closing {} busy connection(s)", busy);
      break;
    }
    timer.expires_after(std::chrono::milliseconds(20));
    co_await timer.async_wait(no_throw);
  }
  for (auto& context : contexts_) context->stop();
}

asio::awaitable<void> Server::accept_loop() {
  for (;;) {
    // Accepted onto the next thread's context: the connection's coroutine runs there alone, so it needs no
    // strand.
    auto [ec, socket] = co_await acceptor_.async_accept(next_context(), no_throw);
    if (ec) {
      if (stopping_ || ec == asio::error::operation_aborted) co_return;
      spdlog::warn("accept failed: {}", ec.message());
      continue;
    }
    socket.set_option(tcp::no_delay(true));
    auto conn = std::make_shared<Connection>(std::move(socket));
    {
      std::lock_guard lock(mutex_);
      connections_.insert(conn);
    }
    auto executor = conn->stream.get_executor();
    asio::co_spawn(executor, serve(conn), [this, conn](std::exception_ptr e) {
      if (e) {
        try {
          std::rethrow_exception(e);
        } catch (const std::exception& ex) {
          spdlog::error("connection failed: {}", ex.what());
        }
      }
      std::lock_guard lock(mutex_);
      connections_.erase(conn);
    });
  }
}

// Errors found before a request reaches the app (malformed, too large): same envelope, own request id.
static Response plain_error(unsigned version, beast_http::status status, const ErrorCode& error,
                            const Message& message) {
  std::string_view code = error.name;
  Response res{status, version};
  std::string request_id = shopfloor::request_id();
  spdlog::info("rejected request: {} rid={}", code, request_id);
  res.set(beast_http::field::content_type, "application/json; charset=utf-8");
  res.set("X-Request-Id", request_id);
  res.body() = boost::json::serialize(
      boost::json::object{{"error", boost::json::object{{"code", code},
                                                        {"message", message.text()},
                                                        {"messageCode", message.json()},
                                                        {"requestId", request_id}}}});
  res.keep_alive(false);
  res.prepare_payload();
  return res;
}

// Writes a response as one gather write: the status line and fields serialised into one string, then the
// body as it is. Beast's serializer walks header and body through nested buffer views for every write_some
// (about a fifth of a small request's instructions, docs/PERFORMANCE.md); a chunked answer still goes through
// it, since only the serializer encodes chunks.
static asio::awaitable<std::tuple<boost::system::error_code, std::size_t>> write_response(
    beast::tcp_stream& stream, Response& res) {
  if (res.chunked()) co_return co_await beast_http::async_write(stream, res, no_throw);
  std::string head;
  head.reserve(256);
  unsigned version = res.version();
  head += "HTTP/";
  head += static_cast<char>('0' + version / 10);
  head += '.';
  head += static_cast<char>('0' + version % 10);
  head += ' ';
  head += std::to_string(res.result_int());
  head += ' ';
  head.append(res.reason());
  head.append("\r\n");
  for (const auto& field : res.base()) {
    head.append(field.name_string());
    head.append(": ");
    head.append(field.value());
    head.append("\r\n");
  }
  head.append("\r\n");
  std::array<asio::const_buffer, 2> buffers{asio::buffer(head), asio::buffer(res.body())};
  co_return co_await asio::async_write(stream, buffers, no_throw);
}

asio::awaitable<void> Server::serve(std::shared_ptr<Connection> conn) {
  beast::flat_buffer buffer;
  std::string client_ip, local_authority;
  {
    boost::system::error_code ec;
    auto ep = conn->stream.socket().remote_endpoint(ec);
    if (!ec) client_ip = ep.address().to_string();
    auto local = conn->stream.socket().local_endpoint(ec);
    if (!ec) {
      auto address = local.address();
      if (address.is_v6() && address.to_v6().is_v4_mapped())
        address = boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6());
      std::string a = address.to_string();
      local_authority = (address.is_v6() ? "[" + a + "]" : a) + ":" + std::to_string(local.port());
    }
  }
  // Set when we answer an error before the client finished sending its request (see the end).
  bool refused_early = false;
  for (;;) {
    if (stopping_) break;
    beast_http::request_parser<beast_http::string_body> parser;
    parser.header_limit(static_cast<std::uint32_t>(options_.header_limit));
    // The real limit depends on the route and is set once the header is known; Beast would otherwise
    // apply its 1 MiB default to Content-Length while reading the header.
    parser.body_limit(std::numeric_limits<std::uint64_t>::max());
    // Idle keep-alive connections wait for the next request under the same timeout.
    conn->stream.expires_after(std::chrono::seconds(options_.request_timeout_s));
    auto [ec_head, n_head] = co_await beast_http::async_read_header(conn->stream, buffer, parser, no_throw);
    if (ec_head) {
      if (ec_head == beast_http::error::header_limit) {
        auto res = plain_error(11, beast_http::status::request_header_fields_too_large,
                               err::HEADERS_TOO_LARGE, msg::HEADERS_TOO_LARGE);
        co_await write_response(conn->stream, res);
        refused_early = true;
      } else if (ec_head != beast_http::error::end_of_stream && ec_head != asio::error::operation_aborted &&
                 ec_head != beast::error::timeout && ec_head != asio::error::eof &&
                 ec_head != asio::error::connection_reset && ec_head != asio::error::bad_descriptor) {
        auto res = plain_error(11, beast_http::status::bad_request, err::BAD_REQUEST, msg::MALFORMED_REQUEST);
        co_await write_response(conn->stream, res);
        refused_early = true;
      }
      break;
    }
    conn->busy = true;
    auto& header = parser.get();
    std::size_t limit = body_limit_(header.method(), header.target());
    if (auto len = parser.content_length(); len && *len > limit) {
      // Refuse before reading the body so a huge upload costs nothing.
      auto res = plain_error(header.version(), beast_http::status::payload_too_large, err::PAYLOAD_TOO_LARGE,
                             msg::BODY_TOO_LARGE);
      co_await write_response(conn->stream, res);
      refused_early = true;
      break;
    }
    parser.body_limit(limit);
    if (beast::iequals(header[beast_http::field::expect], "100-continue")) {
      beast_http::response<beast_http::empty_body> go_on{beast_http::status::continue_, header.version()};
      auto [ec_continue, n_continue] = co_await beast_http::async_write(conn->stream, go_on, no_throw);
      if (ec_continue) break;
    }
    // A request without a body (most GETs) is complete once its header is parsed: no second read.
    boost::system::error_code ec_body;
    if (!parser.is_done())
      std::tie(ec_body, std::ignore) =
          co_await beast_http::async_read(conn->stream, buffer, parser, no_throw);
    if (ec_body) {
      if (ec_body == beast_http::error::body_limit) {
        auto res = plain_error(header.version(), beast_http::status::payload_too_large,
                               err::PAYLOAD_TOO_LARGE, msg::BODY_TOO_LARGE);
        co_await write_response(conn->stream, res);
        refused_early = true;
      }
      break;
    }
    Request req = parser.release();
    conn->stream.expires_never();

    if (upgrade_ && beast::websocket::is_upgrade(req)) {
      conn->handed_off = true;
      conn->busy = false;
      co_await upgrade_(std::move(conn->stream), std::move(req), client_ip);
      co_return;
    }

    Response res = co_await dispatch_(req, client_ip, local_authority);
    if (stopping_) res.keep_alive(false);
    bool keep_alive = res.keep_alive();
    conn->stream.expires_after(std::chrono::seconds(options_.request_timeout_s));
    auto [ec_write, n_write] = co_await write_response(conn->stream, res);
    conn->busy = false;
    if (ec_write || !keep_alive) break;
  }
  boost::system::error_code ignored;
  conn->stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
  if (refused_early) {
    // Lingering close: a client still sending the body we refused would get a reset, and could lose our
    // answer, if we closed now. Read and discard what it sends, bounded in time and bytes, then close.
    conn->stream.expires_after(std::chrono::seconds(2));
    std::array<char, 16 * 1024> sink;
    for (std::size_t drained = 0; drained < 64u * 1024 * 1024;) {
      auto [ec, n] = co_await conn->stream.async_read_some(asio::buffer(sink), no_throw);
      if (ec) break;
      drained += n;
    }
  }
}

}  // namespace shopfloor::http
