// The read side of the leaderboards: GET /api/leaderboards and GET /api/leaderboards/stores.
#include <algorithm>
#include <cmath>
#include <vector>

#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "leaderboards/leaderboards.hpp"
#include "points/standings.hpp"
#include "util/ids.hpp"

namespace shopfloor::leaderboards {

using points::Period;

namespace {

constexpr int kTop = 50;

enum class Scope { store, region, all };

Scope scope_param(const Context& ctx, bool allow_store) {
  auto v = ctx.query("scope").value_or("all");
  if (v == "all") return Scope::all;
  if (v == "region") return Scope::region;
  if (v == "store" && allow_store) return Scope::store;
  throw ApiError(http::Status::bad_request, err::BAD_REQUEST, msg::INVALID_QUERY,
                 {{"scope", allow_store ? msg::LEADERBOARD_SCOPE : msg::LEADERBOARD_STORES_SCOPE}});
}

Period period_param(const Context& ctx) {
  auto p = points::parse_period(ctx.query("period").value_or("week"));
  if (!p)
    throw ApiError(http::Status::bad_request, err::BAD_REQUEST, msg::INVALID_QUERY,
                   {{"period", msg::LEADERBOARD_PERIOD}});
  return *p;
}

json::object period_json(Period p, const points::Bucket& b) {
  bool all = p == Period::all;
  return json::object{{"name", points::period_name(p)},
                      {"from", all ? json::value(nullptr) : json::value(iso8601(b.from_ms))},
                      {"to", all ? json::value(nullptr) : json::value(iso8601(b.to_ms))}};
}

struct Viewer {
  bool ranked = false;
  std::optional<std::string> store, region;
};

Viewer viewer_of(db::Connection& c, const std::string& id) {
  auto r = c.query(
                "SELECT u.role, u.status, u.store_id, s.region_id FROM users u LEFT JOIN stores s ON s.id = "
                "u.store_id WHERE u.id = $1",
                id)
               .first();
  if (!r) return {};
  return {r->str(0) == "staff" && r->str(1) == "active", r->opt_str(2), r->opt_str(3)};
}

// What both boards share: ?scope= and ?period=, the viewer's place, the answer's head {scope, period}, and an
// empty board (no items, no me) when the viewer has no store (or region) to compare within.
struct Board {
  Scope scope = Scope::all;
  Period period = Period::all;
  points::Bucket bucket;
  std::string uid;
  Viewer viewer;
  // The viewer's own store or region, the scope's value (not asked for Scope::all).
  const std::optional<std::string>& place() const {
    return scope == Scope::store ? viewer.store : viewer.region;
  }
};

// Fills out's items and me.
using Ranking = void (*)(db::Connection& c, const Board& b, json::object& out);

Awaitable board(Context& ctx, bool allow_store, Ranking rank) {
  Board b;
  b.scope = scope_param(ctx, allow_store);
  b.period = period_param(ctx);
  b.bucket = points::bucket_of(b.period, now_ms());
  b.uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    b.viewer = viewer_of(c, b.uid);
    json::object out{{"scope", b.scope == Scope::store    ? "store"
                               : b.scope == Scope::region ? "region"
                                                          : "all"},
                     {"period", period_json(b.period, b.bucket)}};
    if (b.scope != Scope::all && !b.place()) {  // nobody to compare with
      out["items"] = json::array{};
      out["me"] = nullptr;
    } else {
      rank(c, b, out);
    }
    return out;
  });
  co_return http::json_response(ctx, body);
}

