// The one cross-node fan-out for live pushes (the unread count, the live quiz, messages): an area publishes a
// (topic, payload) inside the transaction that changed something; once it commits, every node runs the
// handlers registered for the topic — this node in process (after commit), other nodes through one
// PostgreSQL NOTIFY channel (delivered only on commit; SQLite is one node). Handlers then send to their own
// sockets (PresenceHub::sessions_of). A command-line run (`seed`) with no server still tells the servers.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/json/object.hpp>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "http/services.hpp"

namespace shopfloor::realtime {

class Fanout {
 public:
  // Runs on the thread that committed or on the listener's thread: hand slow work to io().
  using Handler = std::function<void(const boost::json::object& payload)>;

  explicit Fanout(http::Services& app);
  ~Fanout();

  // Before start(): the handler of one topic on this node.
  void on(const std::string& topic, Handler handler);
  void start(boost::asio::io_context& io);
  void stop();
  boost::asio::io_context* io() const { return io_; }

  // Inside the caller's transaction: every node runs the topic's handlers with `payload` once it commits.
  // PostgreSQL NOTIFY payloads stay small (< 8000 bytes): send ids, not content.
  static void publish(db::Connection& c, const std::string& topic, boost::json::object payload);
  // This node's id while a server runs in this process (nullopt in a command-line run).
  static std::optional<std::string> running_node();

 private:
  void dispatch(const std::string& topic, const boost::json::object& payload);

  http::Services& app_;
  std::map<std::string, Handler> handlers_;
  std::unique_ptr<db::Database::Subscription> subscription_;
  boost::asio::io_context* io_ = nullptr;
};

inline constexpr const char* fanout_channel = "shopfloor_live";

}  // namespace shopfloor::realtime
