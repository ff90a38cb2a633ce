// Routes: the surveys open to the viewer, one survey with the viewer's draft, saving the draft, and the one
// submission (staff.cpp); the back office's results and responses (admin.cpp, responses.cpp).
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <string>

#include "http/area.hpp"
#include "surveys/ballots.hpp"

namespace shopfloor::surveys {

void register_staff_routes(http::Services& app);
void register_admin_routes(http::Services& app);

// POST /api/surveys/:id/responses for the person at `now` (the demo history answers through it too): the
// participation claim, the answers (written at once for a named survey, a sealed ballot for an anonymous
// one), the count and points. The caller then counts a full ballot box (count_ballots), as the route does
// in a transaction of its own. 404 / 409 answered already / 422.
void submit_response(db::Connection& c, const std::string& uid, const std::string& survey_id,
                     const boost::json::object& answers, const ballots::Key& key, std::int64_t now);

// A random (v4) id: an anonymous response's id must not carry the time it was written (v7 does).
std::string random_uuid();

}  // namespace shopfloor::surveys
