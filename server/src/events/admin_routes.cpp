// Admin routes of both areas (editors and admins): the attendees (going, waitlisted, checked in; search by
// name, employee code or ticket code), their export (CSV/XLSX through the club's export), and check-in by
// ticket code.
#include "events/engine.hpp"
#include "events/staff_routes.hpp"
#include "http/handler.hpp"
#include "resources/export.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::events {

namespace {

// Going first, then the waitlist, each in arrival order; cancelled ones are not attendees.
std::vector<db::Row> attendees(db::Connection& c, const Kind& k, const std::string& id,
                               const std::string& q) {
  std::string sql = attendee_select(k) + "WHERE r.item_id = $1 AND r.status <> 'cancelled'";
  std::vector<db::Value> params{id};
  if (!q.empty()) {
    params.emplace_back(like_contains(ascii_lower(q)));
    sql += std::string(" AND (LOWER(u.name) LIKE $2") + like_escape_clause +
           " OR LOWER(u.employee_code) LIKE $2" + like_escape_clause + " OR LOWER(r.code) LIKE $2" +
           like_escape_clause + ")";
  }
  sql += " ORDER BY CASE r.status WHEN 'going' THEN 0 ELSE 1 END, r.seq LIMIT 5000";
  return c.exec(sql, params).rows;
}

std::string exists_or_404(db::Connection& c, const Kind& k, const std::string& id) {
  auto r = plausible_id(id) ? c.query("SELECT title FROM " + k.table + " WHERE id = $1", id).first()
                            : std::nullopt;
  if (!r) throw ApiError::not_found();
  return r->str(0);
}

void add_admin(http::Services& app, const Kind& k) {
  const std::string base = "/api/admin/" + k.resource + "/:id";
  app.router.get(
      base + "/attendees",
      [&k](Context& ctx) -> Awaitable {
        std::string id = ctx.params.at("id"), q = ctx.query("q").value_or("");
        if (utf8_length(q) > 100) throw ApiError::validation({{"q", msg::SEARCH_TOO_LONG}});
        auto body = co_await ctx.app.db->read([&](db::Connection& c) {
          std::string title = exists_or_404(c, k, id);
          json::array items;
          std::int64_t going = 0, waiting = 0, checked = 0;
          for (const auto& r : attendees(c, k, id, "")) {
            (r.str(5) == "going" ? going : waiting)++;
            if (!r.is_null(8)) checked++;
          }
          for (const auto& r : attendees(c, k, id, q)) items.push_back(attendee_json(r));
          return json::object{
              {"title", title},
              {"items", std::move(items)},
              {"counts", json::object{{"going", going}, {"waitlisted", waiting}, {"checkedIn", checked}}}};
        });
        co_return http::json_response(ctx, body);
      },
      http::Access::editor);

  app.router.get(
      base + "/attendees/export",
      [&k](Context& ctx) -> Awaitable {
        std::string id = ctx.params.at("id");
        co_return co_await resources::export_read(ctx, [&](db::Connection& c) {
          exists_or_404(c, k, id);
          resources::ExportTable t{
              k.resource + "-attendees",
              {"employee_code", "name", "status", "waitlist_position", "ticket", "checked_in_at", "hours"},
              {},
              "store"};
          std::int64_t position = 0;
          for (const auto& r : attendees(c, k, id, "")) {
            std::string store = r.is_null(4) ? "" : r.str(4);
            bool waiting = r.str(5) == "waitlisted";
            t.rows_in(store).push_back({r.str(3), r.str(2), r.str(5),
                                        waiting ? std::to_string(++position) : "", r.str(7),
                                        r.is_null(8) ? "" : iso8601(r.i64(8)), std::to_string(r.i64(9))});
          }
          return t;
        });
      },
      http::Access::editor);

  app.router.post(
      base + "/checkin",
      [&k](Context& ctx) -> Awaitable {
        std::string id = ctx.params.at("id"), actor = ctx.user->id;
        json::object body = ctx.json_object();
        const auto* code = body.if_contains("code");
        if (!code || !code->is_string() || code->as_string().empty() || code->as_string().size() > 64)
          throw ApiError::validation({{"code", msg::TICKET_CODE}});
        std::string ticket = ascii_upper(std::string(trim(std::string_view(code->as_string()))));
        auto answer = co_await ctx.app.db->transact([&](db::Connection& c) {
          exists_or_404(c, k, id);
          return check_in(c, k, id, ticket, actor);
        });
        co_return http::json_response(ctx, answer);
      },
      http::Access::editor);
}

}  // namespace

void register_admin_routes(http::Services& app) {
  add_admin(app, event_kind());
  add_admin(app, social_kind());
}

}  // namespace shopfloor::events
