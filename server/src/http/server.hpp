// The HTTP/1.1 server: one coroutine per connection on N IO threads, keep-alive, read timeouts,
// header/body limits, and a graceful stop that lets in-flight requests finish.
// Shaped after Boost.Beast's example/http/server/awaitable, with an io_context per IO thread (asio's
// example/cpp03/http/server2): a connection stays on the thread that accepted it, so its handlers, timers and
// frees never cross threads and its scheduler takes no lock (docs/PERFORMANCE.md, the session check's slow
// mode).
#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "http/context.hpp"

namespace shopfloor::http {

struct ServerOptions {
  std::string host = "0.0.0.0";
  unsigned short port = 8080;
  int threads = 1;
  std::size_t header_limit = 16 * 1024;
  int request_timeout_s = 30;
  int shutdown_timeout_s = 10;
};

class Server {
 public:
  // Answers one request. client_ip is the peer address (the app may prefer X-Forwarded-For).
  // local_authority: "address:port" of our end of the connection (what the client connected to).
  using Dispatch = std::function<boost::asio::awaitable<Response>(Request&, const std::string& client_ip,
                                                                  const std::string& local_authority)>;
  // Largest body accepted for a request with this method and target (413 above it).
  using BodyLimit = std::function<std::size_t(beast_http::verb, std::string_view target)>;
  // Takes over a connection whose request asks for a WebSocket upgrade (the realtime endpoint).
  using Upgrade =
      std::function<boost::asio::awaitable<void>(boost::beast::tcp_stream, Request, std::string client_ip)>;

  Server(ServerOptions options, Dispatch dispatch, BodyLimit body_limit);
  ~Server();

  void set_upgrade_handler(Upgrade upgrade) { upgrade_ = std::move(upgrade); }
  // Called once when a stop begins, while the IO threads still run (e.g. to close WebSockets).
  void set_on_stop(std::function<void()> on_stop) { on_stop_ = std::move(on_stop); }
  // The first IO thread's context: the app's timers and background loops run here.
  boost::asio::io_context& io() { return *contexts_.front(); }
  unsigned short bound_port() const { return bound_port_; }

  // Binds, then runs the IO threads until stop() (or SIGTERM/SIGINT) and every connection has closed.
  void run();
  // Stops accepting, closes idle connections, waits up to shutdown_timeout_s for busy ones.
  void stop();

 private:
  struct Connection;
  boost::asio::awaitable<void> accept_loop();
  boost::asio::awaitable<void> serve(std::shared_ptr<Connection> conn);
  boost::asio::awaitable<void> drain();
  boost::asio::io_context& next_context();

  ServerOptions options_;
  Dispatch dispatch_;
  BodyLimit body_limit_;
  Upgrade upgrade_;
  std::function<void()> on_stop_;
  // One per IO thread, each run by its own thread only; new connections are dealt round robin. Declared
  // before the members below, so the work guards and the connections (their sockets) go before the contexts.
  std::vector<std::unique_ptr<boost::asio::io_context>> contexts_;
  std::vector<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> keep_running_;
  std::size_t next_context_ = 0;
  boost::asio::ip::tcp::acceptor acceptor_;
  unsigned short bound_port_ = 0;
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::set<std::shared_ptr<Connection>> connections_;
};

}  // namespace shopfloor::http
