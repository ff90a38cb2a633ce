// Staff side of forms: the open forms, one form with its questions, submitting (one or many per person).
#pragma once

#include "http/area.hpp"

namespace shopfloor::forms {

void register_staff_routes(http::Services& app);

}  // namespace shopfloor::forms
