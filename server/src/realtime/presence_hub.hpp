// Presence (SPEC §4): a user is online while any of their realtime connections, on any node, lives and
// reports online. The database holds the truth (presence, presence_connections, nodes); this hub keeps
// this node's sessions, heartbeats the node, reaps dead nodes, and fans changes out: in process, and
// across nodes with PostgreSQL LISTEN/NOTIFY. After the CppCon2018 chat server's shared_state.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/json/object.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "http/services.hpp"

namespace shopfloor {
namespace auth {
struct SessionEnd;
}
}  // namespace shopfloor

namespace shopfloor::realtime {

class Session;  // one WebSocket connection

struct PresenceChange {
  std::string user_id;
  bool online = false;
  std::int64_t last_seen = 0;
};

class PresenceHub {
 public:
  explicit PresenceHub(http::Services& app);
  ~PresenceHub();

  const std::string& node_id() const { return node_id_; }

  // Registers this node, starts the heartbeat/reaper timer and the cross-node listener.
  void start(boost::asio::io_context& io);
  // Asks every session to close (while the IO threads still run, so close frames go out).
  void begin_stop();
  // Removes this node's connections (marking their users offline unless connected elsewhere) and the node.
  void stop();

  // Database side of a connection's life; each runs in one transaction and publishes the change.
  boost::asio::awaitable<void> opened(const std::string& connection_id, const std::string& user_id);
  boost::asio::awaitable<void> closed(const std::string& connection_id, const std::string& user_id);
  boost::asio::awaitable<void> reported(const std::string& connection_id, const std::string& user_id,
                                        bool online);

  void join(const std::shared_ptr<Session>& s);
  void leave(const Session* s);
  // This node's open sockets of one person (for pushes meant for them alone, e.g. the unread count).
  std::vector<std::shared_ptr<Session>> sessions_of(const std::string& user_id);
  // All of this node's open sockets (a push to many people at once: one pass, not sessions_of per person).
  std::vector<std::shared_ptr<Session>> sessions();
  // Closes this node's sockets riding on sessions that just ended (any thread).
  void close_sessions_of(const auth::SessionEnd& ended);
  // Checks every open socket's session against the database and closes those that ended (after a gap
  // in cross-node notifications). Blocking: runs on the listener's thread.
  void recheck_sessions();

  // Users online now, with names, for the admin dashboard (only for
  // auth::SessionUser::can_see_staff_details).
  static boost::json::array online_users(db::Connection& c, std::int64_t limit);

 private:
  // Recomputes one user's presence after their connections changed. Locks the user's presence row first,
  // so two nodes closing a user's last two connections at once cannot both see the other still open.
  static PresenceChange recompute(db::Connection& c, const std::string& user_id, std::int64_t now);
  void publish(db::Connection& c, const PresenceChange& change);
  void deliver(const PresenceChange& change);  // to this node's subscribed sessions
  void tick();
  void heartbeat_and_reap();

  http::Services& app_;
  std::string node_id_;
  std::unique_ptr<db::Database::Subscription> subscription_;
  std::unique_ptr<boost::asio::steady_timer> timer_;
  std::mutex mutex_;
  std::map<const Session*, std::weak_ptr<Session>> sessions_;
  std::multimap<std::string, const Session*> by_user_;  // sessions_ by user id, for sessions_of()
  std::atomic<bool> stopped_{false};
};

}  // namespace shopfloor::realtime
