// The ads declaration (declaration.cpp): `ads`, table ads.
#pragma once

#include "resources/resource.hpp"

namespace shopfloor::ads {

resources::Resource ads_resource();

// Home shows at most this many banners, highest priority first.
inline constexpr std::size_t max_banners = 5;

}  // namespace shopfloor::ads
