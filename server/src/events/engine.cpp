#include "events/engine.hpp"

#include "events/present.hpp"
#include "http/api_error.hpp"
#include "http/json_time.hpp"
#include "notifications/notifications.hpp"
#include "points/ledger.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"

namespace shopfloor::events {

namespace json = boost::json;
using http::ApiError;

namespace {

ApiError conflict(const http::ErrorCode& code, const http::Message& m) {
  return {http::Status::conflict, code, m};
}

db::Row gated(db::Connection& c, const Kind& k, const resources::StaffGate& gate, const std::string& id) {
  auto item = visible_item(c, k, gate, id);
  if (!item) throw ApiError::not_found();
  return *item;
}

// The next number in the item's line, and its capacity (0 = unlimited). The UPDATE locks the item's row until
// the transaction ends: RSVPs to one item queue here.
std::pair<std::int64_t, std::int64_t> take_seq(db::Connection& c, const Kind& k, const std::string& id) {
  auto r = c.query("UPDATE " + k.table +
                       " SET signup_seq = signup_seq + 1 WHERE id = $1 RETURNING signup_seq, capacity",
                   id)
               .first();
  if (!r) throw ApiError::not_found();
  return {r->i64(0), r->is_null(1) ? 0 : r->i64(1)};
}

void notify_seat(db::Connection& c, const Kind& k, const std::string& uid, const std::string& item_id,
                 const std::string& title, const std::string& registration_id, const std::string& status,
                 std::int64_t seq) {
  // event_going, event_waitlisted, event_promoted, event_cancelled. Keyed by the place in line (seq): a
  // person who cancels and signs up again hears of the new seat too.
  notifications::notify(c,
                        {uid, "event_" + status, json::object{{"title", title}}, k.web_path + "/" + item_id,
                         "signup:" + registration_id + ":" + status + ":" + std::to_string(seq)});
}

}  // namespace

std::string ticket_code() {
  std::string h = random_hex(6);
  for (auto& ch : h) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return h;
}

bool lock_item(db::Connection& c, const Kind& k, const std::string& id) {
  return !c.query("SELECT id FROM " + k.table + " WHERE id = $1" + (c.is_sqlite() ? "" : " FOR UPDATE"), id)
              .empty();
}

void rsvp(db::Connection& c, const Kind& k, const resources::StaffGate& gate, const std::string& id) {
  const auto& uid = gate.user_id();
  auto now = gate.now();
  auto item = gated(c, k, gate, id);
  if (!registration_open(item, now)) throw conflict(err::NOT_OPEN, msg::NOT_OPEN);
  auto existing =
      c.query("SELECT id, status FROM " + k.regs + " WHERE item_id = $1 AND user_id = $2", id, uid).first();
  if (existing && existing->str(1) != "cancelled")
    throw conflict(err::ALREADY_REGISTERED, msg::ALREADY_REGISTERED);
  auto [seq, capacity] = take_seq(c, k, id);  // from here on the item's row is ours
  std::string status = capacity <= 0 || going_count(c, k, id) < capacity ? "going" : "waitlisted";
  // Both writes are conditional: of two racing RSVPs by one person, the second writes nothing.
  bool written =
      existing  // came back after cancelling: the same row, at the end of the line
          ? c.query("UPDATE " + k.regs +
                        " SET status = $1, seq = $2, updated_at = $3 WHERE id = $4 AND status = 'cancelled'",
                    status, seq, now, existing->str(0))
                    .affected > 0
          : c.query("INSERT INTO " + k.regs +
                        " (id, item_id, user_id, code, status, seq, created_at, updated_at) VALUES ($1, $2, "
                        "$3, $4, $5, $6, $7, $7) ON CONFLICT (item_id, user_id) DO NOTHING",
                    uuid_v7(), id, uid, ticket_code(), status, seq, now)
                    .affected > 0;
  if (!written) throw conflict(err::ALREADY_REGISTERED, msg::ALREADY_REGISTERED);
  auto reg = c.query("SELECT id FROM " + k.regs + " WHERE item_id = $1 AND user_id = $2", id, uid).first();
  notify_seat(c, k, uid, id, item.str(c_title), reg->str(0), status, seq);
}

int promote(db::Connection& c, const Kind& k, const std::string& id) {
  auto row = c.query("SELECT capacity, title FROM " + k.table + " WHERE id = $1", id).first();
  if (!row) return 0;
  std::int64_t capacity = row->is_null(0) ? 0 : row->i64(0);
  std::int64_t free = capacity <= 0 ? 1000000 : capacity - going_count(c, k, id);
  if (free <= 0) return 0;
  auto next = c.query("SELECT id, user_id, seq FROM " + k.regs +
                          " WHERE item_id = $1 AND status = 'waitlisted' ORDER BY seq LIMIT $2",
                      id, free);
  auto now = now_ms();
  for (const auto& r : next.rows) {
    c.query("UPDATE " + k.regs + " SET status = 'going', updated_at = $1 WHERE id = $2", now, r.str(0));
    notify_seat(c, k, r.str(1), id, row->str(1), r.str(0), "promoted", r.i64(2));
  }
  return static_cast<int>(next.rows.size());
}

void cancel(db::Connection& c, const Kind& k, const resources::StaffGate& gate, const std::string& id) {
  const auto& uid = gate.user_id();
  auto now = gate.now();
  auto item = gated(c, k, gate, id);
  lock_item(c, k, id);
  if (now >= item.i64(c_starts)) throw conflict(err::NOT_OPEN, msg::NOT_OPEN);
  auto mine =
      c.query("UPDATE " + k.regs +
                  " SET status = 'cancelled', updated_at = $1 WHERE item_id = $2 AND user_id = $3 AND "
                  "status IN ('going', 'waitlisted') RETURNING id, seq",
              now, id, uid);
  if (mine.empty()) throw conflict(err::NOT_REGISTERED, msg::NOT_REGISTERED);
  notify_seat(c, k, uid, id, item.str(c_title), mine.first()->str(0), "cancelled", mine.first()->i64(1));
  promote(c, k, id);
}

std::string attendee_select(const Kind& k) {
  return "SELECT r.id, u.id, u.name, u.employee_code, st.name, r.status, r.seq, r.code, r.checked_in_at, "
         "r.hours, r.created_at FROM " +
         k.regs + " r JOIN users u ON u.id = r.user_id LEFT JOIN stores st ON st.id = u.store_id ";
}

json::object attendee_json(const db::Row& r) {
  return json::object{
      {"id", r.str(0)},
      {"userId", r.str(1)},
      {"name", r.str(2)},
      {"employeeCode", r.str(3)},
      {"store", http::value_or_null(r.opt_str(4))},
      {"status", r.str(5)},
      {"seq", r.i64(6)},
      {"code", r.str(7)},
      {"checkedInAt", http::iso_or_null(r.opt_i64(8))},
      {"hours", r.i64(9)},
      {"registeredAt", iso8601(r.i64(10))},
  };
}

json::object check_in(db::Connection& c, const Kind& k, const std::string& id, const std::string& code,
                      const std::string& actor) {
  auto item = c.query("SELECT title, points, " + std::string(k.social ? "hours" : "0") + " FROM " + k.table +
                          " WHERE id = $1",
                      id)
                  .first();
  if (!item) throw ApiError::not_found();
  auto reg = c.query(attendee_select(k) + "WHERE r.item_id = $1 AND r.code = $2", id, code).first();
  if (!reg) throw ApiError{http::Status::not_found, err::UNKNOWN_TICKET, msg::UNKNOWN_TICKET};
  if (!reg->is_null(8))
    throw conflict(err::ALREADY_CHECKED_IN, http::Message(msg::ALREADY_CHECKED_IN, {{"name", reg->str(2)}}));
  if (reg->str(5) != "going")
    throw conflict(err::NOT_GOING, http::Message(msg::NOT_GOING, {{"name", reg->str(2)}}));
  auto now = now_ms();
  // Conditional: of two scans racing, one writes.
  if (c.query(
           "UPDATE " + k.regs +
               " SET checked_in_at = $1, checked_in_by = $2, hours = $3, updated_at = $1 WHERE id = $4 AND "
               "checked_in_at IS NULL",
           now, actor, item->i64(2), reg->str(0))
          .affected == 0)
    throw conflict(err::ALREADY_CHECKED_IN, http::Message(msg::ALREADY_CHECKED_IN, {{"name", reg->str(2)}}));
  std::string uid = reg->str(1);
  std::int64_t pts = item->i64(1);
  bool awarded = false;
  if (pts > 0)
    awarded = points::award(c, {uid, pts, item->str(0), "event", id, "event:" + id + ":" + uid, actor});
  triggers::fire(c, {triggers::event_attended, uid, id, pts});
  auto fresh = c.query(attendee_select(k) + "WHERE r.id = $1", reg->str(0)).first();
  return json::object{{"attendee", attendee_json(*fresh)}, {"points", awarded ? pts : 0}};
}

}  // namespace shopfloor::events
