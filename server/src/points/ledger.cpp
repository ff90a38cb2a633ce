#include "points/ledger.hpp"

#include "db/pages.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "notifications/notifications.hpp"
#include "points/standings.hpp"
#include "resources/audit.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::points {

using http::Access;

bool award(db::Connection& c, const Entry& e) {
  auto now = now_ms();
  auto r = c.query(
      "INSERT INTO points_ledger (id, user_id, delta, reason, source, source_id, idempotency_key, author_id, "
      "created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id, idempotency_key) DO "
      "NOTHING",
      uuid_v7(), e.user_id, e.delta, e.reason, e.source, e.source_id.empty() ? db::Value{} : e.source_id,
      e.idempotency_key, e.author_id.empty() ? db::Value{} : e.author_id, now);
  if (r.affected == 0) return false;
  // The balance row moves with the entry, in the same transaction (its CHECK refuses a negative balance).
  // Update first: an upsert would check the CHECK on the row it proposes (a bare negative delta) first.
  if (c.query("UPDATE points_balances SET balance = balance + $2, updated_at = $3 WHERE user_id = $1",
              e.user_id, e.delta, now)
          .affected == 0)
    c.query(
        "INSERT INTO points_balances (user_id, balance, updated_at) VALUES ($1, $2, $3) ON CONFLICT "
        "(user_id) "
        "DO UPDATE SET balance = points_balances.balance + excluded.balance, updated_at = "
        "excluded.updated_at",
        e.user_id, e.delta, now);
  // The leaderboards' running totals move with it (points/standings.hpp), and earned points may earn badges:
  // earned only (redemptions and refunds of them do neither).
  if (counts_as_earned(e)) {
    add_earned(c, e.user_id, e.delta, now);
    triggers::fire(c, {triggers::points_earned, e.user_id, e.source_id, e.delta});
  }
  // Every entry by its source type (the club report: issued by source, redeemed net of refunds).
  triggers::fire(c, {triggers::points_entry, e.user_id, e.source, e.delta});
  if (e.notify && e.source != "redemption" && e.source != "refund")
    notifications::notify(
        c, {e.user_id, e.delta > 0 ? "points_received" : "points_deducted",
            json::object{
                {"points", e.delta > 0 ? e.delta : -e.delta}, {"source", e.source}, {"reason", e.reason}},
            "/club/points", "points:" + e.idempotency_key});
  return true;
}

std::int64_t balance(db::Connection& c, const std::string& user_id) {
  auto row = c.query("SELECT balance FROM points_balances WHERE user_id = $1", user_id).first();
  return row ? row->i64(0) : 0;
}

std::int64_t lock_balance(db::Connection& c, const std::string& user_id) {
  c.query(
      "INSERT INTO points_balances (user_id, balance, updated_at) VALUES ($1, 0, $2) ON CONFLICT (user_id) "
      "DO "
      "NOTHING",
      user_id, now_ms());
  return c
      .query(c.is_sqlite() ? "SELECT balance FROM points_balances WHERE user_id = $1"
                           : "SELECT balance FROM points_balances WHERE user_id = $1 FOR UPDATE",
             user_id)
      .first()
      ->i64(0);
}

namespace {

json::object entry_json(const db::Row& r) {
  return json::object{{"id", r.str(0)},
                      {"delta", r.i64(1)},
                      {"reason", r.str(2)},
                      {"source", r.str(3)},
                      {"sourceId", http::value_or_null(r.opt_str(4))},
                      {"createdAt", iso8601(r.i64(5))}};
}

// The owner's balance and newest entries; `before` (an entry id) pages further back.
boost::asio::awaitable<http::Response> my_points(Context& ctx) {
  std::string id = ctx.user->id;
  auto limit = ctx.query_int("limit", 20, 1, 100);
  auto before = ctx.query("before").value_or("");
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    json::array entries;
    auto page = db::newest_first(
        c, "SELECT id, delta, reason, source, source_id, created_at FROM points_ledger", id, before, limit);
    for (const auto& r : page.rows) entries.push_back(entry_json(r));
    auto totals = c.query(
                       "SELECT COALESCE(SUM(delta), 0), COALESCE(SUM(CASE WHEN delta > 0 THEN delta ELSE 0 "
                       "END), 0), COALESCE(SUM(CASE WHEN delta < 0 THEN -delta ELSE 0 END), 0) "
                       "FROM points_ledger WHERE user_id = $1",
                       id)
                      .first();
    return json::object{{"balance", totals->i64(0)},
                        {"earned", totals->i64(1)},
                        {"spent", totals->i64(2)},
                        {"entries", std::move(entries)},
                        {"hasMore", page.more}};
  });
  co_return http::json_response(ctx, body);
}

// An admin adds or removes points with a reason. The balance may not go below zero. The optional
// idempotencyKey (e.g. from a form's submit) makes a double-submitted adjustment count once; keys are
// the person's own, so the same key sent for someone else is that person's adjustment.
boost::asio::awaitable<http::Response> adjust_points(Context& ctx) {
  std::string user_id = ctx.params.at("id");
  json::object body = ctx.json_object();
  http::FieldErrors errors;
  std::int64_t delta = 0;
  std::string reason, key;
  if (auto* d = body.if_contains("delta");
      !d || !d->is_int64() || d->as_int64() == 0 || d->as_int64() < -1000000 || d->as_int64() > 1000000)
    errors["delta"] = msg::POINTS_DELTA;
  else
    delta = d->as_int64();
  if (auto* r = body.if_contains("reason"); !r || !r->is_string() || r->as_string().empty() ||
                                            utf8_length(r->as_string()) > 200 ||
                                            has_control_chars(r->as_string()))
    errors["reason"] = msg::POINTS_REASON;
  else
    reason = std::string(r->as_string());
  if (auto* k = body.if_contains("idempotencyKey"); k && !k->is_null()) {
    if (!k->is_string() || k->as_string().empty() || k->as_string().size() > 100)
      errors["idempotencyKey"] = msg::LENGTH_1_TO_100;
    else
      key = std::string(k->as_string());
  }
  if (!errors.empty()) throw ApiError::validation(errors);
  std::string actor = ctx.user->id, ip = ctx.client_ip;
  auto result = co_await ctx.app.db->transact([&](db::Connection& c) -> std::optional<json::object> {
    if (c.query("SELECT id FROM users WHERE id = $1", user_id).empty()) return std::nullopt;
    // The locked balance row: two adjustments (or a club spend) cannot both pass the check.
    auto before = lock_balance(c, user_id);
    Entry e{user_id, delta, reason, "manual", "", key.empty() ? "manual:" + uuid_v7() : "manual:" + key,
            actor};
    bool written = false;
    if (before + delta < 0)
      throw ApiError::validation({{"delta", http::Message(msg::BALANCE_BELOW_ZERO, {{"balance", before}})}});
    written = award(c, e);
    auto after = balance(c, user_id);
    if (written)
      audit::record(c, actor, "points.adjust", "users", user_id, json::object{{"balance", before}},
                    json::object{{"balance", after}, {"delta", delta}, {"reason", reason}}, ip);
    return json::object{{"balance", after}, {"applied", written}};
  });
  if (!result) throw ApiError::not_found(msg::NO_SUCH_USER);
  co_return http::json_response(ctx, *result);
}

}  // namespace

void register_routes(http::Services& app) {
  app.router.get("/api/me/points", my_points, http::Access::signed_in);
  app.router.post("/api/admin/users/:id/points", adjust_points, http::Access::admin);
}

}  // namespace shopfloor::points
