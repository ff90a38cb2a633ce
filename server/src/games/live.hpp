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
#include <optional>
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

// A live quiz opened for stores (issue 30): the host's open records this audience job (subject: the session)
// when the quiz names stores (game_quizzes.live_stores_json); it tells the active staff of those stores who
// are in the game's audience (those join() lets in), a batch at a time: a "live_quiz_started" notice with the
// PIN and a link to join, pushed as "events", once per person and session (its dedupe key) however often a
// batch is redone or on whichever node. Nobody once the game started, finished or its lobby closed.
inline constexpr const char* live_opened_job = "live_quiz_started";
std::optional<std::string> tell_live_stores(db::Connection& c, const std::string& session_id,
                                            const std::string& after_user, int batch, std::int64_t now);

}  // namespace shopfloor::games
