// Home (SPEC "Home"): the staff Home API (GET /api/home: points, slides, learning) and the back-office area
// "homeoptions" (home slides, declared on the resources kit).
#pragma once

#include "http/area.hpp"

namespace shopfloor::home {

// The "home-slides" resource, its impression/tap counting and GET /api/home.
void register_routes(http::Services& app);

// `shopfloor seed --demo`: three published slides with generated pictures (idempotent: keyed by title;
// none when data_dir is empty).
void seed_demo(db::Connection& c, const std::string& data_dir);

}  // namespace shopfloor::home
