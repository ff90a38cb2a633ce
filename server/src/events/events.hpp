// Events (/admin/events) and social club activities (/admin/socialclub), SPEC §5, issue 13: two areas on
// one sign-up engine (engine.hpp): RSVP going / waitlisted in arrival order, cancel with promotion, a QR
// ticket, check-in once with points (and hours for an activity), an .ics file, attendee exports.
#pragma once

#include <string>

#include "http/area.hpp"
#include "util/demo.hpp"

namespace shopfloor::events {

void register_routes(http::Services& app);

// `seed --demo`: an upcoming event with some RSVPs from demo staff, an upcoming social club activity and a
// past one with photos and S1002's check-in.
void seed_demo(db::Connection& c, const std::string& data_dir);
// The company's past events and a blood drive (seed --demo with its history).
void seed_company(db::Connection& c, const std::string& data_dir);
// One day of the company's history: sign-ups while registration is open, check-ins on the day.
void seed_history_day(db::Connection& c, const demo::Day& d);

}  // namespace shopfloor::events
