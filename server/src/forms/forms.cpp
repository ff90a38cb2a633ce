#include "forms/forms.hpp"

#include "forms/admin.hpp"
#include "forms/declarations.hpp"
#include "forms/files.hpp"
#include "forms/staff.hpp"
#include "http/services.hpp"
#include "resources/resource.hpp"

namespace shopfloor::forms {

void register_routes(http::Services& app) {
  resources::registry().add(forms_resource());
  resources::registry().add(questions_resource());
  register_staff_routes(app);
  register_file_routes(app);
  register_admin_routes(app);
}

}  // namespace shopfloor::forms
