// PDPA rights (issue 34): download my data (privacy/export.*), erasure by an admin (privacy/erase.*),
// consent to analytics tracking (privacy/consent.*).
#pragma once

#include "http/area.hpp"

namespace shopfloor::privacy {

void register_routes(http::Services& app);

}  // namespace shopfloor::privacy
