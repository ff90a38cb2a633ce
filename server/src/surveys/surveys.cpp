#include "surveys/surveys.hpp"

#include "resources/resource.hpp"
#include "surveys/declarations.hpp"
#include "surveys/staff.hpp"

namespace shopfloor::surveys {

void register_routes(http::Services& app) {
  resources::registry().add(surveys_resource());
  resources::registry().add(sections_resource());
  resources::registry().add(questions_resource());
  register_staff_routes(app);
  register_admin_routes(app);
}

}  // namespace shopfloor::surveys
