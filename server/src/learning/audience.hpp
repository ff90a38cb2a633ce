// Learning names the resources kit's audience types unqualified (resources/audience.hpp has the rules).
#pragma once

#include "resources/audience.hpp"

namespace shopfloor::learning {

using resources::Audience;
using resources::audience_field;
using resources::check_audience;
using resources::is_published;
using resources::load_viewer;
using resources::matches;
using resources::parse_audience;
using resources::published_sql;
using resources::Viewer;

}  // namespace shopfloor::learning
