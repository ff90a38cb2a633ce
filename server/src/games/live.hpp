// The live quiz's fan-out (issue 14, live part): after a transaction changes a live session, every node sends
// the new state to its own sockets of the session's host and players ({"type":"live", "session": view}). This
// node learns of it in process after commit; other nodes through PostgreSQL NOTIFY (realtime/fanout.hpp).
// The state lives in the database, so each node reads it and builds each viewer's view itself.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "db/database.hpp"
#include "http/services.hpp"

namespace shopfloor::games {

class LiveFanout {
 public:
  explicit LiveFanout(http::Services& app);

  // Inside the transaction that changed the session: tells every node once it commits. host_only: a change
  // only the host screen shows (a join, an answer count).
  static void publish(db::Connection& c, const std::string& session_id, bool host_only);
  // Closes the question `index` of the session after `delay_ms` unless it was closed already (the timer).
  void close_later(const std::string& session_id, std::int64_t index, std::int64_t delay_ms);
  // Any thread: reads the session and sends it to this node's sockets of its people.
  void changed(const std::string& session_id, bool host_only);

 private:
  http::Services& app_;
  // Reads the session and sends its views to this node's sockets (only the host's when host_only).
  boost::asio::awaitable<void> deliver(const std::string& session_id, bool host_only);

  // Sessions with a host-only read under way → whether another change came meanwhile. One read at a time
  // per session: a burst of answers (300 at once) had queued up to 300 reads of the whole session in the DB
  // pool, and the question's results waited behind them (0.35 s on PostgreSQL).
  std::mutex mutex_;
  std::map<std::string, bool> host_reads_;
};

inline constexpr const char* live_quiz_topic = "live_quiz";  // realtime/fanout.hpp

}  // namespace shopfloor::games
