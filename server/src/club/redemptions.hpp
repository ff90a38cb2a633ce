// Redemptions: one person's spend of points on one reward. What the staff and back-office routes share:
// reading them as JSON (with the status timeline) and moving them between statuses.
//   pending → approved → fulfilled;  pending|approved → rejected (admin, reason);  pending → cancelled
//   (owner)
// A rejection or cancellation returns the stock and refunds the points once (ledger key "refund:<id>").
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace shopfloor::club {

// SELECT list + FROM for a redemption with its reward, picture, store and person (redemption_json reads it).
extern const std::string redemption_select;

// The rows of `redemption_select + where` as JSON, each with its events (oldest first).
boost::json::array redemptions_json(db::Connection& c, const std::string& where,
                                    const std::vector<db::Value>& params, bool with_user);

// One redemption (nullopt when there is none, or when owner_id is given and it is someone else's).
std::optional<boost::json::object> redemption_by_id(db::Connection& c, const std::string& id,
                                                    const std::string& owner_id, bool with_user);

enum class Transition { approve, fulfil, reject, cancel };
std::optional<Transition> transition_named(std::string_view name);

// Moves the redemption inside the caller's transaction. owner_id non-empty = only the owner's (cancel).
// 404 when absent (or not the owner's); 409 NOT_OPEN when the status does not allow it (a second click).
boost::json::object apply_transition(db::Connection& c, const std::string& id, Transition t,
                                     const std::string& actor_id, const std::string& reason,
                                     const std::string& owner_id = "");

// A status the redemption took (redemption_events), and the owner's notice of it, in the caller's
// transaction.
void record_event(db::Connection& c, const std::string& redemption_id, const std::string& user_id,
                  const std::string& status, const std::string& reason, const std::string& actor_id);

}  // namespace shopfloor::club
