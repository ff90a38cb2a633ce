// The Logs screen's reads (/admin/logs): the audit log and the sign-in history, filtered and paged.
// (User activity comes from GET /api/admin/activity in telemetry/.)
#include <boost/json.hpp>

#include "db/params.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "resources/audit.hpp"
#include "resources/fields.hpp"
#include "util/ids.hpp"

namespace shopfloor::audit {

namespace {

struct Page {
  std::int64_t page = 1, size = 50;
};

// page (1-based) and pageSize (1..200, default 50) from the query.
Page read_page(const Context& ctx) {
  return {ctx.query_int("page", 1, 1, 1'000'000), ctx.query_int("pageSize", 50, 1, 200)};
}

// A filter of the query: its value when it is given and not empty.
std::optional<std::string> filter_of(const Context& ctx, const char* name) {
  auto v = ctx.query(name);
  if (!v || v->empty()) return std::nullopt;
  return v;
}

// Appends "AND column op $n" for a from/to date filter given as ISO 8601.
void time_filter(const Context& ctx, const char* name, const char* column_op, std::string& where,
                 std::vector<db::Value>& params) {
  auto v = filter_of(ctx, name);
  if (!v) return;
  auto ms = resources::parse_iso8601(*v);
  if (!ms)
    throw ApiError(http::Status::bad_request, err::BAD_REQUEST, msg::INVALID_DATE,
                   {{name, msg::MUST_BE_ISO_DATE_SHORT}});
  where += std::string(" AND ") + column_op + " " + db::bind(params, *ms);
}

void exact_filter(const Context& ctx, const char* name, const char* column, std::string& where,
                  std::vector<db::Value>& params) {
  if (auto v = filter_of(ctx, name)) where += std::string(" AND ") + column + " = " + db::bind(params, *v);
}

json::value parse_or_null(const std::optional<std::string>& text) {
  if (!text) return nullptr;
  std::error_code ec;
  auto v = json::parse(*text, ec);
  return ec ? json::value(*text) : v;
}

json::value person(const db::Row& r, std::size_t i) {
  if (r.is_null(i)) return nullptr;
  return json::object{{"id", r.str(i)}, {"name", r.str(i + 1)}, {"employeeCode", r.str(i + 2)}};
}

// Runs a filtered, paged query, newest first: `from_where` is shared by the page and the total; `alias`
// names the logged table, whose `at` and `id` order the rows.
template <class ToJson>
boost::asio::awaitable<http::Response> paged(Context& ctx, std::string alias, std::string select,
                                             std::string from_where, std::vector<db::Value> params, Page page,
                                             ToJson to_json) {
  auto result = co_await ctx.app.db->read([&](db::Connection& c) {
    auto total = c.exec("SELECT COUNT(*) " + from_where, params).first()->i64(0);
    auto all = params;
    auto limit = db::bind(all, page.size);
    auto offset = db::bind(all, (page.page - 1) * page.size);
    auto rows = c.exec(select + " " + from_where + " ORDER BY " + alias + ".at DESC, " + alias +
                           ".id DESC LIMIT " + limit + " OFFSET " + offset,
                       all);
    return std::pair{total, std::move(rows)};
  });
  json::array items;
  for (const auto& r : result.second.rows) items.push_back(to_json(r));
  co_return http::json_response(ctx, json::object{{"items", std::move(items)},
                                                  {"total", result.first},
                                                  {"page", page.page},
                                                  {"pageSize", page.size}});
}

// GET /api/admin/audit?actor=&resource=&resourceId=&action=&from=&to=&page=&pageSize=
boost::asio::awaitable<http::Response> audit_log(Context& ctx) {
  Page page = read_page(ctx);
  std::vector<db::Value> params;
  std::string where = "FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id WHERE 1 = 1";
  if (auto actor = filter_of(ctx, "actor")) {
    // An actor by id or by employee code.
    auto mark = db::bind(params, *actor);
    where += " AND (a.actor_id = " + mark + " OR u.employee_code = " + mark + ")";
  }
  exact_filter(ctx, "resource", "a.resource", where, params);
  exact_filter(ctx, "resourceId", "a.resource_id", where, params);
  exact_filter(ctx, "action", "a.action", where, params);
  time_filter(ctx, "from", "a.at >=", where, params);
  time_filter(ctx, "to", "a.at <", where, params);
  co_return co_await paged(ctx, "a",
                           "SELECT a.id, a.action, a.resource, a.resource_id, a.before_json, a.after_json, "
                           "a.ip, a.at, u.id, u.name, "
                           "u.employee_code",
                           where, std::move(params), page, [](const db::Row& r) {
                             return json::object{{"id", r.str(0)},
                                                 {"action", r.str(1)},
                                                 {"resource", r.str(2)},
                                                 {"resourceId", http::value_or_null(r.opt_str(3))},
                                                 {"before", parse_or_null(r.opt_str(4))},
                                                 {"after", parse_or_null(r.opt_str(5))},
                                                 {"ip", http::value_or_null(r.opt_str(6))},
                                                 {"time", iso8601(r.i64(7))},
                                                 {"actor", person(r, 8)}};
                           });
}

// GET /api/admin/sign-ins?identifier=&ok=true|false&from=&to=&page=&pageSize=
boost::asio::awaitable<http::Response> sign_ins(Context& ctx) {
  Page page = read_page(ctx);
  std::vector<db::Value> params;
  std::string where = "FROM sign_ins s LEFT JOIN users u ON u.id = s.user_id WHERE 1 = 1";
  if (auto ident = filter_of(ctx, "identifier"))
    where += " AND lower(s.identifier) = lower(" + db::bind(params, *ident) + ")";
  if (auto ok = filter_of(ctx, "ok")) {
    if (*ok != "true" && *ok != "false")
      throw ApiError(http::Status::bad_request, err::BAD_REQUEST, msg::INVALID_FILTER,
                     {{"ok", msg::MUST_BE_BOOLEAN}});
    where += " AND s.ok = " + db::bind(params, *ok == "true");
  }
  time_filter(ctx, "from", "s.at >=", where, params);
  time_filter(ctx, "to", "s.at <", where, params);
  co_return co_await paged(
      ctx, "s",
      "SELECT s.id, s.identifier, s.ok, s.reason, s.ip, s.user_agent, s.at, u.id, u.name, u.employee_code, "
      "s.provider",
      where, std::move(params), page, [](const db::Row& r) {
        return json::object{{"id", r.str(0)},
                            {"identifier", r.str(1)},
                            {"ok", r.boolean(2)},
                            {"reason", http::value_or_null(r.opt_str(3))},
                            {"ip", http::value_or_null(r.opt_str(4))},
                            {"userAgent", http::value_or_null(r.opt_str(5))},
                            {"time", iso8601(r.i64(6))},
                            {"user", person(r, 7)},
                            // "credentials" or a single sign-on provider id; null before issue 26
                            {"provider", http::value_or_null(r.opt_str(10))}};
      });
}

}  // namespace

void register_routes(http::Services& app) {
  app.router.get("/api/admin/audit", audit_log, http::Access::admin);
  app.router.get("/api/admin/sign-ins", sign_ins, http::Access::admin);
}

}  // namespace shopfloor::audit
