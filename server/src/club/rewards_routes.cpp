// The staff side of rewards: the Club tab's summary, the catalogue, a reward, redeeming it and the person's
// redemptions. Reads go through the kit's StaffGate (unpublished, outside the window or audience → 404).
#include <boost/json/serialize.hpp>

#include "club/club.hpp"
#include "club/idempotency.hpp"
#include "club/redemptions.hpp"
#include "club/routes.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "media/media.hpp"
#include "points/ledger.hpp"
#include "resources/staff_gate.hpp"
#include "resources/triggers.hpp"
#include "rollups/rollups.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::club {

namespace {

constexpr const char* active_statuses = "('pending', 'approved', 'fulfilled')";

// id, title, cost, stock, limit, start, end, pickup, delivery, media (9..15), description
constexpr const char* reward_columns =
    "w.id, w.title, w.cost, w.stock, w.per_person_limit, w.start_at, w.end_at, w.pickup, w.delivery, m.id, "
    "m.hash, m.ext, m.kind, m.mime, m.width, m.height, w.description";
constexpr const char* reward_media = "LEFT JOIN media m ON m.id = w.image_media_id";

json::object reward_json(const db::Row& r, std::int64_t mine) {
  return json::object{{"id", r.str(0)},
                      {"title", r.str(1)},
                      {"cost", r.i64(2)},
                      {"left", r.i64(3)},
                      {"limit", r.is_null(4) ? json::value(nullptr) : json::value(r.i64(4))},
                      {"mine", mine},
                      {"startAt", http::iso_or_null(r.opt_i64(5))},
                      {"endAt", http::iso_or_null(r.opt_i64(6))},
                      {"pickup", r.boolean(7)},
                      {"delivery", r.boolean(8)},
                      {"image", media::media_summary_or_null(r, 9)}};
}

std::map<std::string, std::int64_t> my_counts(db::Connection& c, const std::string& uid) {
  std::map<std::string, std::int64_t> out;
  for (const auto& r :
       c.query(std::string("SELECT reward_id, COUNT(*) FROM redemptions WHERE user_id = $1 AND "
                           "status IN ") +
                   active_statuses + " GROUP BY reward_id",
               uid)
           .rows)
    out[r.str(0)] = r.i64(1);
  return out;
}

json::array rewards_for(db::Connection& c, const resources::StaffGate& gate, std::size_t limit) {
  auto rows = gate.from("rewards", "w")
                  .select(reward_columns)
                  .join(reward_media)
                  .order_by("w.cost, w.title, w.id")
                  .limit(limit)
                  .rows(c);
  auto mine = my_counts(c, gate.user_id());
  json::array out;
  for (const auto& r : rows) out.push_back(reward_json(r, mine[r.str(0)]));
  return out;
}

Awaitable club_summary(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const resources::StaffGate& gate) {
    const auto& uid = gate.user_id();
    auto pending =
        c.query("SELECT COUNT(*) FROM redemptions WHERE user_id = $1 AND status IN ('pending', 'approved')",
                uid)
            .first()
            ->i64(0);
    json::object o{{"balance", points::balance(c, uid)},
                   {"rewards", rewards_for(c, gate, 6)},
                   {"pendingRedemptions", pending}};
    o["coupons"] = coupons_summary(c, gate);
    o["gifts"] = gifts_summary(c, gate);
    return o;
  });
  co_return http::json_response(ctx, body);
}

Awaitable list_rewards(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const resources::StaffGate& gate) {
    return json::object{{"balance", points::balance(c, gate.user_id())},
                        {"items", rewards_for(c, gate, 500)}};
  });
  co_return http::json_response(ctx, body);
}

std::optional<db::Row> reward_for(db::Connection& c, const resources::StaffGate& gate,
                                  const std::string& id) {
  return gate.from("rewards", "w").select(reward_columns).join(reward_media).by_id(c, id);
}

