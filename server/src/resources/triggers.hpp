// Things that happen to a person inside a transaction (a course completed, an exam passed, points earned, a
// reward redeemed), for areas that react to them in that same transaction without the area where it
// happened knowing them: badges and stickers listen here; learning, exams, points and the club fire. A later
// area adds its own kinds ("story.published", "event.attended", "campaign.won") the same way.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "db/database.hpp"

namespace shopfloor::triggers {

struct Happening {
  std::string kind;        // "course.completed", "exam.passed", "learning.completed", "points.earned", ...
  std::string user_id;     // whose it is
  std::string subject_id;  // the course, exam, reward... ("" when none)
  std::int64_t value = 0;  // e.g. the points earned
};

using Listener = std::function<void(db::Connection&, const Happening&)>;

// At start-up, before requests are served (listeners are not guarded for registration while firing).
void listen(const std::string& kind, Listener listener);

// Runs every listener of the kind, in registration order, inside the caller's transaction: what they write
// commits or rolls back with the happening itself.
void fire(db::Connection& c, const Happening& h);

}  // namespace shopfloor::triggers
