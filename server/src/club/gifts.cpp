// New-year gifts: in an open period, each eligible person (the period's audience, joined before its date)
// picks one option; they may change the pick until the period closes. A pick takes one from the option's
// stock and a change gives the old one back, in one transaction; one pick per person and period (UNIQUE).
#include "club/export.hpp"
#include "club/routes.hpp"
#include "http/json_time.hpp"
#include "http/response.hpp"
#include "http/services.hpp"
#include "media/media.hpp"
#include "points/ledger.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"

namespace shopfloor::club {

namespace json = boost::json;
using http::ApiError;
using http::Context;
using Awaitable = boost::asio::awaitable<http::Response>;

namespace {

// When the viewer joined (COALESCE(joined_at, created_at)): periods may be for those who joined before a
// date.
std::int64_t joined_at(db::Connection& c, const std::string& uid) {
  auto r = c.query("SELECT COALESCE(joined_at, created_at) FROM users WHERE id = $1", uid).first();
  return r ? r->i64(0) : 0;
}

// p.id, name, description, start, end, joined_before, audience_json
const char* const period_columns =
    "p.id, p.name, p.description, p.start_at, p.end_at, p.joined_before, p.audience_json";

std::vector<db::Row> open_periods(db::Connection& c, const resources::StaffGate& gate,
                                  const std::string& extra, const std::vector<db::Value>& params) {
  auto joined = joined_at(c, gate.viewer().user_id);
  std::vector<db::Row> out;
  for (auto& r : gate.rows(c,
                           std::string("SELECT ") + period_columns + " FROM gift_periods p WHERE 1 = 1" +
                               gate.published("p", 1) + extra + " ORDER BY p.end_at, p.id",
                           params, 6, 50))
    if (r.is_null(5) || joined < r.i64(5)) out.push_back(std::move(r));
  return out;
}

json::object period_json(db::Connection& c, const db::Row& p, const std::string& uid) {
  json::array options;
  for (const auto& o :
       c.query("SELECT o.id, o.title, o.stock, m.id, m.hash, m.ext, m.kind, m.mime, m.width, "
               "m.height FROM gift_options o LEFT JOIN media m ON m.id = o.image_media_id WHERE "
               "o.period_id = $1 ORDER BY o.position, o.id",
               p.str(0))
           .rows)
    options.push_back(json::object{
        {"id", o.str(0)},
        {"title", o.str(1)},
        {"left", o.i64(2)},
        {"image", o.is_null(3) ? json::value(nullptr) : json::value(media::media_summary(o, 3))}});
  auto pick = c.query("SELECT option_id, updated_at FROM gift_picks WHERE period_id = $1 AND user_id = $2",
                      p.str(0), uid)
                  .first();
  return json::object{{"id", p.str(0)},
                      {"name", p.str(1)},
                      {"description", p.is_null(2) ? json::value(nullptr) : json::value(p.str(2))},
                      {"startAt", http::iso_or_null(p.opt_i64(3))},
                      {"endAt", http::iso_or_null(p.opt_i64(4))},
                      {"options", std::move(options)},
                      {"pick", pick ? json::value(json::object{{"optionId", pick->str(0)},
                                                               {"pickedAt", iso8601(pick->i64(1))}})
                                    : json::value(nullptr)}};
}

Awaitable list_gifts(Context& ctx) {
  std::string uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    auto viewer = resources::load_viewer(c, uid);
    resources::StaffGate gate{viewer, now_ms()};
    json::array periods;
    for (const auto& p : open_periods(c, gate, "", {gate.now()})) periods.push_back(period_json(c, p, uid));
    return json::object{{"periods", std::move(periods)}};
  });
  co_return http::json_response(ctx, body);
}

}  // namespace

// PUT /api/club/gifts/:periodId/pick {optionId}
json::object pick_gift(db::Connection& c, const std::string& uid, const std::string& period,
                       const std::string& option, std::int64_t now) {
  auto viewer = resources::load_viewer(c, uid);
  // Eligible = published to the viewer (audience, joined before); a period outside its window is "not
  // open".
  resources::StaffGate any_time{viewer, now};
  auto p = c.query(std::string("SELECT ") + period_columns +
                       " FROM gift_periods p WHERE p.id = $1 AND p.status = "
                       "'published'",
                   period)
               .first();
  if (!p || !any_time.admits(p->str(6)) || (!p->is_null(5) && joined_at(c, uid) >= p->i64(5)))
    throw ApiError::not_found();
  if ((!p->is_null(3) && p->i64(3) > now) || (!p->is_null(4) && p->i64(4) <= now))
    throw ApiError{http::Status::conflict, "NOT_OPEN", msg::NOT_OPEN};
  if (c.query("SELECT 1 FROM gift_options WHERE id = $1 AND period_id = $2", option, period).empty())
    throw ApiError::validation({{"optionId", msg::OPTION_NOT_IN_PERIOD}});
  points::lock_balance(c, uid);  // one person's picks queue here
  auto current =
      c.query("SELECT option_id FROM gift_picks WHERE period_id = $1 AND user_id = $2", period, uid).first();
  if (!current || current->str(0) != option) {
    if (c.query("UPDATE gift_options SET stock = stock - 1, picked_count = picked_count + 1, version = "
                "version + 1 "
                "WHERE id = $1 AND stock > 0",
                option)
            .affected == 0)
      throw ApiError{http::Status::conflict, "OUT_OF_STOCK", msg::OUT_OF_STOCK};
    // The club report counts picks by option: a changed pick moves from the old option to the new one.
    triggers::fire(c, {"gift.picked", uid, option, 1});
    if (current) triggers::fire(c, {"gift.picked", uid, current->str(0), -1});
    if (current)
      c.query(
          "UPDATE gift_options SET stock = stock + 1, picked_count = picked_count - 1, version = version + "
          "1 "
          "WHERE id = $1",
          current->str(0));
    c.query(
        "INSERT INTO gift_picks (id, period_id, user_id, option_id, created_at, updated_at) VALUES ($1, "
        "$2, $3, $4, "
        "$5, $5) ON CONFLICT (period_id, user_id) DO UPDATE SET option_id = excluded.option_id, updated_at "
        "= "
        "excluded.updated_at",
        uuid_v7(), period, uid, option, now);
  }
  auto out = period_json(c, *p, uid);
  return json::object{{"pick", out["pick"]}, {"period", std::move(out)}};
}

