// Queuing a push: rows in push_outbox, one per device of the person, written inside the caller's
// transaction so a push exists exactly when what caused it does. The sender (push/sender.hpp) on some node
// sends it after the commit; nothing here waits for a push service.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace shopfloor::push {

// A text in both languages; each person gets theirs (users.locale).
struct Text {
  std::string th, en;
};

// A text the person's own data gives (a course's title, a reward's name): the same in both languages.
inline Text both(const std::string& s) {
  return {s, s};
}

// What the service worker shows (the payload JSON {title, body, url, tag, notificationId?, broadcastId?},
// docs/API.md "Web Push").
struct Push {
  Text title, body;
  std::string url;  // in-app path the tap opens, e.g. "/club/redemptions"
  std::string tag;  // one notification per tag on the phone: a newer push with it replaces the older
  std::string urgency = "normal";  // RFC 8030 §5.3: very-low, low, normal, high
  std::int64_t ttl_s = 24 * 3600;  // how long the push service keeps it for a phone that is offline
  // The preference it falls under (push/preferences.hpp kinds): a person who turned it off gets nothing,
  // and quiet hours hold it. Empty: asked for by the person themself (the test push), sent now.
  std::string kind;
  std::string notification_id;  // the notice it delivers, so a service worker can skip one already read
  std::string broadcast_id;     // the broadcast it announces
};

// The payload one person's devices receive, in `locale` ("th" or "en").
std::string payload_json(const Push& p, const std::string& locale);

// Queues `p` to every device of `user_id` that wants it; returns the number of rows queued (0: no devices,
// or the kind turned off).
std::int64_t queue_push(db::Connection& c, const std::string& user_id, const Push& p, std::int64_t now);

// The same for many people at once (a few hundred: one statement's parameters each).
std::int64_t queue_push(db::Connection& c, const std::vector<std::string>& user_ids, const Push& p,
                        std::int64_t now);

}  // namespace shopfloor::push
