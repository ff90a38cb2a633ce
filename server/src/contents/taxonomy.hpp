// The trees editors maintain for contents: audience groups/subgroups and categories/sub-categories.
#pragma once

namespace shopfloor {
struct App;
}

namespace shopfloor::contents {

// Declares the groups, subgroups, categories and subcategories resources.
void register_taxonomy(App& app);

}  // namespace shopfloor::contents
