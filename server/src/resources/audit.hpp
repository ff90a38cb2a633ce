// The audit log: every admin write appends one row (who, what, before, after, when, from where) in the
// same transaction as the write itself.
#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>

#include "http/area.hpp"

namespace shopfloor::audit {

// GET /api/admin/audit and /api/admin/sign-ins (the Logs screen).
void register_routes(http::Services& app);

void record(db::Connection& c, const std::string& actor_id, const std::string& action,
            const std::string& resource, const std::string& resource_id,
            const std::optional<boost::json::object>& before, const std::optional<boost::json::object>& after,
            const std::string& ip);

}  // namespace shopfloor::audit
