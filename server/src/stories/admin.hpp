// The back office of stories: the kit resources `stories` (moderation: publish, reject, feature) and
// `story-comments` (editors delete comments).
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <string>

#include "http/area.hpp"

namespace shopfloor::stories {

void register_admin_routes(http::Services& app);

// The moderation actions' work at `now` (the kit's actions call them, and audit; so does the demo seed).
// Publish: pending or rejected → published, the author's points once, a notice; {points}. 409 otherwise.
boost::json::object publish_story(db::Connection& c, const std::string& id, const std::string& actor,
                                  std::int64_t now);
// Reject with the reason the author sees; {note}.
boost::json::object reject_story(db::Connection& c, const std::string& id, const std::string& reason,
                                 std::int64_t now);
void feature_story(db::Connection& c, const std::string& id, bool on, std::int64_t now);

}  // namespace shopfloor::stories
