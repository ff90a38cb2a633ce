// GET /api/admin/people?q=&limit=: find people by name or employee code, for editors too (awarding a
// badge by hand): only what a picker shows — id, name, employee code, store — never contact details or
// roles, which stay with the admin-only users area.
#include "http/json_time.hpp"
#include "http/response.hpp"
#include "http/services.hpp"
#include "users/users.hpp"
#include "util/text.hpp"

namespace shopfloor::users {

namespace json = boost::json;

namespace {

boost::asio::awaitable<http::Response> find_people(http::Context& ctx) {
  auto q = ascii_lower(std::string(trim(ctx.query("q").value_or(""))));
  auto limit = ctx.query_int("limit", 20, 1, 50);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    auto pattern = like_contains(q);
    json::array items;
    for (const auto& r :
         c.query(std::string("SELECT u.id, u.name, u.employee_code, s.name FROM users u LEFT JOIN stores "
                             "s ON s.id = u.store_id WHERE u.status = 'active' AND (lower(u.name) LIKE "
                             "$1") +
                     like_escape_clause + " OR lower(u.employee_code) LIKE $1" + like_escape_clause +
                     ") ORDER BY u.name, u.id LIMIT $2",
                 pattern, limit)
             .rows)
      items.push_back(json::object{{"id", r.str(0)},
                                   {"name", r.str(1)},
                                   {"employeeId", r.str(2)},
                                   {"store", http::value_or_null(r.opt_str(3))}});
    return json::object{{"items", std::move(items)}};
  });
  co_return http::json_response(ctx, body);
}

}  // namespace

void register_people_routes(http::Services& app) {
  app.router.get("/api/admin/people", find_people, http::Access::editor);
}

}  // namespace shopfloor::users
