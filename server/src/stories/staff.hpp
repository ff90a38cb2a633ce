// The staff side of stories: the feed, my stories, posting and editing, likes, comments and reports.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "http/area.hpp"

namespace shopfloor::stories {

void register_staff_routes(http::Services& app);

// The staff routes' work for the person at `now` (the demo seed posts, likes and comments through them too).
// POST /api/stories: a pending story of their own uploaded photos, their store unless another: {story}.
boost::json::object submit_story(db::Connection& c, const std::string& uid, const std::string& text,
                                 const std::vector<std::string>& photos,
                                 const std::optional<std::string>& store_id, std::int64_t now);
// PUT / DELETE /api/stories/:id/like: {liked, likes}.
boost::json::object like_story(db::Connection& c, const std::string& uid, const std::string& id, bool like,
                               std::int64_t now);
// POST /api/stories/:id/comments (after the route's checks and rate limit): {comment}.
boost::json::object comment_story(db::Connection& c, const std::string& uid, const std::string& id,
                                  const std::string& text, bool moderator, std::int64_t now);

}  // namespace shopfloor::stories
