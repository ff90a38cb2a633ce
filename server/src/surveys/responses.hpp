// Named surveys' responses person by person, for the back office (issue 16): who answered what, as a page
// of JSON and as CSV / XLSX. Anonymous surveys keep no person to show: 404.
#pragma once

#include "http/services.hpp"

namespace shopfloor::surveys {

void register_response_routes(http::Services& app);

}  // namespace shopfloor::surveys
