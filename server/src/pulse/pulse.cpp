#include "pulse/pulse.hpp"

#include "pulse/declarations.hpp"
#include "pulse/staff.hpp"
#include "resources/resource.hpp"

namespace shopfloor::pulse {

void register_routes(http::Services& app) {
  resources::registry().add(pulses_resource());
  resources::registry().add(questions_resource());
  resources::registry().add(updates_resource());
  register_staff_routes(app);
  register_admin_routes(app);
}

}  // namespace shopfloor::pulse
