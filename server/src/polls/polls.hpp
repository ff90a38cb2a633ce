// Polls (SPEC §5 Votes; issue 13): a question with text or image options, single or multiple choice (at most
// N), a window and an audience; one ballot per person (race-free: UNIQUE (poll, user)); results as counts and
// percentages, shown after voting, after closing, or to admins only.
#pragma once

#include "http/area.hpp"

namespace shopfloor::polls {

void register_routes(http::Services& app);

// `seed --demo`: an open poll with image options and a text poll.
void seed_demo(db::Connection& c, const std::string& data_dir);

}  // namespace shopfloor::polls
