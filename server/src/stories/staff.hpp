// The staff side of stories: the feed, my stories, posting and editing, likes, comments and reports.
#pragma once

namespace shopfloor::http {
class Services;
}

namespace shopfloor::stories {

void register_staff_routes(http::Services& app);

}  // namespace shopfloor::stories
