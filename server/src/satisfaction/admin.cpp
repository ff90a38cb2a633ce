// The back office (admins, SPEC §1): summary per item (average, count, distribution), the lowest rated,
// a weekly trend, and the comments with hide / show.
#include <algorithm>
#include <boost/json.hpp>
#include <cmath>
#include <map>

#include "http/handler.hpp"
#include "resources/audit.hpp"
#include "satisfaction/kinds.hpp"
#include "satisfaction/shared.hpp"
#include "util/ids.hpp"

namespace shopfloor::satisfaction {

namespace {

// The item's title whatever its kind, for SQL over satisfaction_ratings aliased `r`.
constexpr const char* title_joins =
    " LEFT JOIN contents ic ON r.item_type = 'content' AND ic.id = r.item_id"
    " LEFT JOIN courses ico ON r.item_type = 'course' AND ico.id = r.item_id"
    " LEFT JOIN events ie ON r.item_type = 'event' AND ie.id = r.item_id ";
constexpr const char* title_expr = "COALESCE(ic.title, ico.title, ie.title, '')";

constexpr std::int64_t day_ms = 86400000, week_ms = 7 * day_ms;
// 1970-01-01 was a Thursday: shifted by 3 days, weeks start on Monday 00:00 UTC.
constexpr std::int64_t monday_shift = 3 * day_ms;

// COUNT, SUM and the five star counts, for SELECT lists over satisfaction_ratings `r`.
constexpr const char* stats_sql =
    "COUNT(*), SUM(r.stars), SUM(CASE WHEN r.stars = 1 THEN 1 ELSE 0 END), SUM(CASE WHEN r.stars = 2 THEN 1 "
    "ELSE 0 END), SUM(CASE WHEN r.stars = 3 THEN 1 ELSE 0 END), SUM(CASE WHEN r.stars = 4 THEN 1 ELSE 0 "
    "END), "
    "SUM(CASE WHEN r.stars = 5 THEN 1 ELSE 0 END)";

double average(std::int64_t sum, std::int64_t count) {
  return count > 0 ? std::round(static_cast<double>(sum) * 100.0 / static_cast<double>(count)) / 100.0 : 0.0;
}

// From column `at` on: count, sum, five counts.
json::object stats(const db::Row& row, std::size_t at) {
  std::int64_t count = row.is_null(at) ? 0 : row.i64(at);
  std::int64_t sum = row.is_null(at + 1) ? 0 : row.i64(at + 1);
  json::array distribution;
  for (std::size_t s = 0; s < 5; ++s)
    distribution.push_back(row.is_null(at + 2 + s) ? 0 : row.i64(at + 2 + s));
  return json::object{{"count", count}, {"average", average(sum, count)}, {"distribution", distribution}};
}

// The optional `type` filter: "" or one of the kinds (else 422).
std::string type_filter(Context& ctx) {
  auto t = ctx.query("type").value_or("");
  if (!t.empty() && !kind_of(t)) throw ApiError::validation({{"type", msg::SATISFACTION_TYPE}});
  return t;
}

Awaitable summary(Context& ctx) {
  std::string type = type_filter(ctx);
  auto min_count = ctx.query_int("minCount", 3, 1, 1000);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    std::string where = type.empty() ? " WHERE 1 = 1" : " WHERE r.item_type = $1";
    std::vector<db::Value> params;
    if (!type.empty()) params.emplace_back(type);
    auto overall =
        c.exec(std::string("SELECT ") + stats_sql + " FROM satisfaction_ratings r" + where, params).first();
    json::array items, lowest;
    std::vector<json::object> all;
    for (const auto& row :
         c.exec(std::string("SELECT r.item_type, r.item_id, MAX(") + title_expr +
                    "), SUM(CASE WHEN r.comment IS NULL THEN 0 ELSE 1 END), " + stats_sql +
                    " FROM satisfaction_ratings r" + title_joins + where + " GROUP BY r.item_type, r.item_id",
                params)
             .rows) {
      auto o = stats(row, 4);
      o["type"] = row.str(0);
      o["id"] = row.str(1);
      o["title"] = row.str(2);
      o["comments"] = row.i64(3);
      all.push_back(std::move(o));
    }
    // Most rated first for the table; the lowest averages among items rated at least minCount times.
    std::stable_sort(all.begin(), all.end(), [](const json::object& a, const json::object& b) {
      return a.at("count").as_int64() > b.at("count").as_int64();
    });
    std::vector<const json::object*> low;
    for (const auto& o : all)
      if (o.at("count").as_int64() >= min_count) low.push_back(&o);
    std::stable_sort(low.begin(), low.end(), [](const json::object* a, const json::object* b) {
      return a->at("average").as_double() < b->at("average").as_double();
    });
    for (std::size_t i = 0; i < low.size() && i < 10; ++i) lowest.push_back(*low[i]);
    for (std::size_t i = 0; i < all.size() && i < 500; ++i) items.push_back(all[i]);
    return json::object{{"overall", stats(*overall, 0)}, {"items", items}, {"lowest", lowest}};
  });
  co_return http::json_response(ctx, body);
}

