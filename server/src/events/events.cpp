#include "events/events.hpp"

#include "events/declarations.hpp"
#include "events/staff_routes.hpp"
#include "http/services.hpp"
#include "resources/resource.hpp"

namespace shopfloor::events {

void register_routes(http::Services& app) {
  resources::registry().add(events_resource());
  resources::registry().add(social_resource());
  register_staff_routes(app);
  register_admin_routes(app);
}

}  // namespace shopfloor::events