namespace {

Awaitable pick_route(Context& ctx) {
  std::string uid = ctx.user->id, period = ctx.params.at("id");
  json::object body = ctx.json_object();
  const auto* o = body.if_contains("optionId");
  if (!o || !o->is_string() || !plausible_id(o->as_string()))
    throw ApiError::validation({{"optionId", msg::MUST_BE_ID}});
  std::string option(o->as_string());
  if (!plausible_id(period)) throw ApiError::not_found();
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return pick_gift(c, uid, period, option, now_ms()); });
  co_return http::json_response(ctx, answer);
}

// ---- back office ----

json::array picks_of(db::Connection& c, const std::string& period, bool by_store) {
  json::array items;
  for (const auto& r :
       c.query(std::string("SELECT u.id, u.name, u.employee_code, s.id, s.name, o.id, o.title, "
                           "k.updated_at FROM gift_picks k JOIN users u ON u.id = k.user_id JOIN "
                           "gift_options o ON o.id = k.option_id LEFT JOIN stores s ON s.id = "
                           "u.store_id WHERE k.period_id = $1 ORDER BY ") +
                   (by_store ? "s.name, o.position, u.name" : "k.updated_at DESC") + " LIMIT 100000",
               period)
           .rows)
    items.push_back(json::object{
        {"user", json::object{{"id", r.str(0)}, {"name", r.str(1)}, {"employeeId", r.str(2)}}},
        {"store", r.is_null(3) ? json::value(nullptr)
                               : json::value(json::object{{"id", r.str(3)}, {"name", r.str(4)}})},
        {"option", json::object{{"id", r.str(5)}, {"title", r.str(6)}}},
        {"pickedAt", iso8601(r.i64(7))}});
  return items;
}

bool period_exists(db::Connection& c, const std::string& id) {
  return plausible_id(id) && !c.query("SELECT 1 FROM gift_periods WHERE id = $1", id).empty();
}

Awaitable admin_picks(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (!period_exists(c, id)) return std::nullopt;
    json::array options;
    for (const auto& r :
         c.query("SELECT id, title, stock, picked_count FROM gift_options WHERE period_id = $1 ORDER BY "
                 "position, id",
                 id)
             .rows)
      options.push_back(
          json::object{{"id", r.str(0)}, {"title", r.str(1)}, {"stock", r.i64(2)}, {"picked", r.i64(3)}});
    return json::object{{"items", picks_of(c, id, false)}, {"options", std::move(options)}};
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

Awaitable export_picks(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto format = export_format(ctx);
  co_return co_await ctx.app.db->read([&](db::Connection& c) {
    if (!period_exists(c, id)) throw ApiError::not_found();
    ExportTable t{"gift-picks", {"gift", "employee_id", "name", "picked_at"}, {}};
    std::map<std::string, std::size_t> group_of;
    for (const auto& v : picks_of(c, id, true)) {
      const auto& o = v.as_object();
      std::string store = o.at("store").is_object() ? std::string(o.at("store").at("name").as_string()) : "";
      if (!group_of.count(store)) {
        group_of[store] = t.groups.size();
        t.groups.push_back({store, {}});
      }
      t.groups[group_of[store]].rows.push_back({std::string(o.at("option").at("title").as_string()),
                                                std::string(o.at("user").at("employeeId").as_string()),
                                                std::string(o.at("user").at("name").as_string()),
                                                std::string(o.at("pickedAt").as_string())});
    }
    return export_response(ctx, t, format);
  });
}

}  // namespace

json::object gifts_summary(db::Connection& c, const resources::StaffGate& gate) {
  std::int64_t open = 0, picked = 0;
  for (const auto& p : open_periods(c, gate, "", {gate.now()})) {
    ++open;
    if (!c.query("SELECT 1 FROM gift_picks WHERE period_id = $1 AND user_id = $2", p.str(0),
                 gate.viewer().user_id)
             .empty())
      ++picked;
  }
  return json::object{{"open", open}, {"picked", picked}};
}

void register_gift_routes(http::Services& app) {
  app.router.get("/api/club/gifts", list_gifts, http::Access::signed_in);
  app.router.put("/api/club/gifts/:id/pick", pick_route, http::Access::signed_in);
  app.router.get("/api/admin/gift-periods/:id/picks", admin_picks, http::Access::admin);
  app.router.get("/api/admin/gift-periods/:id/picks/export", export_picks, http::Access::admin);
}

}  // namespace shopfloor::club