// Per week (Monday 00:00 UTC) of the rating's last change, the last `weeks` weeks, empty weeks included.
Awaitable trend(Context& ctx) {
  std::string type = type_filter(ctx);
  auto item = ctx.query("itemId").value_or("");
  if (!item.empty() && !plausible_id(item)) throw ApiError::validation({{"itemId", msg::NOT_FOUND}});
  auto weeks = ctx.query_int("weeks", 12, 1, 104);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    std::int64_t current = (now_ms() + monday_shift) / week_ms, first = current - weeks + 1;
    std::vector<db::Value> params{first * week_ms - monday_shift};
    std::string sql = "SELECT (r.updated_at + 259200000) / 604800000, " + std::string(stats_sql) +
                      " FROM satisfaction_ratings r WHERE r.updated_at >= $1";
    if (!type.empty()) {
      params.emplace_back(type);
      sql += " AND r.item_type = $" + std::to_string(params.size());
    }
    if (!item.empty()) {
      params.emplace_back(item);
      sql += " AND r.item_id = $" + std::to_string(params.size());
    }
    sql += " GROUP BY (r.updated_at + 259200000) / 604800000";
    std::map<std::int64_t, json::object> by_week;
    for (const auto& row : c.exec(sql, params).rows) by_week[row.i64(0)] = stats(row, 1);
    json::array out;
    for (auto w = first; w <= current; ++w) {
      auto it = by_week.find(w);
      json::object o =
          it != by_week.end()
              ? it->second
              : json::object{{"count", 0}, {"average", 0.0}, {"distribution", json::array{0, 0, 0, 0, 0}}};
      o["weekStart"] = iso8601(w * week_ms - monday_shift);
      out.push_back(std::move(o));
    }
    return json::object{{"weeks", out}};
  });
  co_return http::json_response(ctx, body);
}

const char* const comment_select =
    "SELECT r.id, r.item_type, r.item_id, r.stars, r.comment, r.comment_hidden, r.updated_at, u.id, u.name, ";

json::object comment_json(const db::Row& r) {
  return json::object{{"id", r.str(0)},
                      {"type", r.str(1)},
                      {"itemId", r.str(2)},
                      {"stars", r.i64(3)},
                      {"comment", r.str(4)},
                      {"hidden", r.boolean(5)},
                      {"updatedAt", iso8601(r.i64(6))},
                      {"user", json::object{{"id", r.str(7)}, {"name", r.str(8)}}},
                      {"itemTitle", r.str(9)}};
}

