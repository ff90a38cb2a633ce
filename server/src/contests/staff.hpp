// Staff routes of the contest engine (docs/API.md "Campaigns and naming contests", Staff).
#pragma once

#include "http/area.hpp"

namespace shopfloor::contests {

void register_staff_routes(http::Services& app);

}  // namespace shopfloor::contests
