// Messages (SPEC §5 Messages; issue 15): broadcasts from the back office to an audience (rich text, optional
// image), stored as one delivery row per recipient with read state; one-to-one threads between a staff member
// and the back office; unread counts; everything pushed live to the people's sockets on every node.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "http/area.hpp"

namespace shopfloor::messages {

void register_routes(http::Services& app);

// A page of a broadcast's recipients just got their delivery rows (the send's first page, then each step of
// its audience job), in that transaction: the push area queues the page's pushes here (push/broadcasts.hpp).
struct DeliveredPage {
  const std::string& broadcast_id;
  const std::string& title;
  const std::vector<std::string>& users;
  std::int64_t now;
};
using DeliveredListener = std::function<void(db::Connection&, const DeliveredPage&)>;
// At start-up, before requests are served.
void on_delivered(DeliveredListener listener);

// `seed --demo`: Thai broadcasts (one with a picture), some read, and two threads with replies.
void seed_demo(db::Connection& c, const std::string& data_dir);

}  // namespace shopfloor::messages
