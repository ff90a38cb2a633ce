// Keeps the rollups current from the areas' happenings (resources/triggers.hpp), in their transactions.
#include "reports/reports.hpp"
#include "resources/triggers.hpp"
#include "rollups/rollups.hpp"
#include "util/ids.hpp"

namespace shopfloor::reports {

void listen_for_rollups() {
  // Once per process: the demo seed registers them before serving does (twice would count everything twice).
  static bool listening = false;
  if (listening) return;
  listening = true;
  // Each happening counted under its own kind, keyed by its subject (the course, the reward...), summing its
  // value (the points).
  for (triggers::Kind kind : {triggers::course_completed, triggers::exam_passed, triggers::points_earned,
                              triggers::reward_redeemed, triggers::badge_earned, triggers::sticker_earned,
                              triggers::story_published, triggers::event_attended, triggers::campaign_won})
    triggers::listen(kind, [kind](db::Connection& c, const triggers::Happening& h) {
      rollups::count(c, kind.name, h.user_id, h.subject_id, 1, h.value);
    });

  // --- learning, club and voice reports (learning.cpp, club.cpp, voice.cpp; metrics in docs/API.md) ---
  // Graded exam attempts (total: the score in percent) and each question's answer (key
  // "<question>:<choices>", total 1 when right).
  triggers::listen(triggers::exam_finished, [](db::Connection& c, const triggers::Happening& h) {
    rollups::count(c, "exam.finished", h.user_id, h.subject_id, 1, h.value);
  });
  // Many keys per exam (question x answer), so counted per store but not per position (its levels give the
  // region and company-wide sums).
  triggers::listen(triggers::exam_answered, [](db::Connection& c, const triggers::Happening& h) {
    auto at = rollups::where_of(c, h.user_id);
    at.position.clear();
    rollups::add(c, "exam.answer", rollups::day_of(now_ms()), at, h.subject_id, 1, h.value);
  });
  // Points by the ledger's source type: issued (earned entries), spent (negative ones: redemptions, manual
  // deductions) and refunded (a rejected or cancelled redemption's points back).
  triggers::listen(triggers::points_entry, [](db::Connection& c, const triggers::Happening& h) {
    if (h.subject_id == "refund")
      rollups::count(c, "points.refunded", h.user_id, "", 1, h.value);
    else if (h.value > 0)
      rollups::count(c, "points.issued", h.user_id, h.subject_id, 1, h.value);
    else if (h.value < 0)
      rollups::count(c, "points.spent", h.user_id, h.subject_id, 1, -h.value);
  });
  // Redemptions by reward (the happening's subject is the redemption) and every status they reach.
  triggers::listen(triggers::reward_redeemed, [](db::Connection& c, const triggers::Happening& h) {
    auto r = c.query("SELECT reward_id FROM redemptions WHERE id = $1", h.subject_id).first();
    if (!r) return;
    rollups::count(c, "redemption.item", h.user_id, r->str(0), 1, h.value);
    rollups::count(c, "redemption.status", h.user_id, "pending", 1, h.value);
  });
  triggers::listen(triggers::redemption_moved, [](db::Connection& c, const triggers::Happening& h) {
    rollups::count(c, "redemption.status", h.user_id, h.subject_id, 1, h.value);
  });
  triggers::listen(triggers::coupon_claimed, [](db::Connection& c, const triggers::Happening& h) {
    rollups::count(c, "coupon.claimed", h.user_id, h.subject_id, 1);
  });
  // A changed pick counts -1 on the option left.
  triggers::listen(triggers::gift_picked, [](db::Connection& c, const triggers::Happening& h) {
    rollups::count(c, "gift.picked", h.user_id, h.subject_id, h.value);
  });
  // Satisfaction stars by item type; a changed rating takes the old one back out (n -1, total -stars).
  triggers::listen(triggers::satisfaction_rated, [](db::Connection& c, const triggers::Happening& h) {
    rollups::count(c, "satisfaction.rating", h.user_id, h.subject_id, 1, h.value);
  });
  triggers::listen(triggers::satisfaction_unrated, [](db::Connection& c, const triggers::Happening& h) {
    rollups::count(c, "satisfaction.rating", h.user_id, h.subject_id, -1, -h.value);
  });
  // --- end learning, club and voice ---
  // engagement: a poll's ballot, a campaign's entry, a finished game play (summing its score), a story
  // submitted for review; keyed by the poll, campaign, game and story.
  for (triggers::Kind kind :
       {triggers::poll_voted, triggers::campaign_entered, triggers::game_played, triggers::story_submitted})
    triggers::listen(kind, [kind](db::Connection& c, const triggers::Happening& h) {
      rollups::count(c, kind.name, h.user_id, h.subject_id, 1, h.value);
    });
}

}  // namespace shopfloor::reports
