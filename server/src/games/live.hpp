// The live quiz's fan-out (issue 14, live part): after a transaction changes a live session, every node sends
// the new state to its own sockets of the session's host and players ({"type":"live", "session": view}). This
// node learns of it in process after commit; other nodes through PostgreSQL NOTIFY (realtime/fanout.hpp).
// The state lives in the database, so each node reads it and builds each viewer's view itself.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
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
  // Sessions with a host-only delivery queued and not yet read: a burst of answers (300 at once) makes one
  // read of the answer count, not 300, so the question's results are not queued behind them.
  std::mutex mutex_;
  std::set<std::string> host_pending_;
};

inline constexpr const char* live_quiz_topic = "live_quiz";  // realtime/fanout.hpp

}  // namespace shopfloor::games
