// Success stories (SPEC §5; issue 15): staff post a story (text, 1-6 of their own photos, a store), editors
// moderate it (pending → published, or rejected with a reason the author sees), feature it and see it again
// when someone reports it; likes (once per person), plain-text comments (rate-limited) and points to the
// author once when published.
#pragma once

#include <string>

#include "http/area.hpp"
#include "util/demo.hpp"

namespace shopfloor::stories {

void register_routes(http::Services& app);

// `seed --demo`: lively stories across the demo stores with photos, likes and comments; one featured, one
// pending.
void seed_demo(db::Connection& c, const std::string& data_dir);
// One day of the company's history: a story posted now and then, the editor's morning moderation, likes and
// comments on the week's stories.
void seed_history_day(db::Connection& c, const demo::Day& d);

}  // namespace shopfloor::stories
