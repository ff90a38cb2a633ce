// Self-registration (SPEC §3, issue 15): POST /api/register and the public store list it picks from.
// A code on the imported roster becomes an active, signed-in account at once; any other waits as `pending`
// for an admin's approval (the users resource's `approve` action). See docs/API.md "Self-registration".
#pragma once

#include "http/area.hpp"

namespace shopfloor::registration {

void register_routes(http::Services& app);

}  // namespace shopfloor::registration
