// Back-office routes of the contest engine (docs/API.md "Campaigns and naming contests", Back office).
#pragma once

#include "http/area.hpp"

namespace shopfloor::contests {

void register_admin_routes(http::Services& app);

}  // namespace shopfloor::contests
