#include "auth/session_registry.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>

#include "util/ids.hpp"

namespace shopfloor::auth {

namespace json = boost::json;
static constexpr const char* channel = "shopfloor_sessions";

const char* SessionRegistry::kind_name(Kind kind) {
  switch (kind) {
    case Kind::end:
      return "end";
    case Kind::changed:
      return "changed";
    case Kind::everyone:
      return "everyone";
  }
  return "changed";
}

SessionRegistry::SessionRegistry(db::Database& db) : db_(db), node_id_(uuid_v7()) {}

SessionRegistry::~SessionRegistry() {
  stop();
}

void SessionRegistry::start() {
  subscription_ = db_.listen(
      channel, [this](std::string payload) { received(payload); },
      [this](bool listening) {
        // A gap in notifications may hide a revocation: nothing cached may be served across it.
        cache_.set_enabled(listening);
        if (!listening) {
          spdlog::warn("session cache off until the {} listener reconnects", channel);
          return;
        }
        std::vector<std::function<void()>> resync;
        {
          std::lock_guard lock(listeners_mutex_);
          resync = resync_listeners_;
        }
        for (auto& l : resync) {
          try {
            l();
          } catch (const std::exception& e) {
            spdlog::error("session resync failed: {}", e.what());
          }
        }
      });
  if (!subscription_) cache_.set_enabled(true);  // SQLite: one node, every change passes through here
}

void SessionRegistry::stop() {
  subscription_.reset();
  cache_.set_enabled(false);
}

void SessionRegistry::on_end(std::function<void(const SessionEnd&)> listener) {
  std::lock_guard lock(listeners_mutex_);
  listeners_.push_back(std::move(listener));
}

void SessionRegistry::on_resync(std::function<void()> listener) {
  std::lock_guard lock(listeners_mutex_);
  resync_listeners_.push_back(std::move(listener));
}

bool SessionRegistry::end_session(db::Connection& c, const std::string& token_hash) {
  auto gone = c.query("DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id", token_hash).first();
  announce(c, Kind::end, gone ? gone->str(0) : std::string{}, token_hash);
  return gone.has_value();
}

void SessionRegistry::end_user_sessions(db::Connection& c, const std::string& user_id) {
  c.query("DELETE FROM sessions WHERE user_id = $1", user_id);
  announce(c, Kind::end, user_id, {});
}

void SessionRegistry::user_changed(db::Connection& c, const std::string& user_id) {
  announce(c, Kind::changed, user_id, {});
}

void SessionRegistry::audience_changed(db::Connection& c) {
  announce(c, Kind::everyone, {}, {});
}

void SessionRegistry::announce(db::Connection& c, Kind kind, const std::string& user_id,
                               const std::string& token_hash) {
  // Other nodes hear it when the transaction commits (NOTIFY is transactional); this node right after.
  if (!c.is_sqlite())
    c.query(
        "SELECT pg_notify($1, $2)", channel,
        json::serialize(json::object{
            {"node", node_id_}, {"kind", kind_name(kind)}, {"userId", user_id}, {"tokenHash", token_hash}}));
  c.after_commit([this, kind, what = SessionEnd{user_id, token_hash}] { apply(kind, what); });
}

void SessionRegistry::apply(Kind kind, const SessionEnd& what) {
  if (kind == Kind::everyone) {
    cache_.flush();
    return;
  }
  if (!what.token_hash.empty())
    cache_.drop_token(what.token_hash);
  else
    cache_.drop_user(what.user_id);
  if (kind != Kind::end) return;
  std::vector<std::function<void(const SessionEnd&)>> listeners;
  {
    std::lock_guard lock(listeners_mutex_);
    listeners = listeners_;
  }
  for (auto& l : listeners) {
    try {
      l(what);
    } catch (const std::exception& e) {
      spdlog::error("session end listener failed: {}", e.what());
    }
  }
}

void SessionRegistry::received(const std::string& payload) {
  std::error_code ec;
  json::value v = json::parse(payload, ec);
  if (ec || !v.is_object()) return;
  auto& o = v.as_object();
  auto text = [&](const char* key) {
    auto* f = o.if_contains(key);
    return f && f->is_string() ? std::string(f->as_string()) : std::string{};
  };
  if (text("node") == node_id_) return;  // applied locally after commit already
  SessionEnd what{text("userId"), text("tokenHash")};
  std::string kind = text("kind");
  if (kind == kind_name(Kind::everyone)) return apply(Kind::everyone, what);
  if (what.user_id.empty() && what.token_hash.empty()) return;
  apply(kind == kind_name(Kind::end) ? Kind::end : Kind::changed, what);
}

}  // namespace shopfloor::auth
