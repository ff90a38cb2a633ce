// Live delivery (topic "messages" of realtime::Fanout): after the sending transaction commits, every node
// pushes to its own sockets. A broadcast's page of deliveries (written by the send or a step of its audience
// job) reads that page's recipients once and sends one shared message to those connected here
// ({"type":"messages","event":"broadcast","broadcast":{…}}: the web adds it to the inbox and one to the
// count); a thread change sends the person, and the back office when it concerns them,
// their new unread count ({"type":"messages","event":"thread","threadId","unread":{…}}).
#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/json.hpp>
#include <unordered_set>

#include "http/services.hpp"
#include "media/media.hpp"
#include "messages/internal.hpp"
#include "realtime/fanout.hpp"
#include "realtime/presence_hub.hpp"
#include "realtime/session.hpp"
#include "util/ids.hpp"

namespace shopfloor::messages {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {

constexpr const char* topic = "messages";

std::shared_ptr<const std::string> serialized(json::object o) {
  return std::make_shared<const std::string>(json::serialize(o));
}

// One page of a broadcast's recipients (user ids after `after`, up to `through`: the page its delivery job
// just wrote): those connected here get it.
asio::awaitable<void> deliver_broadcast(http::Services& app, std::string id, std::string after,
                                        std::string through) {
  auto& hub = app.get<realtime::PresenceHub>();
  auto sockets = hub.sessions();
  if (sockets.empty()) co_return;
  auto found = co_await app.db->read([&](db::Connection& c) {
    std::pair<std::optional<json::object>, std::unordered_set<std::string>> out;
    auto b =
        c.query(
             "SELECT b.id, b.title, b.body, b.sent_at, m.id, m.hash, m.ext, m.kind, m.mime, m.width, "
             "m.height "
             "FROM broadcasts b LEFT JOIN media m ON m.id = b.image_media_id WHERE b.id = $1 AND b.status = "
             "'sent'",
             id)
            .first();
    if (!b) return out;
    out.first = json::object{{"id", b->str(0)},
                             {"title", b->str(1)},
                             {"preview", preview_of(b->is_null(2) ? "" : b->str(2))},
                             {"image", media::media_summary_or_null(*b, 4)},
                             {"at", iso8601(b->i64(3))}};
    out.second = c.query(
                      "SELECT user_id FROM broadcast_deliveries WHERE broadcast_id = $1 AND user_id > "
                      "$2 AND user_id <= $3",
                      id, after, through)
                     .first_column<std::unordered_set<std::string>>();
    return out;
  });
  if (!found.first) co_return;
  auto message =
      serialized(json::object{{"type", "messages"}, {"event", "broadcast"}, {"broadcast", *found.first}});
  for (auto& s : sockets)
    if (found.second.contains(s->user().id)) s->send(message);
}

asio::awaitable<void> deliver_thread(http::Services& app, std::string thread_id, std::string user_id,
                                     bool office) {
  auto& hub = app.get<realtime::PresenceHub>();
  auto mine = hub.sessions_of(user_id);
  std::vector<std::shared_ptr<realtime::Session>> desk;
  if (office)
    for (auto& s : hub.sessions())
      if (s->user().at_least(Role::editor)) desk.push_back(std::move(s));
  if (mine.empty() && desk.empty()) co_return;
  auto counts = co_await app.db->read([&](db::Connection& c) {
    return std::pair{mine.empty() ? json::object{} : unread_of(c, user_id, false),
                     desk.empty() ? json::object{} : unread_of(c, "", true)};
  });
  auto push = [&](auto& sockets, json::object unread) {
    if (sockets.empty()) return;
    auto m = serialized(json::object{
        {"type", "messages"}, {"event", "thread"}, {"threadId", thread_id}, {"unread", std::move(unread)}});
    for (auto& s : sockets) s->send(m);
  };
  push(mine, counts.first);
  push(desk, counts.second);
}

std::string text_of(const json::object& o, const char* name) {
  const auto* v = o.if_contains(name);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

template <class Work>
void spawn(http::Services& app, Work work) {
  auto* io = app.get<realtime::Fanout>().io();
  if (!io) return;
  asio::co_spawn(
      io->get_executor(),
      [work = std::move(work)]() -> asio::awaitable<void> {
        try {
          co_await work();
        } catch (const std::exception& e) {
          spdlog::warn("messages: live delivery failed: {}", e.what());
        }
      },
      asio::detached);
}

}  // namespace

void publish_broadcast(db::Connection& c, const std::string& broadcast_id, const std::string& after_user,
                       const std::string& through) {
  realtime::Fanout::publish(
      c, topic, json::object{{"broadcastId", broadcast_id}, {"after", after_user}, {"through", through}});
}

void publish_thread(db::Connection& c, const std::string& thread_id, const std::string& user_id,
                    bool to_office) {
  realtime::Fanout::publish(
      c, topic, json::object{{"threadId", thread_id}, {"userId", user_id}, {"office", to_office}});
}

void register_live(http::Services& app) {
  app.get<realtime::Fanout>().on(topic, [&app](const json::object& payload) {
    if (auto id = text_of(payload, "broadcastId"); !id.empty()) {
      auto after = text_of(payload, "after"), through = text_of(payload, "through");
      spawn(app, [&app, id, after, through]() { return deliver_broadcast(app, id, after, through); });
      return;
    }
    auto thread = text_of(payload, "threadId"), user = text_of(payload, "userId");
    if (thread.empty() || user.empty()) return;
    const auto* office = payload.if_contains("office");
    bool to_office = office && office->is_bool() && office->as_bool();
    spawn(app, [&app, thread, user, to_office]() { return deliver_thread(app, thread, user, to_office); });
  });
}

}  // namespace shopfloor::messages
