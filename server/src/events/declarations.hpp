#pragma once

#include "events/kinds.hpp"
#include "resources/resource.hpp"

namespace shopfloor::events {

resources::Resource events_resource();
resources::Resource social_resource();

}  // namespace shopfloor::events
