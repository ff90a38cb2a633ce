// Event reminders (issue 30): a day and an hour before an event or social activity starts, everyone going to
// it (not waitlisted, not cancelled, and only while the item is published) is told once, as a notice and a
// push (kind "events"). Every node runs the check every few minutes; the notice's dedupe key
// (`event_reminder:<item>:day|hour`, unique per person) is the claim, so two nodes, or a check run twice,
// tell a person once per reminder.
#pragma once

#include <cstdint>
#include <string>

#include "db/database.hpp"
#include "util/periodic.hpp"

namespace shopfloor::events {

// Which reminder an item starting `until_start_ms` from now is due for: "hour" within the hour, "day"
// within the day, else none (empty).
std::string reminder_due(std::int64_t until_start_ms);

// "28/11 14:00": an instant as the staff read it (Bangkok time), for the push's body.
std::string bangkok_day_time(std::int64_t epoch_ms);

// Tells everyone whose reminder is due at `now`; returns how many were told.
std::int64_t remind_upcoming(db::Connection& c, std::int64_t now);

class Reminders {
 public:
  explicit Reminders(db::Database& db) : db_(db) {}
  void start();  // first check 30 s after start, then every 5 minutes
  void stop() { thread_.stop(); }

 private:
  db::Database& db_;
  Periodic thread_;
};

}  // namespace shopfloor::events
