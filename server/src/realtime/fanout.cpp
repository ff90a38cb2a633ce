#include "realtime/fanout.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>

#include "realtime/presence_hub.hpp"

namespace shopfloor::realtime {

namespace json = boost::json;

namespace {
// publish() is called deep inside areas' transactions with only a connection in hand; the running server's
// instance is found here (none in a command-line run such as `seed`).
std::atomic<Fanout*> running{nullptr};
}  // namespace

Fanout::Fanout(http::Services& app) : app_(app) {}

Fanout::~Fanout() {
  stop();
}

void Fanout::on(const std::string& topic, Handler handler) {
  handlers_[topic] = std::move(handler);
}

void Fanout::start(boost::asio::io_context& io) {
  io_ = &io;
  const std::string self = app_.get<PresenceHub>().node_id();
  subscription_ = app_.db->listen(fanout_channel, [this, self](std::string text) {
    std::error_code ec;
    json::value v = json::parse(text, ec);
    if (ec || !v.is_object()) return;
    const auto& o = v.as_object();
    const auto* node = o.if_contains("node");
    const auto* topic = o.if_contains("topic");
    const auto* payload = o.if_contains("payload");
    if (!topic || !topic->is_string() || !payload || !payload->is_object()) return;
    if (node && node->is_string() && node->as_string() == self) return;  // delivered after our commit
    dispatch(std::string(topic->as_string()), payload->as_object());
  });
  running = this;
}

void Fanout::stop() {
  Fanout* self = this;
  running.compare_exchange_strong(self, nullptr);
  subscription_.reset();
}

std::optional<std::string> Fanout::running_node() {
  if (Fanout* f = running.load()) return f->app_.get<PresenceHub>().node_id();
  return std::nullopt;
}

void Fanout::publish(db::Connection& c, const std::string& topic, json::object payload) {
  auto node = running_node();
  if (!c.is_sqlite())
    c.query(
        "SELECT pg_notify($1, $2)", fanout_channel,
        json::serialize(json::object{{"node", node.value_or("")}, {"topic", topic}, {"payload", payload}}));
  if (node)
    c.after_commit([topic, payload = std::move(payload)] {
      if (Fanout* f = running.load()) f->dispatch(topic, payload);
    });
}

void Fanout::dispatch(const std::string& topic, const json::object& payload) {
  auto it = handlers_.find(topic);
  if (it == handlers_.end()) return;
  try {
    it->second(payload);
  } catch (const std::exception& e) {
    spdlog::warn("live {}: {}", topic, e.what());
  }
}

}  // namespace shopfloor::realtime
