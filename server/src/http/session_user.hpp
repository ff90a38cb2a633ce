// The signed-in user as the request sees it (loaded from the session cookie by auth/sessions).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "util/role.hpp"

namespace shopfloor::http {

struct SessionUser {
  std::string id;
  std::string employee_code;
  std::string name;
  std::optional<std::string> nickname;
  std::optional<std::string> email;
  std::optional<std::string> image;
  Role role = Role::staff;
  std::string locale = "th";
  std::string session_token_hash;  // which session row this request is riding on
  std::int64_t session_expires_at = 0;
  // The person's audience columns (users.store_id, the store's region_id, position, groups_json), read in
  // the session's statement so that a staff read needs none for its viewer (resources/audience.hpp
  // resolves them). They go stale with the session and are dropped with it: SessionRegistry::user_changed
  // on an edit of the person, audience_changed on an edit of stores or content groups. Absent when the
  // user did not come from a session read.
  struct AudienceColumns {
    std::string store_id, region_id, position;
    std::optional<std::string> groups_json;
  };
  std::optional<AudienceColumns> audience;

  bool at_least(Role r) const { return static_cast<int>(role) >= static_cast<int>(r); }
  // Names, employee codes and stores of other staff (the live presence list): the users area is the
  // admins' (SPEC §1); editors get counts only. The one rule for the HTTP and the realtime paths.
  bool can_see_staff_details() const { return at_least(Role::admin); }
  // What the app shows as the person's name: nickname when set.
  const std::string& display_name() const { return nickname && !nickname->empty() ? *nickname : name; }
};

}  // namespace shopfloor::http

// Sign-in (auth/) makes the session user; everything above http reads it by its old name too.
namespace shopfloor::auth {
using http::SessionUser;
using shopfloor::parse_role;
using shopfloor::Role;
using shopfloor::role_name;
}  // namespace shopfloor::auth
