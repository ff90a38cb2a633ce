// Pieces shared by the learning route files (not part of the area's public interface).
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "learning/catalogue.hpp"
#include "util/ids.hpp"

namespace shopfloor::http {
class Services;
}

namespace shopfloor::learning {

void register_staff_routes(http::Services& app);
void register_article_routes(http::Services& app);
void register_admin_routes(http::Services& app);

// Takes the user's row lock on PostgreSQL so one person's progress writes run one at a time (a course's
// last two lessons completed at once both see each other). SQLite writers are serialised already.
void lock_user(db::Connection& c, const std::string& user_id);

// POST /api/contents/:id/progress for the person at `now` (the demo history calls it too): the position and
// percent reached; completes the content (points, courses) when the kind's rule is met. nullopt: 404.
std::optional<boost::json::object> record_content_progress(db::Connection& c, const std::string& uid,
                                                           const std::string& id,
                                                           std::optional<double> position,
                                                           std::int64_t percent, std::int64_t now);

// POST /api/ebooks/:id/progress: the page reached of `pages`; completes the ebook at the last page.
std::optional<boost::json::object> record_ebook_progress(db::Connection& c, const std::string& uid,
                                                         const std::string& id, std::int64_t page,
                                                         std::int64_t pages, std::int64_t now);

// Published articles in the viewer's audience, pinned first, newest first.
boost::json::array article_cards(db::Connection& c, const Viewer& viewer, std::int64_t now,
                                 std::int64_t offset, std::int64_t limit, std::int64_t* total);

// Staff detail shapes; viewer nullptr and published_only false for the admin preview.
std::optional<boost::json::object> content_detail(db::Connection& c, const std::string& id,
                                                  const Viewer* viewer, const UserState& st, std::int64_t now,
                                                  bool published_only);
std::optional<boost::json::object> course_detail(db::Connection& c, const std::string& id,
                                                 const Viewer* viewer, const UserState& st, std::int64_t now,
                                                 bool published_only);
std::optional<boost::json::object> ebook_detail(db::Connection& c, const std::string& id,
                                                const Viewer* viewer, const UserState& st, std::int64_t now,
                                                bool published_only);
std::optional<boost::json::object> article_detail(db::Connection& c, const std::string& id,
                                                  const Viewer* viewer, const std::string& user_id,
                                                  std::int64_t now, bool published_only);

}  // namespace shopfloor::learning
