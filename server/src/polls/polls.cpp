#include "polls/polls.hpp"

#include "polls/routes.hpp"

namespace shopfloor::polls {

void register_routes(http::Services& app) {
  resources::registry().add(polls_resource());
  resources::registry().add(options_resource());
  register_staff_routes(app);
  register_admin_routes(app);
}

}  // namespace shopfloor::polls
