#include "events/present.hpp"

#include "http/json_time.hpp"
#include "media/media.hpp"
#include "util/ids.hpp"

namespace shopfloor::events {

namespace json = boost::json;

resources::StaffQuery visible_items(const resources::StaffGate& gate, const Kind& k) {
  return gate.from(k.table, "e")
      .select(
          "e.id, e.title, e.description, e.starts_at, e.ends_at, e.place_kind, e.address, e.online_link, "
          "e.capacity, e.registration_opens_at, e.registration_closes_at, e.points, s.id, s.name, m.id, "
          "m.hash, m.ext, m.kind, m.mime, m.width, m.height, " +
          std::string(k.social ? "e.activity_kind, e.hours, e.photos_json" : "NULL, 0, NULL"))
      .join("LEFT JOIN stores s ON s.id = e.store_id LEFT JOIN media m ON m.id = e.cover_media_id");
}

std::optional<db::Row> visible_item(db::Connection& c, const Kind& k, const resources::StaffGate& gate,
                                    const std::string& id) {
  return visible_items(gate, k).by_id(c, id);
}

bool registration_open(const db::Row& item, std::int64_t now) {
  if (!item.is_null(c_opens) && now < item.i64(c_opens)) return false;
  if (!item.is_null(c_closes) && now >= item.i64(c_closes)) return false;
  return now < item.i64(c_starts);
}

std::int64_t going_count(db::Connection& c, const Kind& k, const std::string& id) {
  return c.query("SELECT COUNT(*) FROM " + k.regs + " WHERE item_id = $1 AND status = 'going'", id)
      .first()
      ->i64(0);
}

namespace {

json::value photos_of(db::Connection& c, const db::Row& item) {
  json::array out;
  if (item.is_null(c_photos)) return out;
  json::value ids;
  try {
    ids = json::parse(item.str(c_photos));
  } catch (...) {
    return out;
  }
  if (!ids.is_array()) return out;
  for (const auto& v : ids.as_array()) {
    if (!v.is_string()) continue;
    if (auto m = media::media_summary_of(c, std::string(v.as_string())); !m.is_null()) out.push_back(m);
  }
  return out;
}

}  // namespace

json::object item_json(db::Connection& c, const Kind& k, const db::Row& item, const std::string& uid,
                       std::int64_t now) {
  std::string id = item.str(c_id);
  std::int64_t capacity = item.is_null(c_capacity) ? 0 : item.i64(c_capacity);
  std::int64_t going = going_count(c, k, id);
  std::int64_t waiting =
      c.query("SELECT COUNT(*) FROM " + k.regs + " WHERE item_id = $1 AND status = 'waitlisted'", id)
          .first()
          ->i64(0);
  json::value mine = nullptr;
  if (auto r = c.query("SELECT status, seq, code, checked_in_at FROM " + k.regs +
                           " WHERE item_id = $1 AND user_id = $2 AND status <> 'cancelled'",
                       id, uid)
                   .first()) {
    json::value position = nullptr;
    if (r->str(0) == "waitlisted")
      position = c.query("SELECT COUNT(*) FROM " + k.regs +
                             " WHERE item_id = $1 AND status = 'waitlisted' AND seq <= $2",
                         id, r->i64(1))
                     .first()
                     ->i64(0);
    mine = json::object{{"status", r->str(0)},
                        {"position", position},
                        {"code", r->str(2)},
                        {"checkedInAt", http::iso_or_null(r->opt_i64(3))}};
  }
  std::string state = now >= item.i64(c_ends)     ? "ended"
                      : now >= item.i64(c_starts) ? "started"
                      : registration_open(item, now)
                          ? "open"
                          : (!item.is_null(c_opens) && now < item.i64(c_opens) ? "not_yet" : "closed");
  auto opt_text = [&](int i) { return http::value_or_null(item.opt_str(i)); };
  json::object o{
      {"id", id},
      {"kind", k.social ? "social" : "event"},
      {"title", item.str(c_title)},
      {"description", opt_text(c_description)},
      {"cover", media::media_summary_or_null(item, c_cover)},
      {"startsAt", iso8601(item.i64(c_starts))},
      {"endsAt", iso8601(item.i64(c_ends))},
      {"place", json::object{{"kind", item.str(c_place)},
                             {"store", item.is_null(c_store_id)
                                           ? json::value(nullptr)
                                           : json::value(json::object{{"id", item.str(c_store_id)},
                                                                      {"name", item.str(c_store_name)}})},
                             {"address", opt_text(c_address)},
                             {"onlineLink", opt_text(c_online)}}},
      {"capacity", capacity > 0 ? json::value(capacity) : json::value(nullptr)},
      {"going", going},
      {"waitlisted", waiting},
      {"placesLeft",
       capacity > 0 ? json::value(std::max<std::int64_t>(0, capacity - going)) : json::value(nullptr)},
      {"registrationOpensAt", http::iso_or_null(item.opt_i64(c_opens))},
      {"registrationClosesAt", http::iso_or_null(item.opt_i64(c_closes))},
      {"registration", state},
      {"points", item.i64(c_points)},
      {"mine", std::move(mine)},
  };
  if (k.social) {
    o["activityKind"] = item.str(c_activity);
    o["hours"] = item.i64(c_hours);
    o["photos"] = photos_of(c, item);
  }
  return o;
}

}  // namespace shopfloor::events
