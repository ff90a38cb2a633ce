// Self-registration (SPEC §3, issues 15 and 26): POST /api/register and the public store list it picks from.
// A roster account becomes active and signed in only with a live activation code issued to that person
// (accounts/codes.hpp); without one every registration answers `pending` alike: a new code waits as a
// pending account (the users resource's `approve` action), a code or email that already has an account
// waits beside it as a claim (claims.hpp). See docs/API.md "Self-registration".
#pragma once

#include "http/area.hpp"

namespace shopfloor::registration {

void register_routes(http::Services& app);

}  // namespace shopfloor::registration
