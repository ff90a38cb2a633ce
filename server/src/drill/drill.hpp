// The daily drill (issue 32): a few due questions a day, scheduled per person by FSRS (drill/fsrs.hpp).
#pragma once

#include "http/services.hpp"

namespace shopfloor::drill {

void register_routes(http::Services& app);

}  // namespace shopfloor::drill
