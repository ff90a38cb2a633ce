// Awarding badges: from a rule when something happens (in that transaction), by hand, or by the backfill.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "badges/rules.hpp"
#include "db/database.hpp"
#include "resources/triggers.hpp"

namespace shopfloor::badges {

std::optional<BadgeRow> badge_row(db::Connection& c, const std::string& badge_id);

// Gives the badge unless the person has (or had, and it was revoked) it: true when this call gave it.
// Safe under concurrency (UNIQUE (badge_id, user_id), INSERT ... ON CONFLICT DO NOTHING).
bool award(db::Connection& c, const BadgeRow& badge, const std::string& user_id, const std::string& by = "",
           const std::string& reason = "");

// Tells the person (notification centre, once per badge) and fires "badge.earned" for other listeners.
void notify_earned(db::Connection& c, const std::string& badge_id, const std::string& name,
                   const std::string& user_id);

// Checks every published badge whose rule listens to the happening's kind (listener of resources/triggers).
void on_happening(db::Connection& c, const triggers::Happening& h);

}  // namespace shopfloor::badges
