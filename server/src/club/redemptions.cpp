#include "club/redemptions.hpp"

#include <boost/json/parse.hpp>
#include <map>

#include "http/api_error.hpp"
#include "http/json_time.hpp"
#include "media/media.hpp"
#include "notifications/notifications.hpp"
#include "points/ledger.hpp"
#include "resources/staff_gate.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"

namespace shopfloor::club {

namespace json = boost::json;

// A redemption shows its reward whatever the reward's state now (the person's own record).
const std::string redemption_select =
    "SELECT d.id, d.cost, d.status, d.method, d.store_id, s.name, d.address_json, d.reason, d.created_at, "
    "d.updated_at, d.version, w.id, w.title, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height, u.id, "
    "u.name, u.employee_code FROM redemptions d JOIN " +
    resources::any_state("rewards") +
    " w ON w.id = d.reward_id LEFT JOIN media m ON m.id = w.image_media_id LEFT JOIN stores s ON s.id = "
    "d.store_id JOIN users u ON u.id = d.user_id ";

namespace {

json::value parsed_or_null(const db::Row& r, std::size_t i) {
  if (r.is_null(i)) return nullptr;
  try {
    return json::parse(r.str(i));
  } catch (...) {
    return nullptr;
  }
}

json::object row_json(const db::Row& r, bool with_user) {
  json::object o{
      {"id", r.str(0)},
      {"cost", r.i64(1)},
      {"status", r.str(2)},
      {"method", r.str(3)},
      {"store",
       r.is_null(4) ? json::value(nullptr) : json::value(json::object{{"id", r.str(4)}, {"name", r.str(5)}})},
      {"address", parsed_or_null(r, 6)},
      {"reason", http::value_or_null(r.opt_str(7))},
      {"createdAt", iso8601(r.i64(8))},
      {"updatedAt", iso8601(r.i64(9))},
      {"reward",
       json::object{{"id", r.str(11)}, {"title", r.str(12)}, {"image", media::media_summary_or_null(r, 13)}}},
      {"events", json::array{}}};
  if (with_user) {
    o["version"] = r.i64(10);
    o["user"] = json::object{{"id", r.str(20)}, {"name", r.str(21)}, {"employeeId", r.str(22)}};
  }
  return o;
}

}  // namespace

json::array redemptions_json(db::Connection& c, const std::string& where,
                             const std::vector<db::Value>& params, bool with_user) {
  auto rows = c.exec(redemption_select + where, params);
  json::array out;
  if (rows.rows.empty()) return out;
  std::map<std::string, std::size_t> index;
  std::string in;
  std::vector<db::Value> ids;
  for (const auto& r : rows.rows) {
    index[r.str(0)] = out.size();
    out.push_back(row_json(r, with_user));
    ids.push_back(r.str(0));
    in += (in.empty() ? "$" : ", $") + std::to_string(ids.size());
  }
  auto events = c.exec(
      "SELECT redemption_id, status, reason, created_at FROM redemption_events WHERE redemption_id IN (" +
          in + ") ORDER BY created_at, id",
      ids);
  for (const auto& e : events.rows)
    out[index[e.str(0)]].as_object()["events"].as_array().push_back(json::object{
        {"status", e.str(1)}, {"reason", http::value_or_null(e.opt_str(2))}, {"at", iso8601(e.i64(3))}});
  return out;
}

std::optional<json::object> redemption_by_id(db::Connection& c, const std::string& id,
                                             const std::string& owner_id, bool with_user) {
  auto items = owner_id.empty()
                   ? redemptions_json(c, "WHERE d.id = $1", {id}, with_user)
                   : redemptions_json(c, "WHERE d.id = $1 AND d.user_id = $2", {id, owner_id}, with_user);
  if (items.empty()) return std::nullopt;
  return items[0].as_object();
}

std::optional<Transition> transition_named(std::string_view name) {
  if (name == "approve") return Transition::approve;
  if (name == "fulfil") return Transition::fulfil;
  if (name == "reject") return Transition::reject;
  if (name == "cancel") return Transition::cancel;
  return std::nullopt;
}

void record_event(db::Connection& c, const std::string& redemption_id, const std::string& user_id,
                  const std::string& status, const std::string& reason, const std::string& actor_id) {
  c.query(
      "INSERT INTO redemption_events (id, redemption_id, user_id, status, reason, actor_id, created_at) "
      "VALUES "
      "($1, $2, $3, $4, $5, $6, $7)",
      uuid_v7(), redemption_id, user_id, status, reason.empty() ? db::Value{} : db::Value{reason},
      actor_id.empty() ? db::Value{} : db::Value{actor_id}, now_ms());
  // The owner hears of every status their redemption takes, their own redeeming and cancelling too, with
  // the points it took or gave back (the ledger's own notice leaves redemptions to this one). Keyed by the
  // status: a second click, refused before it gets here, could not notify twice either.
  auto r = c.query("SELECT w.title, d.cost FROM redemptions d JOIN " + resources::any_state("rewards") +
                       " w ON w.id = d.reward_id WHERE d.id = $1",
                   redemption_id)
               .first();
  json::object params{{"reward", r->str(0)}, {"status", status}};
  if (status == "pending" || status == "rejected" || status == "cancelled") params["points"] = r->i64(1);
  if (!reason.empty()) params["reason"] = reason;
  notifications::notify(c, {user_id, "redemption_status", std::move(params), "/club/redemptions",
                            "redemption:" + redemption_id + ":" + status});
}

json::object apply_transition(db::Connection& c, const std::string& id, Transition t,
                              const std::string& actor_id, const std::string& reason,
                              const std::string& owner_id) {
  auto row = c.query("SELECT d.user_id, d.reward_id, d.cost, w.title FROM redemptions d JOIN " +
                         resources::any_state("rewards") + " w ON w.id = d.reward_id WHERE d.id = $1",
                     id)
                 .first();
  if (!row || (!owner_id.empty() && row->str(0) != owner_id)) throw http::ApiError::not_found();
  std::string user = row->str(0), reward = row->str(1), title = row->str(3);
  std::int64_t cost = row->i64(2);
  const char* to = nullptr;
  const char* from = nullptr;
  bool refund = false;
  switch (t) {
    case Transition::approve:
      to = "approved", from = "('pending')";
      break;
    case Transition::fulfil:
      to = "fulfilled", from = "('approved')";
      break;
    case Transition::reject:
      to = "rejected", from = "('pending', 'approved')", refund = true;
      break;
    case Transition::cancel:
      to = "cancelled", from = "('pending')", refund = true;
      break;
  }
  // The same lock order as a redemption (balance, then stock), so the two never deadlock.
  if (refund) points::lock_balance(c, user);
  auto now = now_ms();
  auto moved = c.query(
      std::string("UPDATE redemptions SET status = $2, reason = $3, decided_by = $4, updated_at = $5, "
                  "version = version + 1 WHERE id = $1 AND status IN ") +
          from,
      id, std::string(to), reason.empty() ? db::Value{} : db::Value{reason},
      t == Transition::cancel ? db::Value{} : db::Value{actor_id}, now);
  if (moved.affected == 0) {
    // Already moved (a second click, another admin): nothing is refunded twice.
    auto status = c.query("SELECT status FROM redemptions WHERE id = $1", id).first()->str(0);
    throw http::ApiError{http::Status::conflict, err::NOT_OPEN,
                         http::Message(msg::REDEMPTION_STATUS, {{"status", status}})};
  }
  if (refund) {
    c.query("UPDATE rewards SET stock = stock + 1, redeemed_count = redeemed_count - 1 WHERE id = $1",
            reward);
    points::award(c, points::Entry{user, cost, title, "refund", id, "refund:" + id, actor_id});
  }
  record_event(c, id, user, to, reason, actor_id);                  // and the owner's notice
  triggers::fire(c, {triggers::redemption_moved, user, to, cost});  // the club report counts each move
  return *redemption_by_id(c, id, "", owner_id.empty());
}

}  // namespace shopfloor::club
