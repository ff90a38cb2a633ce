// Keeps the rollups current from the areas' happenings (resources/triggers.hpp), in their transactions.
#include "reports/reports.hpp"
#include "resources/triggers.hpp"
#include "rollups/cubes.hpp"
#include "rollups/rollups.hpp"

namespace shopfloor::reports {

void listen_for_rollups() {
  // Each happening counted under its own kind, keyed by its subject (the course, the reward...), summing its
  // value (the points).
  for (const char* kind : {"course.completed", "exam.passed", "points.earned", "reward.redeemed", "badge.earned",
                           "sticker.earned", "story.published", "event.attended", "campaign.won"})
    triggers::listen(kind, [kind](db::Connection& c, const triggers::Happening& h) {
      rollups::count(c, kind, h.user_id, h.subject_id, 1, h.value);
    });

  // engagement: a poll's ballot, a campaign's entry, a finished game play (summing its score), a story
  // submitted for review; keyed by the poll, campaign, game and story. The engagement report's kinds are also
  // counted in the coarser cubes (rollups/cubes.hpp) it reads without a store filter.
  for (const char* kind : {"poll.voted", "campaign.entered", "game.played", "story.submitted"})
    triggers::listen(kind, [kind](db::Connection& c, const triggers::Happening& h) {
      rollups::count(c, kind, h.user_id, h.subject_id, 1, h.value);
    });
  for (const char* kind : {"event.attended", "poll.voted", "campaign.entered", "campaign.won", "game.played",
                           "story.submitted", "story.published"})
    triggers::listen(kind, [kind](db::Connection& c, const triggers::Happening& h) {
      rollups::count_cubes(c, kind, h.user_id, h.subject_id, 1, h.value);
    });
}

}  // namespace shopfloor::reports
