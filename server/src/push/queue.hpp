// Queuing a push: rows in push_outbox, one per device of the person, written inside the caller's
// transaction so a push exists exactly when what caused it does. The sender (push/sender.hpp) on some node
// sends it after the commit; nothing here waits for a push service.
#pragma once

#include <cstdint>
#include <string>

#include "db/database.hpp"

namespace shopfloor::push {

// A text in both languages; each person gets theirs (users.locale).
struct Text {
  std::string th, en;
};

// What the service worker shows (the payload JSON {title, body, url, tag}, docs/API.md "Web Push").
struct Push {
  Text title, body;
  std::string url;  // in-app path the tap opens, e.g. "/club/redemptions"
  std::string tag;  // one notification per tag on the phone: a newer push with it replaces the older
  std::string urgency = "normal";  // RFC 8030 §5.3: very-low, low, normal, high
  std::int64_t ttl_s = 24 * 3600;  // how long the push service keeps it for a phone that is offline
};

// The payload one person's devices receive, in `locale` ("th" or "en").
std::string payload_json(const Push& p, const std::string& locale);

// Queues `p` to every device of `user_id`; returns the number of rows queued (0: no devices).
std::int64_t queue_push(db::Connection& c, const std::string& user_id, const Push& p, std::int64_t now);

}  // namespace shopfloor::push
