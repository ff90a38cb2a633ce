// Kit resources of the form builder: forms and their ordered questions.
#pragma once

#include "resources/resource.hpp"

namespace shopfloor::forms {

resources::Resource forms_resource();
resources::Resource questions_resource();

}  // namespace shopfloor::forms
