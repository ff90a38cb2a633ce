// Learning (issue 5): contents, articles, ebooks, courses, personalised rules (back office on the resource
// engine) and the staff API of the Learning tab and Home (docs/LEARNING.md). Examinations live beside it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "db/database.hpp"

namespace shopfloor::http {
class Services;
}

namespace shopfloor::learning {

// Resource declarations, admin extras (lesson order, preview) and the staff routes.
void register_routes(http::Services& app);
void register_resources();

// `shopfloor seed --demo`: a Thai learning catalogue (idempotent: keyed by title). Cover pictures are
// generated into DATA_DIR's media library (none when data_dir is empty).
void seed_demo(db::Connection& c, const std::string& data_dir);
// Makes the demo exam the last lesson of the demo course "พื้นฐานการบริการลูกค้า" (once).
void link_demo_exam(db::Connection& c, const std::optional<std::string>& exam_id);

// `shopfloor seed --bench-learning`: users and published items for the Learning tab benchmark.
struct BenchSeed {
  std::int64_t users = 0, items = 0;
};
BenchSeed seed_bench(db::Connection& c, int users, int items);

}  // namespace shopfloor::learning
