// Field builders for items published to staff: the draft/published/archived status and the publish window.
// Shared by the learning declarations and examinations so the options and flags stay the same everywhere.
#pragma once

#include <vector>

#include "resources/resource.hpp"

namespace shopfloor::resources {

// "status": draft, published or archived; required, filterable, sortable; "draft" by default.
Field publish_status_field();

// "startAt" and "endAt" (start_at, end_at): sortable datetimes, labelled as the area shows them.
std::vector<Field> publish_window_fields(Label start, Label end);

}  // namespace shopfloor::resources
