// What a person wants pushed (issue 30): each kind of push on or off, and quiet hours in Asia/Bangkok
// during which pushes are held and sent when the hours end (docs/API.md "Web Push"). Stored in
// push_settings; a person without a row has every kind on and no quiet hours.
#pragma once

#include <array>
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "db/database.hpp"

namespace shopfloor::push {

// The kinds a person can turn off, as the API names them (push/deliveries.cpp maps notices to them).
inline constexpr std::array<std::string_view, 5> kinds = {"courses", "rewards", "messages", "events",
                                                          "badges"};

struct QuietHours {
  int from = 0, to = 0;  // minutes after midnight, Bangkok; from > to crosses midnight; never equal
};

struct Preferences {
  std::set<std::string> muted;  // kinds turned off
  std::optional<QuietHours> quiet;

  bool wants(std::string_view kind) const { return kind.empty() || !muted.count(std::string(kind)); }
};

// push_settings.muted and the quiet columns as read (NULL quiet columns = none).
Preferences preferences_of(const std::string& muted, std::optional<std::int64_t> quiet_from,
                           std::optional<std::int64_t> quiet_to);
Preferences load_preferences(db::Connection& c, const std::string& user_id);

// When a push queued at `now` may go: `now`, or the end of the quiet hours `now` falls in.
std::int64_t release_at(const Preferences& p, std::int64_t now);

// {kinds: {courses: true, ...}, quietHours: {from: "22:00", to: "07:00"} | null}
boost::json::object preferences_json(const Preferences& p);

// Applies PATCH /api/push/settings to `p`; throws ApiError 422 naming the fields that are wrong.
void apply_patch(Preferences& p, const boost::json::object& body);

// Stores them, and moves the person's pushes held for quiet hours to the new release time (inside a
// transaction).
void save_preferences(db::Connection& c, const std::string& user_id, const Preferences& p, std::int64_t now);

}  // namespace shopfloor::push
