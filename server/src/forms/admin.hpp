// Back office of forms: the submissions of a form with filters, one submission, CSV/XLSX export.
#pragma once

#include "http/area.hpp"

namespace shopfloor::forms {

void register_admin_routes(http::Services& app);

}  // namespace shopfloor::forms
