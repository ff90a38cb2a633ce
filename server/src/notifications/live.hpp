// The live unread count: after a transaction changes a person's count, every node with a socket of theirs
// sends {"type":"notifications","unread":N} to it, through the realtime fan-out (realtime/fanout.hpp, topic
// "notifications").
#pragma once

#include <boost/asio/awaitable.hpp>
#include <string>

#include "db/database.hpp"
#include "http/services.hpp"

namespace shopfloor::notifications {

class Live {
 public:
  explicit Live(http::Services& app);

  // Any thread: the person's count changed; recount and send it to their sockets on this node.
  void changed(const std::string& user_id);

  // Inside the transaction that changed the person's count: every node recounts once it commits.
  static void publish(db::Connection& c, const std::string& user_id);

 private:
  boost::asio::awaitable<void> send_count(std::string user_id);

  http::Services& app_;
};

}  // namespace shopfloor::notifications
