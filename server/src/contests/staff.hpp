// Staff routes of the contest engine (docs/API.md "Campaigns and naming contests", Staff).
#pragma once

namespace shopfloor::http {
class Services;
}

namespace shopfloor::contests {

void register_staff_routes(http::Services& app);

}  // namespace shopfloor::contests
