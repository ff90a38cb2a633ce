// The one path by which sessions end early and cached copies of a user go stale.
//
// Sign-out, disabling or deleting a user, a role change and a password reset all call end_session() or
// end_user_sessions() inside the transaction that makes the change. When it commits, this node drops the
// cached sessions and tells its listeners (the realtime sockets close), and every other node hears it
// through PostgreSQL NOTIFY on `shopfloor_sessions` and does the same (SQLite is one node). Edits of a
// user's name, picture, store, position, groups or language call user_changed(): cached copies are dropped,
// sessions live on. An edit of what everyone's audience columns resolve against (a store's region, content
// groups and subgroups) calls audience_changed(): every node drops all its cached copies.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "auth/session_cache.hpp"
#include "db/database.hpp"

namespace shopfloor::auth {

// Sessions that just ended: one (token_hash set: sign-out) or all of a user's (token_hash empty).
struct SessionEnd {
  std::string user_id;
  std::string token_hash;
};

class SessionRegistry {
 public:
  explicit SessionRegistry(db::Database& db);
  ~SessionRegistry();

  // Starts listening to the other nodes (PostgreSQL); the cache turns on once the LISTEN is in place,
  // and off whenever it is lost. SQLite: on at once.
  void start();
  void stop();

  SessionCache& cache() { return cache_; }

  // Deletes the session row; returns whether there was one.
  bool end_session(db::Connection& c, const std::string& token_hash);
  void end_user_sessions(db::Connection& c, const std::string& user_id);
  void user_changed(db::Connection& c, const std::string& user_id);
  void audience_changed(db::Connection& c);

  // Called for every session end, this node's after commit and other nodes' on notification, on any
  // thread. Register before start().
  void on_end(std::function<void(const SessionEnd&)> listener);
  // Called each time the cross-node channel is (back) in place: ends announced while it was down were
  // missed, so holders of sessions (open sockets) check them against the database.
  void on_resync(std::function<void()> listener);

 private:
  enum class Kind { end, changed, everyone };
  static const char* kind_name(Kind kind);
  void announce(db::Connection& c, Kind kind, const std::string& user_id, const std::string& token_hash);
  void apply(Kind kind, const SessionEnd& what);
  void received(const std::string& payload);

  db::Database& db_;
  std::string node_id_;
  SessionCache cache_;
  std::mutex listeners_mutex_;
  std::vector<std::function<void(const SessionEnd&)>> listeners_;
  std::vector<std::function<void()>> resync_listeners_;
  std::unique_ptr<db::Database::Subscription> subscription_;
};

}  // namespace shopfloor::auth
