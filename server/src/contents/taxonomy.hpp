// The trees editors maintain for contents: audience groups/subgroups and categories/sub-categories.
#pragma once

#include "http/area.hpp"

namespace shopfloor::contents {

// Declares the groups, subgroups, categories and subcategories resources.
void register_taxonomy(http::Services& app);

}  // namespace shopfloor::contents