Awaitable get_reward(Context& ctx) {
  co_return co_await resources::staff_item(
      ctx, reward_for,
      [&](db::Connection& c, const resources::StaffGate& gate, const std::string& id, const db::Row& r) {
        const auto& uid = gate.user_id();
        const auto& viewer = gate.viewer();
        auto item = reward_json(r, my_counts(c, uid)[id]);
        item["description"] = http::value_or_null(r.opt_str(16));
        json::array stores;
        json::value my_store = nullptr;
        for (const auto& s : c.query("SELECT id, name FROM stores ORDER BY name LIMIT 5000").rows) {
          json::object store{{"id", s.str(0)}, {"name", s.str(1)}};
          if (s.str(0) == viewer.store_id) my_store = store;
          stores.push_back(std::move(store));
        }
        auto address = c.query("SELECT address_json FROM club_addresses WHERE user_id = $1", uid).first();
        return json::object{{"balance", points::balance(c, uid)},
                            {"item", std::move(item)},
                            {"myStore", my_store},
                            {"stores", std::move(stores)},
                            {"address", address ? json::parse(address->str(0)) : json::value(nullptr)}};
      });
}

// {name, phone, line1, line2?, district, province, postcode}: all but line2 required, each at most 200.
std::optional<json::object> parse_address(const json::value* v) {
  if (!v || !v->is_object()) return std::nullopt;
  json::object out;
  for (const char* key : {"name", "phone", "line1", "line2", "district", "province", "postcode"}) {
    const auto* f = v->as_object().if_contains(key);
    bool optional = std::string_view(key) == "line2";
    if (!f || f->is_null() || (f->is_string() && trim(f->as_string()).empty())) {
      if (!optional) return std::nullopt;
      out[key] = "";
      continue;
    }
    if (!f->is_string() || utf8_length(f->as_string()) > 200 || has_control_chars(f->as_string()))
      return std::nullopt;
    out[key] = trim(f->as_string());
  }
  return out;
}

ApiError address_required() {
  return ApiError{http::Status::unprocessable_entity,
                  err::ADDRESS_REQUIRED,
                  msg::ADDRESS_REQUIRED,
                  {{"address", msg::ADDRESS_REQUIRED}}};
}

}  // namespace

// POST /api/club/rewards/:id/redeem {method, storeId?, address?}: points, per-person limit and stock are
// checked and moved in one transaction, on the person's locked balance row. The rows every redeemer of the
// reward writes (its stock, its "@all" report counters) are written last, so that a popular reward's
// redeemers queue on them only for the transaction's last statements (issue 33): the stock is read first
// to refuse early, and taken at the end by the conditional update that never oversells.
StoredAnswer redeem_reward(db::Connection& c, const std::string& uid, const std::string& id,
                           const std::string& method, std::string store_id,
                           const std::optional<json::object>& address, const std::string& key,
                           std::int64_t now) {
  return once_per_key(c, uid, "redeem:" + id, key, [&] {
    rollups::Deferred counters(c);
    resources::StaffGate gate{resources::load_viewer(c, uid), now};
    const auto& viewer = gate.viewer();
    auto r = reward_for(c, gate, id);
    if (!r) throw ApiError::not_found();
    std::string title = r->str(1);
    std::int64_t cost = r->i64(2);
    if ((method == "pickup" && !r->boolean(7)) || (method == "delivery" && !r->boolean(8)))
      throw ApiError::validation({{"method", msg::METHOD_NOT_OFFERED}});
    if (method == "pickup") {
      if (store_id.empty()) store_id = viewer.store_id;
      if (store_id.empty()) throw ApiError::validation({{"storeId", msg::PICKUP_STORE_REQUIRED}});
      if (c.query("SELECT 1 FROM stores WHERE id = $1", store_id).empty())
        throw ApiError::validation({{"storeId", msg::NO_SUCH_STORE}});
    }
    auto balance = points::lock_balance(c, uid);
    if (!r->is_null(4)) {
      auto limit = r->i64(4);
      auto used =
          c.query(std::string("SELECT COUNT(*) FROM redemptions WHERE reward_id = $1 AND user_id = $2 AND "
                              "status IN ") +
                      active_statuses,
                  id, uid)
              .first()
              ->i64(0);
      if (used >= limit)
        throw ApiError{http::Status::conflict, err::LIMIT_REACHED,
                       http::Message(msg::LIMIT_REACHED, {{"limit", limit}})};
    }
    if (balance < cost)
      throw ApiError{http::Status::unprocessable_entity, err::INSUFFICIENT_POINTS,
                     http::Message(msg::INSUFFICIENT_POINTS, {{"cost", cost}, {"balance", balance}})};
    const ApiError out_of_stock{http::Status::conflict, err::OUT_OF_STOCK, msg::OUT_OF_STOCK};
    if (r->i64(3) <= 0) throw out_of_stock;
    std::string rid = uuid_v7();
    c.query(
        "INSERT INTO redemptions (id, reward_id, user_id, cost, status, method, store_id, address_json, "
        "created_at, "
        "updated_at) VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $8)",
        rid, id, uid, cost, method, method == "pickup" ? db::Value{store_id} : db::Value{},
        address ? db::Value{json::serialize(*address)} : db::Value{}, now);
    points::award(c, points::Entry{uid, -cost, title, "redemption", rid, "redemption:" + rid, ""});
    record_event(c, rid, uid, "pending", "", uid);
    triggers::fire(c,
                   {triggers::reward_redeemed, uid, rid, cost});  // e.g. a sticker pack gives its sticker now
    if (address)
      c.query(
          "INSERT INTO club_addresses (user_id, address_json, updated_at) VALUES ($1, $2, $3) ON CONFLICT "
          "(user_id) "
          "DO UPDATE SET address_json = excluded.address_json, updated_at = excluded.updated_at",
          uid, json::serialize(*address), now);
    StoredAnswer answer{201, json::object{{"redemption", *redemption_by_id(c, rid, uid, false)},
                                          {"balance", balance - cost}}};
    counters.flush();
    // The stock is taken only if there is some left: never oversold, whatever races this (on PostgreSQL a
    // racing redeemer waits here and sees the stock the first one left; on SQLite writers are serial). None
    // left: the whole redemption rolls back.
    if (c.query("UPDATE rewards SET stock = stock - 1, redeemed_count = redeemed_count + 1 WHERE id = $1 AND "
                "stock > 0",
                id)
            .affected == 0)
      throw out_of_stock;
    return answer;
  });
}

