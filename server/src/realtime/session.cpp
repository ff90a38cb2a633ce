#include "realtime/session.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json.hpp>

#include "auth/sessions.hpp"
#include "http/response.hpp"
#include "http/services.hpp"
#include "realtime/presence_hub.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::realtime {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace json = boost::json;
constexpr auto no_throw = asio::as_tuple(asio::use_awaitable);
constexpr std::size_t max_queued_messages = 512;

Session::Session(http::Services& app, beast::tcp_stream stream, auth::SessionUser user)
    : app_(app), ws_(std::move(stream)), user_(std::move(user)), connection_id_(uuid_v7()) {}

void Session::send(std::shared_ptr<const std::string> message) {
  if (closing_) return;
  asio::post(ws_.get_executor(), [self = shared_from_this(), message = std::move(message)] {
    if (self->closing_) return;
    if (self->queue_.size() >= max_queued_messages) {
      // A client that cannot keep up is dropped rather than allowed to grow memory without bound.
      self->close();
      return;
    }
    self->queue_.push_back(message);
    if (self->queue_.size() == 1)
      asio::co_spawn(self->ws_.get_executor(), self->write_loop(), asio::detached);
  });
}

asio::awaitable<void> Session::write_loop() {
  auto self = shared_from_this();
  while (!queue_.empty()) {
    ws_.text(true);
    auto [ec, n] = co_await ws_.async_write(asio::buffer(*queue_.front()), no_throw);
    if (ec) {
      queue_.clear();
      co_return;
    }
    queue_.pop_front();
  }
}

void Session::close(bool session_ended) {
  if (closing_.exchange(true)) return;
  presence_subscribed_ = false;
  asio::post(ws_.get_executor(), [self = shared_from_this(), session_ended] {
    // Undelivered messages stay undelivered; the front one may be in the middle of being written.
    while (self->queue_.size() > 1) self->queue_.pop_back();
    asio::co_spawn(
        self->ws_.get_executor(),
        [self, session_ended]() -> asio::awaitable<void> {
          websocket::close_reason reason(websocket::close_code::going_away);
          if (session_ended)
            reason = websocket::close_reason(websocket::close_code::policy_error, "session ended");
          co_await self->ws_.async_close(reason, no_throw);
        },
        asio::detached);
  });
}

asio::awaitable<void> Session::handle(const std::string& text) {
  json::parse_options opts;
  opts.max_depth = 4;
  std::error_code ec;
  json::value v = json::parse(text, ec, {}, opts);
  if (ec || !v.is_object()) co_return;
  auto& o = v.as_object();
  auto* type = o.if_contains("type");
  if (!type || !type->is_string()) co_return;
  auto& hub = app_.get<realtime::PresenceHub>();
  if (*type == "ping") {
    send(std::make_shared<const std::string>(R"({"type":"pong"})"));
  } else if (*type == "status") {
    // Browser online/offline events (the seed's network status updates).
    auto* online = o.if_contains("online");
    if (online && online->is_bool()) co_await hub.reported(connection_id_, user_.id, online->as_bool());
  } else if (*type == "subscribe") {
    auto* topic = o.if_contains("topic");
    if (!topic || *topic != "presence") co_return;
    if (!user_.can_see_staff_details()) {
      send(std::make_shared<const std::string>(R"({"type":"error","topic":"presence","code":"FORBIDDEN"})"));
    } else if (!closing_) {
      presence_subscribed_ = true;
      auto users =
          co_await app_.db->read([](db::Connection& c) { return PresenceHub::online_users(c, 200); });
      send(std::make_shared<const std::string>(
          json::serialize(json::object{{"type", "presence_snapshot"}, {"users", std::move(users)}})));
    }
  }
}

asio::awaitable<void> Session::run(http::Request req) {
  auto self = shared_from_this();
  beast::get_lowest_layer(ws_).expires_never();
  websocket::stream_base::timeout timeouts{};
  timeouts.handshake_timeout = std::chrono::seconds(10);
  timeouts.idle_timeout = std::chrono::seconds(app_.config.ws_idle_timeout_s);
  timeouts.keep_alive_pings = true;  // ping at half the idle timeout; no answer → closed
  ws_.set_option(timeouts);
  ws_.read_message_max(16 * 1024);
  auto [ec_accept] = co_await ws_.async_accept(req, no_throw);
  if (ec_accept) co_return;

  auto& hub = app_.get<realtime::PresenceHub>();
  hub.join(self);
  bool registered = false;
  try {
    // Joined first, checked second: a session ended after this read finds the socket and closes it;
    // one ended before is seen here.
    auto token_hash = user_.session_token_hash;
    bool live = co_await app_.db->read(
        [&](db::Connection& c) { return auth::session_live(c, token_hash, now_ms()); });
    if (!live) {
      close(true);
    } else {
      co_await hub.opened(connection_id_, user_.id);
      registered = true;
      send(std::make_shared<const std::string>(
          json::serialize(json::object{{"type", "hello"}, {"userId", user_.id}, {"node", hub.node_id()}})));
    }
    beast::flat_buffer buffer;
    for (;;) {
      auto [ec, n] = co_await ws_.async_read(buffer, no_throw);
      if (ec) break;
      std::string text = beast::buffers_to_string(buffer.data());
      buffer.consume(buffer.size());
      if (!closing_) co_await handle(text);
    }
  } catch (const std::exception& e) {
    spdlog::error("realtime session for {} failed: {}", user_.id, e.what());
  }
  hub.leave(this);
  if (registered) {
    try {
      co_await hub.closed(connection_id_, user_.id);
    } catch (const std::exception& e) {
      // The node reaper will clean up this connection if the database was unreachable.
      spdlog::error("could not record realtime disconnect for {}: {}", user_.id, e.what());
    }
  }
}

asio::awaitable<void> accept_upgrade(http::Services& app, beast::tcp_stream stream, http::Request req,
                                     std::string client_ip) {
  http::Context ctx(app, req, random_hex(8), client_ip);
  auto refuse = [&](const http::ApiError& error) -> asio::awaitable<void> {
    http::Response res = http::error_response(ctx, error);
    res.keep_alive(false);
    for (auto& [field, value] : ctx.extra_headers) res.insert(field, value);
    res.set("X-Request-Id", ctx.request_id);
    spdlog::info("GET {} {} (websocket refused) {} rid={}", log_escape(ctx.path), res.result_int(), client_ip,
                 ctx.request_id);
    co_await beast::http::async_write(stream, res, no_throw);
    boost::system::error_code ignored;
    stream.socket().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  };
  if (ctx.path != "/api/realtime") {
    co_await refuse(http::ApiError::not_found(msg::NO_WEB_SOCKET));
    co_return;
  }
  // Browsers always send Origin on WebSocket handshakes: refuse other sites (cross-site WebSocket hijacking).
  std::string origin = ctx.header(beast::http::field::origin);
  if (!origin.empty() && origin != ctx.origin()) {
    co_await refuse(http::ApiError::forbidden(msg::CROSS_ORIGIN_REALTIME));
    co_return;
  }
  std::optional<auth::SessionUser> user;
  try {
    user = co_await auth::current_user(ctx);
  } catch (const std::exception& e) {
    spdlog::error("realtime auth failed: {}", e.what());
  }
  if (!user) {
    co_await refuse(http::ApiError::unauthenticated());
    co_return;
  }
  spdlog::info("GET /api/realtime 101 {} user={} rid={}", client_ip, user->id, ctx.request_id);
  auto session = std::make_shared<Session>(app, std::move(stream), std::move(*user));
  co_await session->run(std::move(req));
}

}  // namespace shopfloor::realtime
