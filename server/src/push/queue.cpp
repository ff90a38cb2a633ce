#include "push/queue.hpp"

#include <algorithm>
#include <boost/json/serialize.hpp>

#include "push/preferences.hpp"
#include "push/sender.hpp"
#include "util/ids.hpp"

namespace shopfloor::push {

namespace {
// Outbox rows per INSERT: 8 parameters each, well under SQLite's and PostgreSQL's limits.
constexpr std::size_t rows_per_insert = 200;
}  // namespace

std::string payload_json(const Push& p, const std::string& locale) {
  bool en = locale == "en";
  boost::json::object o{{"title", en ? p.title.en : p.title.th},
                        {"body", en ? p.body.en : p.body.th},
                        {"url", p.url},
                        {"tag", p.tag}};
  if (!p.notification_id.empty()) o["notificationId"] = p.notification_id;
  if (!p.broadcast_id.empty()) o["broadcastId"] = p.broadcast_id;
  return boost::json::serialize(o);
}

std::int64_t queue_push(db::Connection& c, const std::string& user_id, const Push& p, std::int64_t now) {
  return queue_push(c, std::vector<std::string>{user_id}, p, now);
}

std::int64_t queue_push(db::Connection& c, const std::vector<std::string>& user_ids, const Push& p,
                        std::int64_t now) {
  if (user_ids.empty()) return 0;
  // The devices, each with its person's language and preferences (no push_settings row: the defaults).
  std::vector<db::Value> ids(user_ids.begin(), user_ids.end());
  std::string in;
  for (std::size_t i = 1; i <= ids.size(); ++i) in += (i == 1 ? "$" : ", $") + std::to_string(i);
  auto devices = c.exec(
      "SELECT s.id, u.locale, COALESCE(ps.muted, ''), ps.quiet_from, ps.quiet_to FROM push_subscriptions s "
      "JOIN users u ON u.id = s.user_id LEFT JOIN push_settings ps ON ps.user_id = s.user_id "
      "WHERE s.user_id IN (" +
          in + ")",
      ids);
  const std::string th = payload_json(p, "th"), en = payload_json(p, "en");
  const db::Value topic = p.tag.empty() ? db::Value{} : db::Value{p.tag};
  // Each row's id is this push's id and the device's.
  const std::string push_id = uuid_v7() + ":";
  std::vector<db::Value> params;
  std::string values;
  std::int64_t queued = 0;
  auto flush = [&] {
    if (params.empty()) return;
    c.exec(
        "INSERT INTO push_outbox (id, subscription_id, payload, topic, urgency, ttl_s, next_at, created_at) "
        "VALUES " +
            values,
        params);
    params.clear();
    values.clear();
  };
  for (const auto& d : devices.rows) {
    auto prefs = p.kind.empty() ? Preferences{} : preferences_of(d.str(2), d.opt_i64(3), d.opt_i64(4));
    if (!prefs.wants(p.kind)) continue;
    // Held through quiet hours: it may first go, and its TTL starts, when they end.
    std::int64_t at = release_at(prefs, now);
    std::string sub = d.str(0);
    values += values.empty() ? "(" : ", (";
    for (db::Value v : {db::Value{push_id + sub}, db::Value{sub}, db::Value{d.str(1) == "en" ? en : th},
                        topic, db::Value{p.urgency}, db::Value{p.ttl_s}, db::Value{at}, db::Value{at}}) {
      params.push_back(std::move(v));
      values += (values.back() == '(' ? "$" : ", $") + std::to_string(params.size());
    }
    values += ")";
    ++queued;
    if (queued % rows_per_insert == 0) flush();
  }
  flush();
  if (queued > 0) Sender::wake_after_commit(c);
  return queued;
}

}  // namespace shopfloor::push
