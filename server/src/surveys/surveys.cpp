#include "surveys/surveys.hpp"

#include "resources/resource.hpp"
#include "resources/search.hpp"
#include "surveys/declarations.hpp"
#include "surveys/staff.hpp"

namespace shopfloor::surveys {

void register_routes(http::Services& app) {
  resources::registry().add(surveys_resource());
  resources::registry().add(sections_resource());
  resources::registry().add(questions_resource());
  // Staff search opens what the survey page opens (surveys/staff.cpp: the gate, nothing more).
  resources::add_staff_kind({"survey", "surveys", "/club/surveys/{id}", resources::gated("surveys")});
  register_staff_routes(app);
  register_admin_routes(app);
}

}  // namespace shopfloor::surveys
