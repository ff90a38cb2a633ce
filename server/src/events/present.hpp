// How staff see an event or activity: one SELECT shared by the list, the detail and the engine's answers,
// and its JSON (place, places left, my registration with its waitlist position and ticket code).
#pragma once

#include <boost/json.hpp>
#include <optional>
#include <string>

#include "db/database.hpp"
#include "events/kinds.hpp"
#include "resources/staff_gate.hpp"

namespace shopfloor::events {

// The items of the kind the viewer may see now, with the columns: 0 id, 1 title, 2 description, 3 starts_at,
// 4 ends_at, 5 place_kind, 6 address, 7 online_link, 8 capacity, 9 registration_opens_at,
// 10 registration_closes_at, 11 points, 12 store id, 13 store name, 14..20 cover media, 21 activity_kind,
// 22 hours, 23 photos_json. The table is `e`.
resources::StaffQuery visible_items(const resources::StaffGate& gate, const Kind& k);
enum Col {
  c_id,
  c_title,
  c_description,
  c_starts,
  c_ends,
  c_place,
  c_address,
  c_online,
  c_capacity,
  c_opens,
  c_closes,
  c_points,
  c_store_id,
  c_store_name,
  c_cover,
  c_activity = c_cover + 7,
  c_hours,
  c_photos
};

// The item when the viewer may see it now (published, shown, audience), else nullopt (→ 404).
std::optional<db::Row> visible_item(db::Connection& c, const Kind& k, const resources::StaffGate& gate,
                                    const std::string& id);

// Registration is open at `now`: after it opens (or always), before it closes and before the event starts.
bool registration_open(const db::Row& item, std::int64_t now);

std::int64_t going_count(db::Connection& c, const Kind& k, const std::string& id);

boost::json::object item_json(db::Connection& c, const Kind& k, const db::Row& item, const std::string& uid,
                              std::int64_t now);

}  // namespace shopfloor::events
