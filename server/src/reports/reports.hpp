// The reports (issue 17, /admin/reports): admins only. Each report is a file of its own that defines its
// builder (reports/report.hpp); this registers them and the routes that serve and export any of them.
#pragma once

#include "http/area.hpp"

namespace shopfloor::reports {

// The reports, one per file.
void define_actives();
void define_learning();
void define_club();
void define_engagement();
void define_voice();

// What keeps the rollups current: listeners on the areas' happenings (resources/triggers.hpp).
void listen_for_rollups();

void register_routes(http::Services& app);

}  // namespace shopfloor::reports
