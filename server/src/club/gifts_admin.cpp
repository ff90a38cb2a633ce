// The back office of new-year gifts: who picked what in a period, and the export for fulfilment (grouped by
// store).
#include "club/routes.hpp"
#include "http/handler.hpp"
#include "resources/export.hpp"
#include "util/ids.hpp"

namespace shopfloor::club {

namespace {

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
  co_return http::json_or_not_found(ctx, body);
}

Awaitable export_picks(Context& ctx) {
  std::string id = ctx.params.at("id");
  co_return co_await resources::export_read(ctx, [&](db::Connection& c) {
    if (!period_exists(c, id)) throw ApiError::not_found();
    resources::ExportTable t{"gift-picks", {"gift", "employee_id", "name", "picked_at"}, {}};
    for (const auto& v : picks_of(c, id, true)) {
      const auto& o = v.as_object();
      std::string store = o.at("store").is_object() ? std::string(o.at("store").at("name").as_string()) : "";
      t.rows_in(store).push_back({std::string(o.at("option").at("title").as_string()),
                                  std::string(o.at("user").at("employeeId").as_string()),
                                  std::string(o.at("user").at("name").as_string()),
                                  std::string(o.at("pickedAt").as_string())});
    }
    return t;
  });
}

}  // namespace

void register_gift_admin_routes(http::Services& app) {
  resources::add_list_and_export(app.router, "/api/admin/gift-periods/:id/picks", admin_picks, export_picks,
                                 http::Access::admin);
}

}  // namespace shopfloor::club
