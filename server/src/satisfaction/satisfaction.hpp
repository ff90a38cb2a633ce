// Satisfaction ratings (SPEC §5 Satisfactions; issue 16): 1-5 stars and an optional comment on a content, a
// course or an event, asked once the person completed it (content or course completed, event attended: the
// triggers write a prompt), editable by the person (one rating per person and item, an upsert on UNIQUE);
// the back office reads averages, distributions, a weekly trend, the lowest rated items, and hides comments.
#pragma once

#include "http/area.hpp"

namespace shopfloor::satisfaction {

// Staff and admin routes, and the trigger listeners that make an item rateable.
void register_routes(http::Services& app);

// `seed --demo`: ratings by the demo staff on some published contents, courses and events over 8 weeks.
void seed_demo(db::Connection& c);

}  // namespace shopfloor::satisfaction
