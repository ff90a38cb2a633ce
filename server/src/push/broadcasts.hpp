// Broadcasts pushed (issue 30). A broadcast has no notices (its recipients see it in their inbox), and it
// may reach 100,000 people: its delivery rows are written a page at a time (the send's first page, then the
// steps of its audience job, messages/internal.hpp deliver_page), and each page's pushes are queued in the
// same transaction as its rows, so no request writes a push per person and a push never goes to someone
// whose inbox does not have the broadcast yet.
#pragma once

namespace shopfloor::push {

// At start-up: each page of a broadcast's deliveries (messages::on_delivered) queues its recipients' pushes.
void fan_out_broadcasts();

}  // namespace shopfloor::push
