// Back-office routes of the contest engine (docs/API.md "Campaigns and naming contests", Back office).
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/area.hpp"

namespace shopfloor::contests {

void register_admin_routes(http::Services& app);

// The back office's moderation, as its routes run it by `actor` at `now` (audited; the demo seed calls them).
// POST /api/admin/campaigns/:id/moderate {ids, decision: approve|reject, reason?}: {updated}.
boost::json::object moderate_entries(db::Connection& c, const std::string& contest_id,
                                     const std::vector<std::string>& ids, const std::string& decision,
                                     const std::optional<std::string>& reason, const std::string& actor,
                                     const std::string& ip, std::int64_t now);
// POST /api/admin/campaigns/:id/announce: the winners once voting is over: {winners}.
boost::json::object announce_winners(db::Connection& c, const std::string& contest_id,
                                     const std::string& actor, const std::string& ip, std::int64_t now);

}  // namespace shopfloor::contests
