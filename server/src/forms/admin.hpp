// Back office of forms: the submissions of a form with filters, one submission, CSV/XLSX export.
#pragma once

namespace shopfloor::http {
class Services;
}

namespace shopfloor::forms {

void register_admin_routes(http::Services& app);

}  // namespace shopfloor::forms
