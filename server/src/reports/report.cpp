#include "reports/report.hpp"

#include <map>

#include "db/params.hpp"
#include "http/api_error.hpp"
#include "http/json_time.hpp"
#include "rollups/rollups.hpp"

namespace shopfloor::reports {

namespace json = boost::json;

namespace {

constexpr std::int64_t max_days = 366;

std::optional<std::string> nonempty(const http::Context& ctx, const char* name) {
  auto v = ctx.query(name);
  if (!v || v->empty()) return std::nullopt;
  return v;
}

}  // namespace

Filter Filter::previous() const {
  Filter p = *this;
  p.to = from - 1;
  p.from = from - days();
  return p;
}

std::string Filter::where(const std::string& alias, std::vector<db::Value>& params) const {
  auto next = [&](db::Value v) { return db::bind(params, std::move(v)); };
  std::string sql = " AND " + alias + ".day BETWEEN " + next(from) + " AND " + next(to);
  if (store) sql += " AND " + alias + ".store_id = " + next(*store);
  if (region)
    sql += " AND " + alias + ".store_id IN (SELECT id FROM stores WHERE region_id = " + next(*region) + ")";
  if (position) sql += " AND " + alias + ".position = " + next(*position);
  return sql;
}

std::string Filter::where_user(const std::string& u, std::vector<db::Value>& params) const {
  auto next = [&](db::Value v) { return db::bind(params, std::move(v)); };
  std::string sql;
  if (store) sql += " AND " + u + ".store_id = " + next(*store);
  if (region)
    sql += " AND " + u + ".store_id IN (SELECT id FROM stores WHERE region_id = " + next(*region) + ")";
  if (position) sql += " AND " + u + ".position = " + next(*position);
  return sql;
}

Filter parse_filter(const http::Context& ctx, std::int64_t now_ms) {
  Filter f;
  auto day = [&](const char* name, std::int64_t def) {
    auto v = nonempty(ctx, name);
    if (!v) return def;
    auto d = rollups::parse_day(*v);
    if (!d) throw http::ApiError::validation({{name, msg::REPORT_DATE}});
    return *d;
  };
  std::int64_t today = rollups::day_of(now_ms);
  f.to = day("to", today);
  f.from = day("from", f.to - 29);
  if (f.from > f.to || f.days() > max_days) throw http::ApiError::validation({{"from", msg::REPORT_RANGE}});
  f.store = nonempty(ctx, "store");
  f.region = nonempty(ctx, "region");
  f.position = nonempty(ctx, "position");
  return f;
}

json::object to_json(const std::string& name, const Filter& f, const Report& r) {
  json::array figures;
  for (const auto& fig : r.figures) {
    json::object o{{"key", fig.key}, {"value", fig.value}};
    if (fig.previous) o["previous"] = *fig.previous;
    if (!fig.unit.empty()) o["unit"] = fig.unit;
    if (!fig.link.empty()) o["link"] = fig.link;
    figures.push_back(std::move(o));
  }
  json::array charts;
  for (const auto& ch : r.charts) {
    json::array x(ch.x.begin(), ch.x.end()), series;
    for (const auto& s : ch.series)
      series.push_back({{"key", s.key}, {"values", json::array(s.values.begin(), s.values.end())}});
    charts.push_back(
        {{"key", ch.key}, {"type", ch.type}, {"x", std::move(x)}, {"series", std::move(series)}});
  }
  json::array tables;
  for (const auto& t : r.tables) {
    json::array columns, rows;
    for (const auto& c : t.columns) columns.push_back({{"key", c.key}, {"label", c.label}, {"type", c.type}});
    for (const auto& row : t.rows) rows.push_back(json::array(row.begin(), row.end()));
    json::object o{{"key", t.key}, {"columns", std::move(columns)}, {"rows", std::move(rows)}};
    if (!t.links.empty()) o["links"] = json::array(t.links.begin(), t.links.end());
    tables.push_back(std::move(o));
  }
  json::object filters{{"from", rollups::day_text(f.from)}, {"to", rollups::day_text(f.to)}};
  filters["store"] = http::value_or_null(f.store);
  filters["region"] = http::value_or_null(f.region);
  filters["position"] = http::value_or_null(f.position);
  auto prev = f.previous();
  return {
      {"report", name},
      {"filters", std::move(filters)},
      {"previous", json::object{{"from", rollups::day_text(prev.from)}, {"to", rollups::day_text(prev.to)}}},
      {"figures", std::move(figures)},
      {"charts", std::move(charts)},
      {"tables", std::move(tables)}};
}

namespace {

// The coarsest level of the rollups (rollups/rollups.hpp) that still tells the filter's places and the
// grouping apart: a store's rows when a store matters, a region's when only regions do, and so on.
rollups::Level level_for(const Filter& f, const std::string& group) {
  bool store = f.store || group == "store", position = f.position || group == "position";
  if (store) return position ? rollups::Level::base : rollups::Level::store;
  if (f.region || group == "region") return rollups::Level::region;
  return position ? rollups::Level::position : rollups::Level::all;
}

// " AND ..." on one level's rows for the filter's places.
std::string places(const Filter& f, rollups::Level level, std::vector<db::Value>& params) {
  auto next = [&](db::Value v) { return db::bind(params, std::move(v)); };
  using L = rollups::Level;
  std::string sql;
  if (level == L::base || level == L::store) {
    if (f.store) sql += " AND r.store_id = " + next(*f.store);
    if (f.region)
      sql += " AND r.store_id IN (SELECT id FROM stores WHERE region_id = " + next(*f.region) + ")";
  }
  if (level == L::region && f.region) sql += " AND r.store_id = " + next(*f.region);  // holds the region
  if ((level == L::base || level == L::region || level == L::position) && f.position)
    sql += " AND r.position = " + next(*f.position);
  return sql;
}

// What a row is grouped by at a level.
std::string group_column(const std::string& group, rollups::Level level) {
  if (group == "day") return "r.day";
  if (group == "key") return "r.key";
  if (group == "store") return "r.store_id";
  if (group == "position") return "r.position";
  if (group == "region") return level == rollups::Level::region ? "r.store_id" : "COALESCE(s.region_id, '')";
  return "''";
}

}  // namespace

std::vector<Sum> sum(db::Connection& c, const std::string& metric, const Filter& f, const std::string& group,
                     const std::vector<std::string>& only, int limit) {
  auto level = level_for(f, group);
  bool join_stores = group == "region" && level != rollups::Level::region;
  std::string by = group_column(group, level);
  // The range's whole months are read from the level's month rows (one per month), the days around them from
  // its day rows; a per-day grouping reads days only.
  std::vector<std::tuple<std::string, std::int64_t, std::int64_t>> spans;  // metric, from, to
  std::int64_t first = rollups::month_start(f.from) == f.from ? f.from : rollups::next_month(f.from);
  std::int64_t after = first;  // the day after the whole months
  while (rollups::next_month(after) - 1 <= f.to) after = rollups::next_month(after);
  const auto& daily = rollups::level_metric(metric, level, false);
  if (group == "day" || after == first || level == rollups::Level::base) {
    spans.emplace_back(daily, f.from, f.to);
  } else {
    if (f.from < first) spans.emplace_back(daily, f.from, first - 1);
    spans.emplace_back(rollups::level_metric(metric, level, true), first, rollups::month_start(after - 1));
    if (after <= f.to) spans.emplace_back(daily, after, f.to);
  }
  std::vector<db::Value> params;
  std::string parts;
  for (const auto& [m, from, to] : spans) {
    if (!parts.empty()) parts += " UNION ALL ";
    params.emplace_back(m);
    std::string sql = "SELECT " + by + " AS g, r.n, r.total FROM report_counts r" +
                      (join_stores ? " LEFT JOIN stores s ON s.id = r.store_id" : "") +
                      " WHERE r.metric = $" + std::to_string(params.size());
    params.emplace_back(from);
    sql += " AND r.day BETWEEN $" + std::to_string(params.size());
    params.emplace_back(to);
    sql += " AND $" + std::to_string(params.size());
    sql += places(f, level, params);
    if (!only.empty()) {
      sql += " AND " + by + " IN (";
      for (std::size_t i = 0; i < only.size(); ++i) {
        params.emplace_back(only[i]);
        sql += (i ? ", $" : "$") + std::to_string(params.size());
      }
      sql += ")";
    }
    parts += sql;
  }
  std::string sql = std::string("SELECT ") + (group.empty() ? "''" : "g") +
                    ", COALESCE(SUM(n), 0), COALESCE(SUM(total), 0) FROM (" + parts + ") x" +
                    (group.empty() ? "" : " GROUP BY g ORDER BY 2 DESC, 1") +
                    (limit > 0 && group != "day" ? " LIMIT " + std::to_string(limit) : "");
  std::vector<Sum> out;
  auto rows = c.exec(sql, params).rows;
  if (group == "day") {
    std::map<std::int64_t, Sum> by_day;
    for (const auto& r : rows) by_day[r.i64(0)] = {rollups::day_text(r.i64(0)), r.i64(1), r.i64(2)};
    for (auto d = f.from; d <= f.to; ++d) {
      auto it = by_day.find(d);
      out.push_back(it != by_day.end() ? it->second : Sum{rollups::day_text(d), 0, 0});
    }
    return out;
  }
  for (const auto& r : rows) out.push_back({r.str(0), r.i64(1), r.i64(2)});
  return out;
}

Sum total(db::Connection& c, const std::string& metric, const Filter& f) {
  auto rows = sum(c, metric, f, "");
  return rows.empty() ? Sum{} : rows.front();
}

std::map<std::string, std::string> names(db::Connection& c, const std::string& table) {
  std::map<std::string, std::string> out;
  for (const auto& r : c.query("SELECT id, name FROM " + table).rows) out[r.str(0)] = r.str(1);
  return out;
}

}  // namespace shopfloor::reports
