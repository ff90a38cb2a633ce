// The back office of stories: the kit resources `stories` (moderation: publish, reject, feature) and
// `story-comments` (editors delete comments).
#pragma once

#include "http/area.hpp"

namespace shopfloor::stories {

void register_admin_routes(http::Services& app);

}  // namespace shopfloor::stories
