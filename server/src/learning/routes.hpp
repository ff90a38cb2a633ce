// Pieces shared by the learning route files (not part of the area's public interface).
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <vector>

#include "http/area.hpp"
#include "learning/catalogue.hpp"
#include "learning/completion.hpp"
#include "reactions/reactions.hpp"
#include "util/ids.hpp"

namespace shopfloor::learning {

void register_staff_routes(http::Services& app);
void register_article_routes(http::Services& app);
void register_admin_routes(http::Services& app);
void register_lesson_routes(http::Services& app);

// The route's id parameter (`name`); an id that cannot be one answers 404 like an unknown one.
std::string need_id(const http::Context& ctx, const char* name = "id");

// [{id, title, pointsAwarded}] of the courses a lesson completed.
struct CourseCompletion;
boost::json::array completions_json(const std::vector<CourseCompletion>& done);

// Takes the user's row lock on PostgreSQL so one person's progress writes run one at a time (a course's
// last two lessons completed at once both see each other). SQLite writers are serialised already.
void lock_user(db::Connection& c, const std::string& user_id);

// Likes and comments of articles (reactions/reactions.hpp); comments are moderated (hidden by editors).
const reactions::Kind& article_reactions();

// What a reader's app reports on its way through a lesson (the body of POST .../progress): where it is, the
// percent reached (100 claims the end), the pictures (from 0) or pages (from 1) seen, the page count its
// viewer read, and that the reader left for the link.
struct ProgressReport {
  std::optional<double> position;
  std::int64_t percent = 0;
  std::vector<std::int64_t> seen;
  std::int64_t pages = 0;
  bool link_opened = false;
};

// A report's answer; `refused`: what a claimed end still lacks (sent as 422 after the progress is saved).
struct ProgressOutcome {
  boost::json::object body;
  std::optional<Shortfall> refused;
};

// POST /api/contents/:id/open and /api/ebooks/:id/open (`type` "content" or "ebook") for the person at `now`;
// the demo history calls them too, at its own moments. nullopt: not visible to the person (404).
std::optional<boost::json::object> open_lesson(db::Connection& c, const std::string& uid, const char* type,
                                               const std::string& id, std::int64_t lesson_time_percent,
                                               std::int64_t now);

// POST /api/contents/:id/progress and /api/ebooks/:id/progress: saves what the report adds and completes the
// lesson (points, courses) once the rules of completion.hpp hold. nullopt: not visible (404).
std::optional<ProgressOutcome> report_lesson_progress(db::Connection& c, const std::string& uid,
                                                      const char* type, const std::string& id,
                                                      const ProgressReport& report,
                                                      std::int64_t lesson_time_percent, std::int64_t now);

// Published articles in the viewer's audience, pinned first, newest first.
boost::json::array article_cards(db::Connection& c, const resources::StaffGate& gate, std::int64_t offset,
                                 std::int64_t limit, std::int64_t* total);

// Staff detail shapes of an item the gate lets through (StaffGate::preview for the back office's preview):
// a "content", "course" or "ebook" (nullopt for another kind), its card with the kind's own fields; `st` is
// the person's own progress.
std::optional<boost::json::object> item_detail(db::Connection& c, const std::string& kind,
                                               const std::string& id, const resources::StaffGate& gate,
                                               const UserState& st);
std::optional<boost::json::object> article_detail(db::Connection& c, const std::string& id,
                                                  const resources::StaffGate& gate,
                                                  const std::string& user_id);

}  // namespace shopfloor::learning