// How many ranked people are ahead of me (points P reached at T): more points, or as many reached earlier
// (then by id, as the list orders). On the everyone and region boards the people with more points come from
// the points bands (migration 0092_leaderboard_bands): the sum of the bands above mine, plus an index count
// of those of my own band above me, bounded by the next band up that has anyone. Store boards (a few hundred
// people, no bands) count the index range above my entry. `where` and `params` select the board.
std::int64_t people_ahead(db::Connection& c, const Board& q, const std::string& where,
                          std::vector<db::Value> params, std::int64_t points, std::int64_t reached_at) {
  auto n = params.size();
  auto arg = [&](db::Value v) {
    params.push_back(std::move(v));
    return "$" + std::to_string(++n);
  };
  auto p = arg(points), t = arg(reached_at), u = arg(q.uid);
  std::string bands_above = "0", below_next_band;
  if (q.scope != Scope::store) {
    auto board = arg(q.scope == Scope::region ? *q.place() : std::string());
    std::string bands = "FROM leaderboard_bands WHERE period = $1 AND bucket = $2 AND region_id = " + board +
                        " AND band > " + p;
    bands_above = "(SELECT CAST(COALESCE(SUM(people), 0) AS BIGINT) " + bands + ")";
    below_next_band =
        " AND lp.points < COALESCE((SELECT MIN(band) " + bands + " AND people > 0), 9223372036854775807)";
  }
  return c
      .exec("SELECT " + bands_above + " + (SELECT COUNT(*) FROM leaderboard_points lp WHERE " + where +
                " AND lp.points > " + p + below_next_band +
                ") + (SELECT COUNT(*) FROM leaderboard_points lp WHERE " + where + " AND lp.points = " + p +
                " AND lp.reached_at < " + t + ") + (SELECT COUNT(*) FROM leaderboard_points lp WHERE " +
                where + " AND lp.points = " + p + " AND lp.reached_at = " + t + " AND lp.user_id < " + u +
                ")",
            params)
      .rows.front()
      .i64(0);
}

// GET /api/leaderboards?scope=store|region|all&period=week|month|all
void rank_people(db::Connection& c, const Board& q, json::object& out) {
  // The scope's condition and its value: the viewer's own store or region.
  std::string where = "lp.period = $1 AND lp.bucket = $2 AND lp.ranked = 1";
  std::vector<db::Value> params{std::string(points::period_name(q.period)), q.bucket.key};
  if (q.scope != Scope::all) {
    where += q.scope == Scope::store ? " AND lp.store_id = $3" : " AND lp.region_id = $3";
    params.push_back(*q.place());
  }
  auto limit_param = "$" + std::to_string(params.size() + 1);
  auto top_params = params;
  top_params.push_back(std::int64_t{kTop});
  auto rows = c.exec(
      "SELECT lp.user_id, lp.points, u.name, u.nickname, u.image, s.id, s.name FROM leaderboard_points lp "
      "JOIN users u ON u.id = lp.user_id LEFT JOIN stores s ON s.id = lp.store_id WHERE " +
          where + " ORDER BY lp.points DESC, lp.reached_at, lp.user_id LIMIT " + limit_param,
      top_params);
  json::array items;
  std::int64_t rank = 0;
  std::optional<std::int64_t> my_rank;
  for (const auto& r : rows.rows) {
    ++rank;
    if (r.str(0) == q.uid) my_rank = rank;
    auto nickname = r.opt_str(3);
    json::object user{
        {"id", r.str(0)},
        {"name", nickname && !nickname->empty() ? *nickname : r.str(2)},
        {"image", http::value_or_null(r.opt_str(4))},
        {"store", r.is_null(5) ? json::value(nullptr)
                               : json::value(json::object{{"id", r.str(5)}, {"name", r.str(6)}})}};
    items.push_back(json::object{{"rank", rank}, {"user", std::move(user)}, {"points", r.i64(1)}});
  }
  out["items"] = std::move(items);
  if (!q.viewer.ranked) {
    out["me"] = nullptr;
    return;
  }
  auto mine = c.query(
                   "SELECT points, reached_at FROM leaderboard_points WHERE period = $1 AND bucket = $2 AND "
                   "user_id = $3 AND ranked = 1",
                   points::period_name(q.period), q.bucket.key, q.uid)
                  .first();
  if (!mine) {  // nothing earned in this period yet: not on the board
    out["me"] = json::object{{"rank", nullptr}, {"points", 0}};
    return;
  }
  if (!my_rank) my_rank = people_ahead(c, q, where, params, mine->i64(0), mine->i64(1)) + 1;
  out["me"] = json::object{{"rank", *my_rank}, {"points", mine->i64(0)}};
}

