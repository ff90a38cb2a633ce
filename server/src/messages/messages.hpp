// Messages (SPEC §5 Messages; issue 15): broadcasts from the back office to an audience (rich text, optional
// image), stored as one delivery row per recipient with read state; one-to-one threads between a staff member
// and the back office; unread counts; everything pushed live to the people's sockets on every node.
#pragma once

#include "http/area.hpp"

namespace shopfloor::messages {

void register_routes(http::Services& app);

// `seed --demo`: Thai broadcasts (one with a picture), some read, and two threads with replies.
void seed_demo(db::Connection& c, const std::string& data_dir);

}  // namespace shopfloor::messages
