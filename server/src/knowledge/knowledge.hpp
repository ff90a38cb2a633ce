// Knowledge gaps (issue 32): what staff still remember of the drilled questions, per topic, store, region and
// position, read from the daily drill's memory states (drill/) with FSRS's forgetting curve. It is the
// "knowledge" report of /admin/reports (reports/report.hpp) and the dashboard's weakest topics.
#pragma once

#include "http/area.hpp"
#include "reports/report.hpp"

namespace shopfloor::knowledge {

// GET /api/admin/reports/knowledge (+ /export): retention now, the questions most often forgotten, the
// people overdue, and measured recall per week over the range (docs/API.md "Knowledge report").
reports::Report knowledge_report(db::Connection& c, const reports::Filter& f, std::int64_t now_ms);

// Defines the report and GET /api/admin/knowledge/weakest (the dashboard card).
void register_routes(http::Services& app);

}  // namespace shopfloor::knowledge
