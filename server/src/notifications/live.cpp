#include "notifications/live.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/json.hpp>

#include "notifications/notifications.hpp"
#include "realtime/fanout.hpp"
#include "realtime/presence_hub.hpp"
#include "realtime/session.hpp"

namespace shopfloor::notifications {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {
constexpr const char* topic = "notifications";
}

Live::Live(http::Services& app) : app_(app) {
  app.get<realtime::Fanout>().on(topic, [this](const json::object& payload) {
    if (const auto* user = payload.if_contains("userId"); user && user->is_string())
      changed(std::string(user->as_string()));
  });
}

void Live::publish(db::Connection& c, const std::string& user_id) {
  realtime::Fanout::publish(c, topic, json::object{{"userId", user_id}});
}

void Live::changed(const std::string& user_id) {
  auto* io = app_.get<realtime::Fanout>().io();
  if (!io) return;
  // Most people have no socket on this node: no query for them.
  if (app_.get<realtime::PresenceHub>().sessions_of(user_id).empty()) return;
  asio::co_spawn(io->get_executor(), send_count(user_id), asio::detached);
}

asio::awaitable<void> Live::send_count(std::string user_id) {
  try {
    // Counted after the change committed, so the last count sent is the current one.
    auto unread = co_await app_.db->read([&](db::Connection& c) { return unread_count(c, user_id); });
    auto message = std::make_shared<const std::string>(
        json::serialize(json::object{{"type", "notifications"}, {"unread", unread}}));
    for (auto& s : app_.get<realtime::PresenceHub>().sessions_of(user_id)) s->send(message);
  } catch (const std::exception& e) {
    spdlog::warn("notifications: live count for {} failed: {}", user_id, e.what());
  }
}

}  // namespace shopfloor::notifications