Awaitable people(Context& ctx) {
  co_return co_await board(ctx, true, rank_people);
}

struct StoreRow {
  std::string id, name;
  std::optional<std::string> region_id, region_name;
  std::int64_t staff = 0, points = 0;
};

double per_staff(const StoreRow& s) {
  return std::round(static_cast<double>(s.points) * 10 / s.staff) / 10;
}

json::object store_json(const StoreRow& s, std::int64_t rank) {
  json::value region =
      s.region_id ? json::value(json::object{{"id", *s.region_id}, {"name", s.region_name.value_or("")}})
                  : json::value(nullptr);
  return json::object{{"rank", rank},
                      {"store", json::object{{"id", s.id}, {"name", s.name}, {"region", std::move(region)}}},
                      {"points", s.points},
                      {"staff", s.staff},
                      {"perStaff", per_staff(s)}};
}

// GET /api/leaderboards/stores?scope=region|all&period=week|month|all: stores ranked by the points their
// staff earned in the period per active staff member, so a small store competes with a large one.
void rank_stores(db::Connection& c, const Board& q, json::object& out) {
  std::string sql =
      "SELECT s.id, s.name, s.region_id, r.name, st.staff, COALESCE(sp.points, 0) FROM leaderboard_stores "
      "st "
      "JOIN stores s ON s.id = st.store_id LEFT JOIN regions r ON r.id = s.region_id "
      "LEFT JOIN leaderboard_store_points sp ON sp.period = $1 AND sp.bucket = $2 AND sp.store_id = "
      "st.store_id "
      "WHERE st.staff > 0";
  std::vector<db::Value> params{std::string(points::period_name(q.period)), q.bucket.key};
  if (q.scope == Scope::region) {
    sql += " AND s.region_id = $3";
    params.push_back(*q.viewer.region);
  }
  std::vector<StoreRow> list;
  for (const auto& r : c.exec(sql, params).rows)
    list.push_back({r.str(0), r.str(1), r.opt_str(2), r.opt_str(3), r.i64(4), r.i64(5)});
  // points/staff descending, compared exactly (a.points/a.staff > b.points/b.staff); then more points,
  // then name and id so the order is stable.
  std::sort(list.begin(), list.end(), [](const StoreRow& a, const StoreRow& b) {
    auto l = static_cast<__int128>(a.points) * b.staff, r = static_cast<__int128>(b.points) * a.staff;
    if (l != r) return l > r;
    if (a.points != b.points) return a.points > b.points;
    if (a.name != b.name) return a.name < b.name;
    return a.id < b.id;
  });
  json::array items;
  json::value me = nullptr;
  for (std::size_t i = 0; i < list.size(); ++i) {
    auto rank = static_cast<std::int64_t>(i + 1);
    if (i < kTop) items.push_back(store_json(list[i], rank));
    if (q.viewer.store && list[i].id == *q.viewer.store) {
      auto row = store_json(list[i], rank);
      me = json::object{{"rank", rank},
                        {"store", row["store"]},
                        {"points", list[i].points},
                        {"staff", list[i].staff},
                        {"perStaff", per_staff(list[i])}};
    }
  }
  out["items"] = std::move(items);
  out["me"] = std::move(me);
}

Awaitable stores(Context& ctx) {
  co_return co_await board(ctx, false, rank_stores);
}

}  // namespace

void register_routes(http::Services& app) {
  app.router.get("/api/leaderboards", people, http::Access::signed_in);
  app.router.get("/api/leaderboards/stores", stores, http::Access::signed_in);
}

}  // namespace shopfloor::leaderboards
