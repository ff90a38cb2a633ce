// Broadcasts pushed (issue 30). A broadcast has no notices (its recipients see it in their inbox), and it
// may reach 100,000 people: sending it only writes one push_fanouts row in the sending transaction; the push
// senders then queue its pushes a few hundred recipients at a time (expand_fanouts), so no request writes
// a push per person and the outbox fills at the pace it drains.
#pragma once

#include <cstdint>

#include "http/services.hpp"

namespace shopfloor::push {

// At start-up: a sent broadcast (triggers::broadcast_sent) gets its push_fanouts row.
void fan_out_broadcasts();

// Queues the next `batch` recipients (PUSH_FANOUT_BATCH) of one broadcast's pushes, in its own transaction;
// false when no broadcast was waiting (or another node holds the ones that are).
bool expand_fanouts(http::Services& app, int batch, std::int64_t now);

}  // namespace shopfloor::push
