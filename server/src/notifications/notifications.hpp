// The notification centre (SPEC §6): what happened to one person — a badge, a sticker, a redemption's new
// status, a mandatory course — kept for their bell and list. Areas call notify() inside the transaction that
// made the event happen, so a notice exists exactly when its event does.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <string>

#include "db/database.hpp"

namespace shopfloor::notifications {

struct Notice {
  std::string user_id;
  // "badge_earned", "sticker_earned", "redemption_status" (pending, approved, fulfilled, rejected,
  // cancelled), "course_assigned", "course_due", "message", "event_going", "event_waitlisted",
  // "event_promoted", "event_cancelled", "points_received", "points_deducted" (points/ledger.hpp),
  // "story_published", ...
  std::string type;
  boost::json::object
      params;  // what the web needs to render the text in Thai or English, e.g. {"badge": "Fast learner"}
  std::string link;        // in-app path, e.g. "/club/redemptions"
  std::string dedupe_key;  // once per (user, key), e.g. "redemption:<id>:approved"
};

// Inside the caller's transaction; returns false when (user, dedupe_key) was already notified. After the
// transaction commits, the person's unread count is pushed live to their open sockets on every node.
bool notify(db::Connection& c, const Notice& n);

// Another way to deliver a notice (Web Push, push/deliveries.hpp): called by notify() inside the same
// transaction, once per new notice, with the notice's id. Set once at startup, before any request; the
// notification centre knows nothing of what it does.
using Delivery = std::function<void(db::Connection& c, const Notice& n, const std::string& notification_id)>;
void set_delivery(Delivery d);

// The person's unread notifications.
std::int64_t unread_count(db::Connection& c, const std::string& user_id);

// Inside a transaction that changed the person's unread count: push it live once the transaction commits
// (notify() and the read routes call it).
void unread_changed(db::Connection& c, const std::string& user_id);

}  // namespace shopfloor::notifications
