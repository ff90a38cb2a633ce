// Things that happen to a person inside a transaction (a course completed, an exam passed, points earned, a
// reward redeemed), for areas that react to them in that same transaction without the area where it
// happened knowing them: badges, stickers, satisfaction prompts and the reports' rollups listen here;
// learning, exams, points, the club and the others fire. The kinds are one list (below), so a listener
// never waits for a misspelt kind: a new area adds its kinds there.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "db/database.hpp"

// clang-format off
#define SHOPFLOOR_TRIGGER_KINDS(X) \
  X(badge_earned, "badge.earned") \
  X(broadcast_sent, "broadcast.sent") \
  X(campaign_entered, "campaign.entered") \
  X(campaign_won, "campaign.won") \
  X(coupon_claimed, "coupon.claimed") \
  X(course_completed, "course.completed") \
  X(event_attended, "event.attended") \
  X(exam_answered, "exam.answered") \
  X(exam_finished, "exam.finished") \
  X(exam_passed, "exam.passed") \
  X(game_played, "game.played") \
  X(gift_picked, "gift.picked") \
  X(learning_completed, "learning.completed") \
  X(points_earned, "points.earned") \
  X(points_entry, "points.entry") \
  X(poll_voted, "poll.voted") \
  X(redemption_moved, "redemption.moved") \
  X(reward_redeemed, "reward.redeemed") \
  X(satisfaction_rated, "satisfaction.rated") \
  X(satisfaction_unrated, "satisfaction.unrated") \
  X(sticker_earned, "sticker.earned") \
  X(story_published, "story.published") \
  X(story_submitted, "story.submitted")
// clang-format on

namespace shopfloor::triggers {

struct Kind {
  std::string_view name;  // "course.completed"
  friend bool operator==(Kind a, Kind b) { return a.name == b.name; }
};

#define SHOPFLOOR_DEFINE_TRIGGER_KIND(id, name) inline constexpr Kind id{name};
SHOPFLOOR_TRIGGER_KINDS(SHOPFLOOR_DEFINE_TRIGGER_KIND)
#undef SHOPFLOOR_DEFINE_TRIGGER_KIND

// Every kind, in declaration order.
std::span<const Kind> all_kinds();

struct Happening {
  Kind kind;
  std::string user_id;     // whose it is
  std::string subject_id;  // the course, exam, reward... ("" when none)
  std::int64_t value = 0;  // e.g. the points earned
};

using Listener = std::function<void(db::Connection&, const Happening&)>;

// At start-up, before requests are served (listeners are not guarded for registration while firing).
void listen(Kind kind, Listener listener);

// Runs every listener of the kind, in registration order, inside the caller's transaction: what they write
// commits or rolls back with the happening itself.
void fire(db::Connection& c, const Happening& h);

}  // namespace shopfloor::triggers
