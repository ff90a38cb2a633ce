// The back office's survey areas on the kit: surveys, their ordered sections, and the sections' ordered
// questions (kinds from the engine).
#pragma once

#include "resources/resource.hpp"

namespace shopfloor::surveys {

resources::Resource surveys_resource();
resources::Resource sections_resource();
resources::Resource questions_resource();

}  // namespace shopfloor::surveys
