// Partner coupons, the staff side: staff claim a free code from a batch published to them (once per person,
// or up to the batch's limit) and show it at the till. The back office is coupons_admin.cpp.
#include "club/idempotency.hpp"
#include "club/routes.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "media/media.hpp"
#include "points/ledger.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"

namespace shopfloor::club {

namespace {

// b.id, partner, title, value_text, expires_at, limit, codes, claimed, media (8..14), description
resources::StaffQuery batches(const resources::StaffGate& gate) {
  return gate.from("coupon_batches", "b")
      .select(
          "b.id, b.partner, b.title, b.value_text, b.expires_at, b.per_person_limit, b.codes_count, "
          "b.claimed_count, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height, b.description")
      .join("LEFT JOIN media m ON m.id = b.image_media_id");
}

// Batches that have not expired.
resources::StaffQuery open_batches(const resources::StaffGate& gate) {
  return batches(gate).where("b.expires_at IS NULL OR b.expires_at > $1", {gate.now()}).limit(200);
}

json::object batch_summary(const db::Row& r) {
  return json::object{{"id", r.str(0)},
                      {"partner", r.str(1)},
                      {"title", r.str(2)},
                      {"valueText", http::value_or_null(r.opt_str(3))},
                      {"expiresAt", http::iso_or_null(r.opt_i64(4))},
                      {"image", media::media_summary_or_null(r, 8)}};
}

std::map<std::string, std::int64_t> my_claims(db::Connection& c, const std::string& uid) {
  std::map<std::string, std::int64_t> out;
  for (const auto& r :
       c.query("SELECT batch_id, COUNT(*) FROM coupon_codes WHERE claimed_by = $1 GROUP BY batch_id", uid)
           .rows)
    out[r.str(0)] = r.i64(1);
  return out;
}

// A claimed code shows its batch whatever the batch's state now (the person's own record).
const std::string claim_select =
    "SELECT c.id, c.code, c.claimed_at, c.used_at, b.id, b.partner, b.title, b.value_text, b.expires_at, "
    "m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height FROM coupon_codes c JOIN " +
    resources::any_state("coupon_batches") +
    " b ON b.id = c.batch_id LEFT JOIN media m ON m.id = b.image_media_id ";

json::object claim_json(const db::Row& r) {
  return json::object{{"id", r.str(0)},
                      {"code", r.str(1)},
                      {"claimedAt", http::iso_or_null(r.opt_i64(2))},
                      {"usedAt", http::iso_or_null(r.opt_i64(3))},
                      {"batch", json::object{{"id", r.str(4)},
                                             {"partner", r.str(5)},
                                             {"title", r.str(6)},
                                             {"valueText", http::value_or_null(r.opt_str(7))},
                                             {"expiresAt", http::iso_or_null(r.opt_i64(8))},
                                             {"image", media::media_summary_or_null(r, 9)}}}};
}

Awaitable list_coupons(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const resources::StaffGate& gate) {
    const auto& uid = gate.user_id();
    auto claims = my_claims(c, uid);
    json::array items, mine;
    for (const auto& r : open_batches(gate).order_by("b.expires_at, b.id").rows(c)) {
      auto o = batch_summary(r);
      o["limit"] = r.i64(5);
      o["claimed"] = claims[r.str(0)];
      o["left"] = r.i64(6) - r.i64(7);
      o["description"] = http::value_or_null(r.opt_str(15));
      items.push_back(std::move(o));
    }
    for (const auto& r :
         c.query(claim_select + "WHERE c.claimed_by = $1 ORDER BY c.claimed_at DESC LIMIT 200", uid).rows)
      mine.push_back(claim_json(r));
    return json::object{{"items", std::move(items)}, {"mine", std::move(mine)}};
  });
  co_return http::json_response(ctx, body);
}

}  // namespace

// POST /api/club/coupons/:id/claim: one free code, taken atomically (PostgreSQL: FOR UPDATE SKIP LOCKED, so
// concurrent claims take different codes instead of queueing on one).
StoredAnswer claim_coupon(db::Connection& c, const std::string& uid, const std::string& id,
                          const std::string& key, std::int64_t now) {
  return once_per_key(c, uid, "claim:" + id, key, [&] {
    resources::StaffGate gate{resources::load_viewer(c, uid), now};
    // Published, in its window and audience; an expired batch is refused as not open.
    auto found = batches(gate).by_id(c, id);
    if (!found) throw ApiError::not_found();
    const auto& b = *found;
    if (!b.is_null(4) && b.i64(4) <= now)
      throw ApiError{http::Status::conflict, err::NOT_OPEN, msg::COUPON_EXPIRED};
    points::lock_balance(c, uid);  // one person's claims queue here, so the limit check cannot race
    auto limit = b.i64(5);
    auto held = c.query("SELECT COUNT(*) FROM coupon_codes WHERE batch_id = $1 AND claimed_by = $2", id, uid)
                    .first()
                    ->i64(0);
    if (held >= limit)
      throw ApiError{http::Status::conflict, err::LIMIT_REACHED,
                     http::Message(msg::LIMIT_REACHED, {{"limit", limit}})};
    auto taken =
        c.query(std::string(
                    "UPDATE coupon_codes SET claimed_by = $1, claimed_at = $2 WHERE id = (SELECT id FROM "
                    "coupon_codes WHERE batch_id = $3 AND claimed_by IS NULL ORDER BY id LIMIT 1") +
                    (c.is_sqlite() ? ")" : " FOR UPDATE SKIP LOCKED)") + " RETURNING id",
                uid, now, id)
            .first();
    if (!taken) throw ApiError{http::Status::conflict, err::OUT_OF_STOCK, msg::OUT_OF_STOCK};
    c.query("UPDATE coupon_batches SET claimed_count = claimed_count + 1 WHERE id = $1", id);
    triggers::fire(c, {triggers::coupon_claimed, uid, id, 1});  // the club report
    auto claim = c.query(claim_select + "WHERE c.id = $1", taken->str(0)).first();
    return StoredAnswer{201, json::object{{"claim", claim_json(*claim)}}};
  });
}

namespace {

Awaitable claim_route(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  std::string key = idempotency_key(ctx);
  if (!plausible_id(id)) throw ApiError::not_found();
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return claim_coupon(c, uid, id, key, now_ms()); });
  co_return http::json_response(ctx, answer.body, static_cast<http::Status>(answer.status));
}

}  // namespace

json::object coupons_summary(db::Connection& c, const resources::StaffGate& gate) {
  auto claims = my_claims(c, gate.user_id());
  std::int64_t available = 0, mine = 0;
  for (const auto& [_, n] : claims) mine += n;
  for (const auto& r : open_batches(gate).rows(c))
    if (r.i64(6) > r.i64(7) && claims[r.str(0)] < r.i64(5)) ++available;
  return json::object{{"available", available}, {"mine", mine}};
}

void register_coupon_routes(http::Services& app) {
  app.router.get("/api/club/coupons", list_coupons, http::Access::signed_in);
  app.router.post("/api/club/coupons/:id/claim", claim_route, http::Access::signed_in);
}

}  // namespace shopfloor::club
