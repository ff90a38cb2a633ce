// Notices that are also pushed (issue 30): the notification centre calls this push area's delivery for
// every new notice (notifications::set_delivery), and the kinds worth a phone's buzz become a push to the
// person's devices in the same transaction, under the preference of their kind, with the notice's id.
#pragma once

#include <optional>

#include "notifications/notifications.hpp"
#include "push/queue.hpp"

namespace shopfloor::push {

// The push a notice makes, or none: badge_earned (badges), redemption_status approved / fulfilled /
// rejected (rewards), course_assigned, course_due,
// course_due_tomorrow, certificate_expiring and drill_streak (courses), message
// (messages), event_promoted, event_reminder and live_quiz_started (events). Others (the person's own doings,
// points, stickers, stories) stay in the bell only.
std::optional<Push> push_of(const notifications::Notice& n);

// At start-up: every new notice that push_of() turns into a push queues it.
void deliver_notices();

}  // namespace shopfloor::push
