#include "realtime/presence_hub.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>

#include "auth/session_registry.hpp"
#include "auth/sessions.hpp"
#include "http/json_time.hpp"
#include "http/services.hpp"
#include "realtime/session.hpp"
#include "util/ids.hpp"

namespace shopfloor::realtime {

namespace asio = boost::asio;
namespace json = boost::json;
static constexpr const char* channel = "shopfloor_presence";

PresenceHub::PresenceHub(http::Services& app) : app_(app), node_id_(uuid_v7()) {
  // A socket lives no longer than its session (sign-out, disable, role change, password reset).
  app_.get<auth::SessionRegistry>().on_end(
      [this](const auth::SessionEnd& ended) { close_sessions_of(ended); });
  app_.get<auth::SessionRegistry>().on_resync([this] { recheck_sessions(); });
}

PresenceHub::~PresenceHub() = default;

void PresenceHub::start(asio::io_context& io) {
  auto now = now_ms();
  app_.db->transact_sync([&](db::Connection& c) {
    c.query("INSERT INTO nodes (node_id, started_at, heartbeat_at) VALUES ($1, $2, $2)", node_id_, now);
  });
  // Other nodes' changes arrive here (PostgreSQL); our own were already delivered locally.
  subscription_ = app_.db->listen(channel, [this](std::string payload) {
    std::error_code ec;
    json::value v = json::parse(payload, ec);
    if (ec || !v.is_object()) return;
    auto& o = v.as_object();
    if (auto* node = o.if_contains("node"); node && node->is_string() && node->as_string() == node_id_)
      return;
    PresenceChange change;
    change.user_id = std::string(o.at("userId").as_string());
    change.online = o.at("online").as_bool();
    change.last_seen = o.at("lastSeen").as_int64();
    deliver(change);
  });
  timer_ = std::make_unique<asio::steady_timer>(io);
  heartbeat_and_reap();  // also cleans up after a crashed previous run on this database
  tick();
}

void PresenceHub::tick() {
  timer_->expires_after(std::chrono::milliseconds(app_.config.presence_heartbeat_ms));
  timer_->async_wait([this](const boost::system::error_code& ec) {
    if (ec || stopped_) return;
    asio::co_spawn(
        timer_->get_executor(),
        [this]() -> asio::awaitable<void> {
          try {
            co_await app_.db->offload([this] { heartbeat_and_reap(); });
          } catch (const std::exception& e) {
            spdlog::warn("presence heartbeat failed: {}", e.what());
          }
          if (!stopped_) tick();
        },
        asio::detached);
  });
}

void PresenceHub::heartbeat_and_reap() {
  auto now = now_ms();
  auto dead_before = now - app_.config.presence_node_timeout_ms;
  std::vector<PresenceChange> changes;
  app_.db->transact_sync([&](db::Connection& c) {
    // A node reaped by mistake (say, after a long pause) registers again.
    if (c.query("UPDATE nodes SET heartbeat_at = $1 WHERE node_id = $2", now, node_id_).affected == 0)
      c.query("INSERT INTO nodes (node_id, started_at, heartbeat_at) VALUES ($1, $2, $2)", node_id_, now);
    for (const auto& dead : c.query("SELECT node_id FROM nodes WHERE heartbeat_at < $1", dead_before).rows) {
      std::string id = dead.str(0);
      auto users = c.query("SELECT DISTINCT user_id FROM presence_connections WHERE node_id = $1", id);
      c.query("DELETE FROM presence_connections WHERE node_id = $1", id);
      c.query("DELETE FROM nodes WHERE node_id = $1", id);
      for (const auto& u : users.rows) {
        auto change = recompute(c, u.str(0), now);
        publish(c, change);
        changes.push_back(change);
      }
      if (!users.empty())
        spdlog::info("presence: node {} is gone; {} user(s) updated", id, users.rows.size());
    }
  });
  for (const auto& change : changes) deliver(change);
}

PresenceChange PresenceHub::recompute(db::Connection& c, const std::string& user_id, std::int64_t now) {
  c.query(
      "INSERT INTO presence (user_id, online, last_seen) VALUES ($1, 0, $2) ON CONFLICT (user_id) DO NOTHING",
      user_id, now);
  c.query("UPDATE presence SET last_seen = last_seen WHERE user_id = $1", user_id);  // row lock
  auto live =
      c.query("SELECT COUNT(*) FROM presence_connections WHERE user_id = $1 AND reported_online = 1", user_id)
          .first()
          ->i64(0);
  PresenceChange change{user_id, live > 0, now};
  c.query("UPDATE presence SET online = $1, last_seen = $2 WHERE user_id = $3", change.online, now, user_id);
  return change;
}

static std::string change_json(const PresenceChange& change, const std::string& node) {
  return json::serialize(json::object{
      {"node", node}, {"userId", change.user_id}, {"online", change.online}, {"lastSeen", change.last_seen}});
}

void PresenceHub::publish(db::Connection& c, const PresenceChange& change) {
  // Delivered to the other nodes on commit (our own sessions get it from deliver()).
  if (!c.is_sqlite()) c.query("SELECT pg_notify($1, $2)", channel, change_json(change, node_id_));
}

void PresenceHub::deliver(const PresenceChange& change) {
  auto message = std::make_shared<const std::string>(
      json::serialize(json::object{{"type", "presence"},
                                   {"userId", change.user_id},
                                   {"online", change.online},
                                   {"lastSeen", iso8601(change.last_seen)}}));
  std::vector<std::shared_ptr<Session>> targets;
  {
    std::lock_guard lock(mutex_);
    for (auto& [raw, weak] : sessions_)
      if (auto s = weak.lock(); s && s->subscribed_to_presence()) targets.push_back(std::move(s));
  }
  for (auto& s : targets) s->send(message);
}

asio::awaitable<void> PresenceHub::opened(const std::string& connection_id, const std::string& user_id) {
  auto change = co_await app_.db->transact([&](db::Connection& c) {
    auto now = now_ms();
    c.query(
        "INSERT INTO presence_connections (id, user_id, node_id, reported_online, opened_at) VALUES ($1, $2, "
        "$3, 1, $4)",
        connection_id, user_id, node_id_, now);
    auto change = recompute(c, user_id, now);
    publish(c, change);
    return change;
  });
  deliver(change);
}

asio::awaitable<void> PresenceHub::closed(const std::string& connection_id, const std::string& user_id) {
  auto change = co_await app_.db->transact([&](db::Connection& c) {
    c.query("DELETE FROM presence_connections WHERE id = $1", connection_id);
    auto change = recompute(c, user_id, now_ms());
    publish(c, change);
    return change;
  });
  deliver(change);
}

asio::awaitable<void> PresenceHub::reported(const std::string& connection_id, const std::string& user_id,
                                            bool online) {
  auto change = co_await app_.db->transact([&](db::Connection& c) {
    c.query("UPDATE presence_connections SET reported_online = $1 WHERE id = $2", online, connection_id);
    auto change = recompute(c, user_id, now_ms());
    publish(c, change);
    return change;
  });
  deliver(change);
}

void PresenceHub::join(const std::shared_ptr<Session>& s) {
  std::lock_guard lock(mutex_);
  if (sessions_.emplace(s.get(), s).second) by_user_.emplace(s->user().id, s.get());
}

void PresenceHub::leave(const Session* s) {
  std::lock_guard lock(mutex_);
  if (!sessions_.erase(s)) return;
  auto [from, to] = by_user_.equal_range(s->user().id);
  for (auto it = from; it != to; ++it)
    if (it->second == s) {
      by_user_.erase(it);
      break;
    }
}

std::vector<std::shared_ptr<Session>> PresenceHub::sessions_of(const std::string& user_id) {
  std::vector<std::shared_ptr<Session>> out;
  std::lock_guard lock(mutex_);
  auto [from, to] = by_user_.equal_range(user_id);
  for (auto it = from; it != to; ++it)
    if (auto s = sessions_.at(it->second).lock()) out.push_back(std::move(s));
  return out;
}

std::vector<std::shared_ptr<Session>> PresenceHub::sessions() {
  std::vector<std::shared_ptr<Session>> out;
  std::lock_guard lock(mutex_);
  out.reserve(sessions_.size());
  for (const auto& [key, weak] : sessions_)
    if (auto s = weak.lock()) out.push_back(std::move(s));
  return out;
}

json::array PresenceHub::online_users(db::Connection& c, std::int64_t limit) {
  json::array out;
  auto rows = c.query(
      "SELECT u.id, u.name, u.nickname, u.employee_code, s.name, p.online, p.last_seen "
      "FROM presence p JOIN users u ON u.id = p.user_id LEFT JOIN stores s ON s.id = u.store_id "
      "WHERE p.online = 1 ORDER BY p.last_seen DESC LIMIT $1",
      limit);
  for (const auto& r : rows.rows)
    out.push_back(json::object{{"userId", r.str(0)},
                               {"name", r.is_null(2) ? r.str(1) : r.str(2)},
                               {"employeeCode", r.str(3)},
                               {"store", http::value_or_null(r.opt_str(4))},
                               {"online", r.boolean(5)},
                               {"lastSeen", iso8601(r.i64(6))}});
  return out;
}

void PresenceHub::close_sessions_of(const auth::SessionEnd& ended) {
  std::vector<std::shared_ptr<Session>> doomed;
  {
    std::lock_guard lock(mutex_);
    for (auto& [raw, weak] : sessions_) {
      auto s = weak.lock();
      if (!s) continue;
      const auto& u = s->user();
      if (ended.token_hash.empty() ? u.id == ended.user_id : u.session_token_hash == ended.token_hash)
        doomed.push_back(std::move(s));
    }
  }
  for (auto& s : doomed) s->close(true);
  if (!doomed.empty()) spdlog::info("realtime: closed {} socket(s) of an ended session", doomed.size());
}

void PresenceHub::recheck_sessions() {
  std::vector<std::shared_ptr<Session>> open;
  {
    std::lock_guard lock(mutex_);
    for (auto& [raw, weak] : sessions_)
      if (auto s = weak.lock()) open.push_back(std::move(s));
  }
  if (open.empty()) return;
  auto now = now_ms();
  std::size_t ended = 0;
  app_.db->transact_sync(
      [&](db::Connection& c) {
        for (auto& s : open)
          if (!auth::session_live(c, s->user().session_token_hash, now)) {
            s->close(true);
            ++ended;
          }
      },
      db::TxMode::read);
  if (ended) spdlog::info("realtime: closed {} socket(s) whose session ended while LISTEN was down", ended);
}

void PresenceHub::begin_stop() {
  std::vector<std::shared_ptr<Session>> open;
  {
    std::lock_guard lock(mutex_);
    stopped_ = true;
    for (auto& [raw, weak] : sessions_)
      if (auto s = weak.lock()) open.push_back(std::move(s));
  }
  for (auto& s : open) s->close();
  if (timer_) asio::post(timer_->get_executor(), [this] { timer_->cancel(); });
}

void PresenceHub::stop() {
  stopped_ = true;
  subscription_.reset();
  if (!timer_) return;  // never started
  // Our connections end with this process: their users go offline unless connected elsewhere.
  try {
    app_.db->transact_sync([&](db::Connection& c) {
      auto now = now_ms();
      auto users = c.query("SELECT DISTINCT user_id FROM presence_connections WHERE node_id = $1", node_id_);
      c.query("DELETE FROM presence_connections WHERE node_id = $1", node_id_);
      c.query("DELETE FROM nodes WHERE node_id = $1", node_id_);
      for (const auto& u : users.rows) publish(c, recompute(c, u.str(0), now));
    });
  } catch (const std::exception& e) {
    spdlog::error("presence cleanup at shutdown failed: {}", e.what());
  }
  timer_.reset();
}

}  // namespace shopfloor::realtime
