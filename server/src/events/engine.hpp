// The sign-up engine both areas share. Every move is one transaction that locks the item's row (an UPDATE of
// its counter, or SELECT ... FOR UPDATE on PostgreSQL; SQLite's write transaction already serialises writers)
// before it counts places, so places, the waitlist order and promotions cannot race; the checks that need no
// lock come first, to keep the line at a popular event short:
//   rsvp:     gate (audience, published → 404; registration window, not started → 409 NOT_OPEN), one row per
//             (item, person) (409 ALREADY_REGISTERED while going or waitlisted), going while going <
//             capacity (0/null = unlimited), else waitlisted; `seq` from the item's counter = arrival order.
//             The person is told which (event_going / event_waitlisted notification).
//   cancel:   going/waitlisted → cancelled (409 NOT_REGISTERED otherwise; NOT_OPEN once it started; told by
//             event_cancelled), then the earliest waitlisted are promoted while places are free, each told
//             by a notification (event_promoted).
//   check_in: by the ticket's code (404 UNKNOWN_TICKET), only a going person (409 NOT_GOING), once (409
//             ALREADY_CHECKED_IN naming them); points once through the ledger (`event:<id>:<user>`), the
//             activity's hours credited, `event.attended` fired.
#pragma once

#include <boost/json.hpp>
#include <string>

#include "db/database.hpp"
#include "events/kinds.hpp"
#include "resources/staff_gate.hpp"

namespace shopfloor::events {

// The caller answers the item as the person sees it after the commit (present.hpp).
void rsvp(db::Connection& c, const Kind& k, const resources::StaffGate& gate, const std::string& id);
void cancel(db::Connection& c, const Kind& k, const resources::StaffGate& gate, const std::string& id);

// Answers the attendee (attendee_json) and the points awarded.
boost::json::object check_in(db::Connection& c, const Kind& k, const std::string& id, const std::string& code,
                             const std::string& actor);

// A new ticket code: 12 characters of 0-9A-F, random (unique by the column's constraint), easy to read out.
std::string ticket_code();

// Locks the item row; false when there is no such item.
bool lock_item(db::Connection& c, const Kind& k, const std::string& id);

// Promotes the earliest waitlisted while places are free (after a cancel); returns how many.
int promote(db::Connection& c, const Kind& k, const std::string& id);

// An attendee row for the admin screens. Columns of attendee_select(): r.id, u.id, u.name, u.employee_code,
// st.name, r.status, r.seq, r.code, r.checked_in_at, r.hours, r.created_at
std::string attendee_select(const Kind& k);
boost::json::object attendee_json(const db::Row& r);

}  // namespace shopfloor::events
