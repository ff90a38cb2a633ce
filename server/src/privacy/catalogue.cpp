#include "privacy/catalogue.hpp"

namespace shopfloor::privacy {

namespace {

Kind by_user(std::string file, std::string table, std::vector<std::string> omit = {}) {
  return {std::move(file), std::move(table), "user_id = $1", std::move(omit)};
}

}  // namespace

const std::vector<Kind>& personal_kinds() {
  static const std::vector<Kind> kinds = {
      // Who they are and how they sign in.
      {"profile", "users", "id = $1", {"password_hash"}},
      by_user("sign-ins", "sign_ins"),
      by_user("sessions", "sessions", {"token_hash"}),
      by_user("push-subscriptions", "push_subscriptions", {"p256dh", "auth"}),
      by_user("push-settings", "push_settings"),
      by_user("account-codes", "account_codes", {"code_hash"}),
      by_user("registration-claims", "registration_claims", {"password_hash"}),
      by_user("presence", "presence"),
      by_user("privacy-consent", "privacy_consents"),
      // Learning.
      by_user("learning-progress", "learning_progress"),
      by_user("course-enrollments", "course_enrollments"),
      by_user("learning-path-progress", "learning_path_progress"),
      by_user("exam-attempts", "exam_attempts"),
      by_user("drill-states", "drill_states"),
      by_user("drill-days", "drill_days"),
      by_user("drill-answers", "drill_answers"),
      by_user("game-plays", "game_plays"),
      // Points and the club.
      by_user("points-ledger", "points_ledger"),
      by_user("points-balance", "points_balances"),
      by_user("leaderboard-points", "leaderboard_points"),
      by_user("redemptions", "redemptions"),
      by_user("redemption-events", "redemption_events"),
      by_user("gift-picks", "gift_picks"),
      {"coupon-codes", "coupon_codes", "claimed_by = $1", {}},
      by_user("club-addresses", "club_addresses"),
      by_user("badge-awards", "badge_awards"),
      by_user("certificates", "certificates"),
      by_user("sticker-grants", "sticker_grants"),
      by_user("stickers", "user_stickers"),
      by_user("sticker-reactions", "sticker_reactions"),
      // What they wrote, voted and answered.
      by_user("stories", "stories"),
      by_user("story-comments", "story_comments"),
      by_user("story-likes", "story_likes"),
      by_user("story-reports", "story_reports"),
      by_user("article-comments", "article_comments"),
      by_user("article-likes", "article_likes"),
      by_user("contest-entries", "contest_entries"),
      by_user("contest-participants", "contest_participants"),
      by_user("contest-votes", "contest_votes"),
      by_user("poll-ballots", "poll_ballots"),
      // Named surveys only: an anonymous survey's response has no user_id, so it is nobody's here.
      by_user("survey-responses", "survey_responses"),
      {"survey-answers",
       "survey_answers",
       "response_id IN (SELECT id FROM survey_responses WHERE user_id = $1)",
       {}},
      by_user("survey-drafts", "survey_drafts"),
      by_user("survey-participations", "survey_participations"),
      by_user("pulse-claims", "pulse_claims"),
      by_user("pulse-asks", "pulse_asks"),
      by_user("form-claims", "form_claims"),
      by_user("form-submissions", "form_submissions"),
      by_user("form-files", "form_files"),
      by_user("satisfaction-ratings", "satisfaction_ratings"),
      by_user("satisfaction-prompts", "satisfaction_prompts"),
      by_user("event-registrations", "event_registrations"),
      by_user("social-registrations", "social_registrations"),
      by_user("message-threads", "message_threads"),
      {"thread-messages",
       "thread_messages",
       "thread_id IN (SELECT id FROM message_threads WHERE user_id = $1)",
       {}},
      by_user("photo-uploads", "photo_uploads"),
      // What reached them.
      by_user("notifications", "notifications"),
      by_user("broadcast-deliveries", "broadcast_deliveries"),
      by_user("ad-reach", "ad_reach"),
      by_user("ad-shows", "ad_shows"),
      // Telemetry and the activity figures made from it.
      by_user("page-views", "page_views"),
      by_user("activity", "user_activity"),
      by_user("clicks", "user_clicks"),
      by_user("page-time", "user_page_time"),
      by_user("scroll-time", "user_scroll_time"),
      by_user("web-vitals", "web_vitals"),
      by_user("item-events", "item_events"),
      by_user("active-periods", "report_actives"),
  };
  return kinds;
}

const std::vector<NotExported>& not_exported() {
  static const std::vector<NotExported> tables = {
      {"idempotency_keys",
       "The stored answer of a request the app may retry, kept for hours; deleted on erasure."},
      {"presence_connections", "Which server holds a live connection; gone when the connection closes."},
      {"knowledge_people",
       "The person's share of the Knowledge report's sums (questions, recall and overdue per topic), "
       "computed from "
       "their drill memory states (exported as drill-states); recomputed when those change or go."},
      {"knowledge_stale", "A mark that the person's share of the Knowledge report is to be recomputed."},
      {"telemetry_batches",
       "The keys of usage batches the app sent, so a batch resent after a lost answer counts once; kept 7 "
       "days; deleted on erasure."},
  };
  return tables;
}

}  // namespace shopfloor::privacy
