#include "notifications/notifications.hpp"

#include <boost/json/serialize.hpp>

#include "notifications/live.hpp"
#include "util/ids.hpp"

namespace shopfloor::notifications {

namespace json = boost::json;

namespace {
Delivery& delivery() {
  static Delivery d;
  return d;
}
}  // namespace

void set_delivery(Delivery d) {
  delivery() = std::move(d);
}

bool notify(db::Connection& c, const Notice& n) {
  // No key = an event that cannot repeat: a fresh key of its own.
  std::string key = n.dedupe_key.empty() ? "once:" + uuid_v7() : n.dedupe_key;
  std::string id = uuid_v7();
  auto inserted = c.query(
      "INSERT INTO notifications (id, user_id, type, params_json, link, dedupe_key, created_at) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (user_id, dedupe_key) DO NOTHING",
      id, n.user_id, n.type, json::serialize(n.params), n.link.empty() ? db::Value{} : db::Value{n.link}, key,
      now_ms());
  if (inserted.affected == 0) return false;
  unread_changed(c, n.user_id);
  if (const auto& deliver = delivery()) deliver(c, n, id);
  return true;
}

std::int64_t unread_count(db::Connection& c, const std::string& user_id) {
  return c.query("SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL", user_id)
      .first()
      ->i64(0);
}

void unread_changed(db::Connection& c, const std::string& user_id) {
  Live::publish(c, user_id);
}

}  // namespace shopfloor::notifications
