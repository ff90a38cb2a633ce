// One realtime WebSocket connection (/api/realtime): reads client messages, writes through a bounded
// queue of shared immutable strings, pings a silent peer and drops it after WS_IDLE_TIMEOUT.
#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <deque>
#include <memory>
#include <string>

#include "http/area.hpp"
#include "http/context.hpp"
#include "http/session_user.hpp"

namespace shopfloor::realtime {

class PresenceHub;

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(http::Services& app, boost::beast::tcp_stream stream, auth::SessionUser user);

  // Completes the upgrade, then serves the connection until it closes.
  boost::asio::awaitable<void> run(http::Request req);
  // Thread-safe: queue a message for this client.
  void send(std::shared_ptr<const std::string> message);
  // Thread-safe: close the connection (server shutdown: going away; session ended: policy violation).
  // Nothing more is sent once it was called.
  void close(bool session_ended = false);

  const auth::SessionUser& user() const { return user_; }
  bool subscribed_to_presence() const { return presence_subscribed_ && !closing_; }

 private:
  boost::asio::awaitable<void> handle(const std::string& text);
  boost::asio::awaitable<void> write_loop();

  http::Services& app_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  auth::SessionUser user_;
  std::string connection_id_;
  std::deque<std::shared_ptr<const std::string>> queue_;  // touched only on the connection's strand
  std::atomic<bool> presence_subscribed_{false};
  std::atomic<bool> closing_{false};
};

// Handles an upgrade request: only /api/realtime, only same-origin, only with a live session.
boost::asio::awaitable<void> accept_upgrade(http::Services& app, boost::beast::tcp_stream stream,
                                            http::Request req, std::string client_ip);

}  // namespace shopfloor::realtime
