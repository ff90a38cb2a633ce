// Forms (SPEC §5 Forms; issue 16): a form builder on the one question engine (surveys/engine.hpp), one or
// many submissions per person, file questions, the submissions list with filters and CSV/XLSX export.
#pragma once

#include "http/area.hpp"

namespace shopfloor::forms {

void register_routes(http::Services& app);

// A "store maintenance request" form (every kind, a photo question, many submissions allowed) with three
// submissions from demo staff.
void seed_demo(db::Connection& c, const std::string& data_dir);

}  // namespace shopfloor::forms
