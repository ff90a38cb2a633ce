// The two areas that share the sign-up engine: what differs between them is only names (tables, routes,
// the points source) and whether hours are credited.
#pragma once

#include <string>

namespace shopfloor::events {

struct Kind {
  std::string resource;    // the kit's resource and the admin API segment: "events" | "socialclub"
  std::string table;       // events | social_activities
  std::string regs;        // event_registrations | social_registrations
  std::string staff_path;  // /api/events | /api/socialclub
  std::string web_path;    // the staff web's detail path prefix (notification links)
  bool social = false;     // activity kind, hours credited, photos
};

inline const Kind& event_kind() {
  static const Kind k{"events", "events", "event_registrations", "/api/events", "/club/events", false};
  return k;
}
inline const Kind& social_kind() {
  static const Kind k{"socialclub",      "social_activities", "social_registrations",
                      "/api/socialclub", "/club/social",      true};
  return k;
}

}  // namespace shopfloor::events
