// Pieces shared by the learning route files (not part of the area's public interface).
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <optional>
#include <string>

#include "http/area.hpp"
#include "learning/catalogue.hpp"
#include "reactions/reactions.hpp"
#include "util/ids.hpp"

namespace shopfloor::learning {

void register_staff_routes(http::Services& app);
void register_article_routes(http::Services& app);
void register_admin_routes(http::Services& app);

// Takes the user's row lock on PostgreSQL so one person's progress writes run one at a time (a course's
// last two lessons completed at once both see each other). SQLite writers are serialised already.
void lock_user(db::Connection& c, const std::string& user_id);

// Likes and comments of articles (reactions/reactions.hpp); comments are moderated (hidden by editors).
const reactions::Kind& article_reactions();

// Published articles in the viewer's audience, pinned first, newest first.
boost::json::array article_cards(db::Connection& c, const resources::StaffGate& gate, std::int64_t offset,
                                 std::int64_t limit, std::int64_t* total);

// Staff detail shapes of an item the gate lets through (StaffGate::preview for the back office's preview);
// `st` is the person's own progress.
std::optional<boost::json::object> content_detail(db::Connection& c, const std::string& id,
                                                  const resources::StaffGate& gate, const UserState& st);
std::optional<boost::json::object> course_detail(db::Connection& c, const std::string& id,
                                                 const resources::StaffGate& gate, const UserState& st);
std::optional<boost::json::object> ebook_detail(db::Connection& c, const std::string& id,
                                                const resources::StaffGate& gate, const UserState& st);
std::optional<boost::json::object> article_detail(db::Connection& c, const std::string& id,
                                                  const resources::StaffGate& gate, const std::string& user_id);

}  // namespace shopfloor::learning
