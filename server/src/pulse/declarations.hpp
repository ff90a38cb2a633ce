// Kit declarations of pulse surveys: `pulses`, their `pulse-questions` (kinds of the survey engine) and the
// "you said, we did" `pulse-updates`.
#pragma once

#include "resources/resource.hpp"

namespace shopfloor::pulse {

resources::Resource pulses_resource();
resources::Resource questions_resource();
resources::Resource updates_resource();

}  // namespace shopfloor::pulse
