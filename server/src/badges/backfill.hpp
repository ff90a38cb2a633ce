// Publishing a rule badge gives it to everyone who already qualifies: a bounded background job (chunks of
// 200 people, each chunk one transaction) whose progress is on the badge row (backfill_state/done/total),
// shown in the admin. The rule's own trigger keeps awarding from then on, so the two never race for a
// person: award() is once per person either way.
#pragma once

#include <string>

#include "db/database.hpp"

namespace shopfloor::badges {

void start_backfill(db::Database& db, const std::string& badge_id);

}  // namespace shopfloor::badges
