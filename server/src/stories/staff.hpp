// The staff side of stories: the feed, my stories, posting and editing, likes, comments and reports.
#pragma once

#include "http/area.hpp"

namespace shopfloor::stories {

void register_staff_routes(http::Services& app);

}  // namespace shopfloor::stories
