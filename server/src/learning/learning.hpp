// Learning (issue 5): contents, articles, ebooks, courses, personalised rules (back office on the resource
// engine) and the staff API of the Learning tab and Home (docs/LEARNING.md). Examinations build on it
// (exams/, a library above this one: an exam is a course lesson).
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "http/area.hpp"
#include "util/demo.hpp"

namespace shopfloor::learning {

// Resource declarations, admin extras (lesson order, preview) and the staff routes.
void register_routes(http::Services& app);
void register_resources();

// The back office's preview of an item in the staff detail shape, whatever its status, window or audience
// (GET /api/admin/preview/:type/:id, answered {type: item}); learning's own types are registered here, an
// area above adds its own the same way (exams: "exam"). The loader runs in a read transaction; nullopt → 404.
using PreviewFn = std::function<std::optional<boost::json::object>(
    db::Connection&, const std::string& id, const std::string& user_id, std::int64_t now)>;
void add_preview(const std::string& type, PreviewFn load);

// `shopfloor seed --demo`: a Thai learning catalogue (idempotent: keyed by title). Cover pictures are
// generated into DATA_DIR's media library (none when data_dir is empty).
void seed_demo(db::Connection& c, const std::string& data_dir);
// Makes the demo exam the last lesson of the demo course "พื้นฐานการบริการลูกค้า" (once).
void link_demo_exam(db::Connection& c, const std::optional<std::string>& exam_id);

// The demo company's learning (`seed --demo` with its history): a video and a PDF lesson, the new staff's
// ebook, the safety course every store must finish (with its exam) and a sales course. Idempotent.
inline constexpr const char* safety_course_title = "ความปลอดภัยในร้านค้า";
void seed_company(db::Connection& c, const std::string& data_dir);
// One day of the company's learning (demo_history.cpp): visitors work through their courses lesson by
// lesson and take the exams, through the functions the Learning tab's routes call.
void seed_history_day(db::Connection& c, const demo::Day& d);

// `shopfloor seed --bench-learning`: users and published items for the Learning tab benchmark.
struct BenchSeed {
  std::int64_t users = 0, items = 0;
};
BenchSeed seed_bench(db::Connection& c, int users, int items);

}  // namespace shopfloor::learning
