#include "push/queue.hpp"

#include <boost/json/serialize.hpp>

#include "push/sender.hpp"
#include "util/ids.hpp"

namespace shopfloor::push {

std::string payload_json(const Push& p, const std::string& locale) {
  bool en = locale == "en";
  return boost::json::serialize(boost::json::object{{"title", en ? p.title.en : p.title.th},
                                                    {"body", en ? p.body.en : p.body.th},
                                                    {"url", p.url},
                                                    {"tag", p.tag}});
}

std::int64_t queue_push(db::Connection& c, const std::string& user_id, const Push& p, std::int64_t now) {
  // One statement for all the person's devices; each row's id is this push's id and the device's.
  auto queued = c.query(
      "INSERT INTO push_outbox (id, subscription_id, payload, topic, urgency, ttl_s, next_at, created_at) "
      "SELECT $1 || s.id, s.id, CASE WHEN u.locale = 'en' THEN $2 ELSE $3 END, $4, $5, $6, $7, $7 "
      "FROM push_subscriptions s JOIN users u ON u.id = s.user_id WHERE s.user_id = $8",
      uuid_v7() + ":", payload_json(p, "en"), payload_json(p, "th"),
      p.tag.empty() ? db::Value{} : db::Value{p.tag}, p.urgency, p.ttl_s, now, user_id);
  if (queued.affected > 0) Sender::wake_after_commit(c);
  return queued.affected;
}

}  // namespace shopfloor::push
