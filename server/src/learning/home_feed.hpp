// What Home (server/src/home/) shows of learning: continue learning, "For you" and the newest articles,
// for the viewer now.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>

#include "db/database.hpp"
#include "resources/staff_gate.hpp"

namespace shopfloor::learning {

// {"continueLearning": [card], "forYou": [card], "articles": [card]} (docs/LEARNING.md, "Home").
boost::json::object home_feed(db::Connection& c, const resources::StaffGate& gate);

}  // namespace shopfloor::learning
