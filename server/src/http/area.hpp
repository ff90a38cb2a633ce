// What an area's own header names: the running server it registers its routes on (http/services.hpp), a
// request (http/context.hpp) and the database its seed writes with, declared here so the header stays light:
//
//   #include "http/area.hpp"
//   namespace shopfloor::polls {
//   void register_routes(http::Services& app);
//   void seed_demo(db::Connection& c, const std::string& data_dir);
//   }
#pragma once

#include <string>

#include "db/database.hpp"

namespace shopfloor::http {
class Services;
struct Context;
}  // namespace shopfloor::http
