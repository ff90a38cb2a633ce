// Events (/admin/events) and social club activities (/admin/socialclub), SPEC §5, issue 13: two areas on
// one sign-up engine (engine.hpp): RSVP going / waitlisted in arrival order, cancel with promotion, a QR
// ticket, check-in once with points (and hours for an activity), an .ics file, attendee exports.
#pragma once

#include "http/area.hpp"

namespace shopfloor::events {

void register_routes(http::Services& app);

// `seed --demo`: an upcoming event with some RSVPs from demo staff, an upcoming social club activity and a
// past one with photos.
void seed_demo(db::Connection& c, const std::string& data_dir);

}  // namespace shopfloor::events
