// Staff routes of the contest engine (docs/API.md "Campaigns and naming contests", Staff).
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <string>

#include "http/area.hpp"

namespace shopfloor::contests {

void register_staff_routes(http::Services& app);

// The staff routes' work for the person at `now` (the demo seed enters and votes through them too).
// POST /api/contests/:id/entries {text?, reason?, photoId?}: {entry}; 404 / 409 / 422.
boost::json::object submit_entry(db::Connection& c, const std::string& uid, const std::string& contest_id,
                                 const boost::json::object& body, std::int64_t now);
// POST /api/contests/:id/entries/:entryId/vote: {votesLeft, entry}; 404 / 409.
boost::json::object vote_entry(db::Connection& c, const std::string& uid, const std::string& contest_id,
                               const std::string& entry_id, std::int64_t now);

}  // namespace shopfloor::contests
