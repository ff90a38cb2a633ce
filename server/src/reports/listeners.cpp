// Keeps the rollups current from the areas' happenings (resources/triggers.hpp), in their transactions.
#include "reports/reports.hpp"
#include "resources/triggers.hpp"
#include "rollups/rollups.hpp"

namespace shopfloor::reports {

void listen_for_rollups() {
  // Each happening counted under its own kind, keyed by its subject (the course, the reward...), summing its
  // value (the points).
  for (const char* kind :
       {"course.completed", "exam.passed", "points.earned", "reward.redeemed", "badge.earned",
        "sticker.earned", "story.published", "event.attended", "campaign.won"})
    triggers::listen(kind, [kind](db::Connection& c, const triggers::Happening& h) {
      rollups::count(c, kind, h.user_id, h.subject_id, 1, h.value);
    });
}

}  // namespace shopfloor::reports
