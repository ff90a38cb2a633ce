// The home slides declaration (slides.cpp): `home-slides`, table home_slides.
#pragma once

#include "resources/resource.hpp"

namespace shopfloor::home {

resources::Resource slides_resource();

// The staff Home shows at most this many slides, in order.
inline constexpr std::size_t max_slides = 10;

}  // namespace shopfloor::home
