// A person's record for the back office (issue 28 item 8): what HR asks about one member of staff in one
// answer, read from the areas that own each part: their learning (courses done, in progress, overdue, as the
// learning report counts them), their points (balance and points earned, as the leaderboards count them) and
// their badges.
#pragma once

#include "http/area.hpp"

namespace shopfloor::records {

// GET /api/admin/users/:id/record (admins only).
void register_routes(http::Services& app);

}  // namespace shopfloor::records
