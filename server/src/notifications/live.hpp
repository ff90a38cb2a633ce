// The live unread count: after a transaction changes a person's count, every node with a socket of theirs
// sends {"type":"notifications","unread":N} to it. This node learns of it in process (after commit); other
// nodes through PostgreSQL NOTIFY, the same fan-out presence uses (SQLite is one node).
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <memory>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "http/services.hpp"

namespace shopfloor::notifications {

class Live {
 public:
  explicit Live(http::Services& app);
  ~Live();

  // Starts listening to other nodes and becomes the target of unread_changed() in this process.
  void start(boost::asio::io_context& io);
  void stop();

  // Any thread: the person's count changed; recount and send it to their sockets on this node.
  void changed(const std::string& user_id);

  // This node's id while a server runs in this process (nullopt in a command-line run).
  static std::optional<std::string> running_node();
  // changed() on the running instance, if any (unread_changed()'s after-commit step).
  static void changed_here(const std::string& user_id);

 private:
  boost::asio::awaitable<void> send_count(std::string user_id);

  http::Services& app_;
  std::unique_ptr<db::Database::Subscription> subscription_;
  boost::asio::io_context* io_ = nullptr;
};

inline constexpr const char* live_channel = "shopfloor_notifications";

}  // namespace shopfloor::notifications
