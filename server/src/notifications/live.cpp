#include "notifications/live.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/json.hpp>

#include "notifications/notifications.hpp"
#include "realtime/presence_hub.hpp"
#include "realtime/session.hpp"

namespace shopfloor::notifications {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {
// notify() is called deep inside other areas' transactions with only a connection in hand; the running
// server's instance is found here (none in a command-line run such as `seed`).
std::atomic<Live*> running{nullptr};
}  // namespace

Live::Live(http::Services& app) : app_(app) {}

Live::~Live() {
  stop();
}

void Live::start(asio::io_context& io) {
  io_ = &io;
  const std::string self = app_.get<realtime::PresenceHub>().node_id();
  subscription_ = app_.db->listen(live_channel, [this, self](std::string payload) {
    std::error_code ec;
    json::value v = json::parse(payload, ec);
    if (ec || !v.is_object()) return;
    const auto& o = v.as_object();
    const auto* node = o.if_contains("node");
    const auto* user = o.if_contains("userId");
    if (!user || !user->is_string()) return;
    if (node && node->is_string() && node->as_string() == self) return;  // delivered after our commit
    changed(std::string(user->as_string()));
  });
  running = this;
}

void Live::stop() {
  Live* self = this;
  running.compare_exchange_strong(self, nullptr);
  subscription_.reset();
}

std::optional<std::string> Live::running_node() {
  if (Live* l = running.load()) return l->app_.get<realtime::PresenceHub>().node_id();
  return std::nullopt;
}

void Live::changed_here(const std::string& user_id) {
  if (Live* l = running.load()) l->changed(user_id);
}

void Live::changed(const std::string& user_id) {
  if (!io_) return;
  // Most people have no socket on this node: no query for them.
  if (app_.get<realtime::PresenceHub>().sessions_of(user_id).empty()) return;
  asio::co_spawn(io_->get_executor(), send_count(user_id), asio::detached);
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
