// The certificates' resource declaration and routes (routes.cpp, admin_routes.cpp).
#pragma once

#include "http/services.hpp"
#include "resources/resource.hpp"

namespace shopfloor::certificates {

resources::Resource definitions_resource();

// GET /api/admin/certificates (the list per store and standing) and its CSV/XLSX export.
void register_admin_routes(http::Services& app);

}  // namespace shopfloor::certificates