namespace {

Awaitable redeem(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  std::string key = idempotency_key(ctx);
  json::object body = ctx.json_object();
  std::string method;
  if (auto* m = body.if_contains("method");
      m && m->is_string() && (m->as_string() == "pickup" || m->as_string() == "delivery"))
    method = std::string(m->as_string());
  else
    throw ApiError::validation({{"method", msg::METHOD_CHOICE}});
  std::string store_id;
  if (auto* s = body.if_contains("storeId"); s && !s->is_null()) {
    if (!s->is_string() || !plausible_id(s->as_string()))
      throw ApiError::validation({{"storeId", msg::MUST_BE_ID}});
    store_id = std::string(s->as_string());
  }
  std::optional<json::object> address;
  if (method == "delivery") {
    address = parse_address(body.if_contains("address"));
    if (!address) throw address_required();
  }
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return redeem_reward(c, uid, id, method, store_id, address, key, now_ms()); });
  co_return http::json_response(ctx, answer.body, static_cast<http::Status>(answer.status));
}

Awaitable my_redemptions(Context& ctx) {
  std::string uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    return json::object{
        {"items", redemptions_json(c, "WHERE d.user_id = $1 ORDER BY d.created_at DESC, d.id DESC LIMIT 200",
                                   {uid}, false)}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable my_redemption(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  if (!plausible_id(id)) throw ApiError::not_found();
  auto item =
      co_await ctx.app.db->read([&](db::Connection& c) { return redemption_by_id(c, id, uid, false); });
  if (!item) throw ApiError::not_found();
  co_return http::json_response(ctx, json::object{{"redemption", *item}});
}

Awaitable cancel_redemption(Context& ctx) {
  std::string uid = ctx.user->id, id = ctx.params.at("id");
  if (!plausible_id(id)) throw ApiError::not_found();
  auto body = co_await ctx.app.db->transact([&](db::Connection& c) {
    auto item = apply_transition(c, id, Transition::cancel, uid, "", uid);
    return json::object{{"redemption", std::move(item)}, {"balance", points::balance(c, uid)}};
  });
  co_return http::json_response(ctx, body);
}

}  // namespace

void register_reward_routes(http::Services& app) {
  app.router.get("/api/club", club_summary, http::Access::signed_in);
  app.router.get("/api/club/rewards", list_rewards, http::Access::signed_in);
  app.router.get("/api/club/rewards/:id", get_reward, http::Access::signed_in);
  app.router.post("/api/club/rewards/:id/redeem", redeem, http::Access::signed_in);
  app.router.get("/api/club/redemptions", my_redemptions, http::Access::signed_in);
  app.router.get("/api/club/redemptions/:id", my_redemption, http::Access::signed_in);
  app.router.post("/api/club/redemptions/:id/cancel", cancel_redemption, http::Access::signed_in);
}

}  // namespace shopfloor::club
