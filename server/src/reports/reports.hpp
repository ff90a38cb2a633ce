// The reports (issue 17, /admin/reports): admins only. Each report is a file of its own that defines its
// builder (reports/report.hpp); this registers them and the routes that serve and export any of them.
#pragma once

#include "http/area.hpp"
#include "reports/report.hpp"

namespace shopfloor::reports {

// The reports, one per file: each builds its tables and charts for a filter (registered in reports.cpp).
Report actives_report(db::Connection& c, const Filter& f, std::int64_t now_ms);
Report learning_report(db::Connection& c, const Filter& f, std::int64_t now_ms);
Report club_report(db::Connection& c, const Filter& f, std::int64_t now_ms);
Report engagement_report(db::Connection& c, const Filter& f, std::int64_t now_ms);
Report voice_report(db::Connection& c, const Filter& f, std::int64_t now_ms);

// What keeps the rollups current: listeners on the areas' happenings (resources/triggers.hpp).
void listen_for_rollups();

void register_routes(http::Services& app);

}  // namespace shopfloor::reports
