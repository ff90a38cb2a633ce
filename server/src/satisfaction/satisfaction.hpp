// Satisfaction ratings (SPEC §5 Satisfactions; issue 16): 1-5 stars and an optional comment on a content, a
// course or an event, asked once the person completed it (content or course completed, event attended: the
// triggers write a prompt), editable by the person (one rating per person and item, an upsert on UNIQUE);
// the back office reads averages, distributions, a weekly trend, the lowest rated items, and hides comments.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "http/area.hpp"
#include "util/demo.hpp"

namespace shopfloor::satisfaction {

// Staff and admin routes, and the trigger listeners that make an item rateable.
void register_routes(http::Services& app);

// PUT /api/satisfaction/:type/:id for the person at `now` (the demo history rates through it too): their
// stars and comment on an item they completed; {rating}. 404 / 409 NOT_COMPLETED.
boost::json::object rate_item(db::Connection& c, const std::string& uid, const std::string& type,
                              const std::string& id, std::int64_t stars,
                              const std::optional<std::string>& comment, std::int64_t now);

// One day of the company's history (seed.cpp): about half of those asked that day rate what they finished.
void seed_history_day(db::Connection& c, const demo::Day& d);

}  // namespace shopfloor::satisfaction