// Ratings with a comment, newest first; filters type, itemId, hidden (true|false), stars; limit/offset.
Awaitable comments(Context& ctx) {
  std::string type = type_filter(ctx);
  auto item = ctx.query("itemId").value_or("");
  auto hidden = ctx.query("hidden").value_or("");
  if (!hidden.empty() && hidden != "true" && hidden != "false")
    throw ApiError::validation({{"hidden", msg::MUST_BE_BOOLEAN}});
  auto stars = ctx.query_int("stars", 0, 0, 5);
  auto limit = ctx.query_int("limit", 50, 1, 200), offset = ctx.query_int("offset", 0, 0, 1000000);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    std::vector<db::Value> params;
    std::string where = " WHERE r.comment IS NOT NULL";
    auto add = [&](const std::string& cond, db::Value v) {
      params.push_back(std::move(v));
      where += " AND " + cond + std::to_string(params.size());
    };
    if (!type.empty()) add("r.item_type = $", type);
    if (!item.empty()) add("r.item_id = $", item);
    if (!hidden.empty()) add("r.comment_hidden = $", std::int64_t{hidden == "true" ? 1 : 0});
    if (stars > 0) add("r.stars = $", stars);
    auto total = c.exec("SELECT COUNT(*) FROM satisfaction_ratings r" + where, params).first()->i64(0);
    auto page = params;
    page.emplace_back(limit);
    page.emplace_back(offset);
    json::array items;
    for (const auto& row :
         c.exec(std::string(comment_select) + title_expr +
                    " FROM satisfaction_ratings r JOIN users u ON u.id = r.user_id" + title_joins + where +
                    " ORDER BY r.updated_at DESC, r.id LIMIT $" + std::to_string(params.size() + 1) +
                    " OFFSET $" + std::to_string(params.size() + 2),
                page)
             .rows)
      items.push_back(comment_json(row));
    return json::object{{"items", items}, {"total", total}};
  });
  co_return http::json_response(ctx, body);
}

// Hide or show one comment (the stars still count); audited; the same move twice is harmless.
Awaitable moderate(Context& ctx, bool hide) {
  std::string id = ctx.params.at("id"), actor = ctx.user->id, ip = ctx.client_ip;
  auto body = co_await ctx.app.db->transact([&](db::Connection& c) {
    if (!plausible_id(id)) throw ApiError::not_found();
    auto before =
        c.query("SELECT comment_hidden FROM satisfaction_ratings WHERE id = $1 AND comment IS NOT NULL", id)
            .first();
    if (!before) throw ApiError::not_found();
    // Conditional: of two racing clicks one writes (and one audit entry).
    if (c.query("UPDATE satisfaction_ratings SET comment_hidden = $1, hidden_by = $2 WHERE id = $3 AND "
                "comment_hidden <> $1",
                std::int64_t{hide ? 1 : 0}, hide ? db::Value{actor} : db::Value{}, id)
            .affected > 0)
      audit::record(c, actor, hide ? "satisfaction.hide" : "satisfaction.show", "satisfactions", id,
                    json::object{{"hidden", !hide}}, json::object{{"hidden", hide}}, ip);
    auto row = c.query(std::string(comment_select) + title_expr +
                           " FROM satisfaction_ratings r JOIN users u ON u.id = r.user_id" + title_joins +
                           "WHERE r.id = $1",
                       id)
                   .first();
    return json::object{{"comment", comment_json(*row)}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable hide_comment(Context& ctx) {
  co_return co_await moderate(ctx, true);
}

Awaitable show_comment(Context& ctx) {
  co_return co_await moderate(ctx, false);
}

}  // namespace

void register_admin_routes(http::Services& app) {
  app.router.get("/api/admin/satisfactions/summary", summary, http::Access::admin);
  app.router.get("/api/admin/satisfactions/trend", trend, http::Access::admin);
  app.router.get("/api/admin/satisfactions/comments", comments, http::Access::admin);
  app.router.post("/api/admin/satisfactions/comments/:id/hide", hide_comment, http::Access::admin);
  app.router.post("/api/admin/satisfactions/comments/:id/show", show_comment, http::Access::admin);
}

}  // namespace shopfloor::satisfaction
