// Routes: this period's pulse questions for the viewer with the latest "you said, we did" updates, and the
// one submission per period (staff.cpp); the back office's results (admin.cpp).
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <string>
#include <utility>

#include "http/area.hpp"
#include "surveys/ballots.hpp"

namespace shopfloor::pulse {

void register_staff_routes(http::Services& app);
void register_admin_routes(http::Services& app);

// POST /api/pulses/:id/responses for the person at `now` (the demo history answers through it too): the
// period's claim, the questions asked, a sealed ballot and the counts. Answers the period's key and number;
// the caller then counts a full box (count_ballots), as the route does in a transaction of its own.
std::pair<std::string, std::int64_t> submit_answers(db::Connection& c, const std::string& uid,
                                                    const std::string& pulse_id,
                                                    const boost::json::object& answers,
                                                    const surveys::ballots::Key& ballot_key,
                                                    std::int64_t now);

}  // namespace shopfloor::pulse
