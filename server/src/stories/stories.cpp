#include "stories/stories.hpp"

#include "stories/admin.hpp"
#include "stories/staff.hpp"

namespace shopfloor::stories {

void register_routes(http::Services& app) {
  register_admin_routes(app);
  register_staff_routes(app);
}

}  // namespace shopfloor::stories
