#include "rollups/rollups.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "util/ids.hpp"

namespace shopfloor::rollups {

namespace chr = std::chrono;

std::int64_t week_start(std::int64_t day) {
  // 1970-01-01 was a Thursday: Monday-based weekday = (day + 3) mod 7.
  return day - ((day % 7 + 7 + 3) % 7);
}

std::int64_t month_start(std::int64_t day) {
  chr::year_month_day ymd{chr::sys_days{chr::days{day}}};
  return chr::sys_days{ymd.year() / ymd.month() / chr::day{1}}.time_since_epoch().count();
}

std::string day_text(std::int64_t day) {
  chr::year_month_day ymd{chr::sys_days{chr::days{day}}};
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
  return buf;
}

std::optional<std::int64_t> parse_day(std::string_view text) {
  int y = 0;
  unsigned m = 0, d = 0;
  char tail = 0;
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  if (std::sscanf(std::string(text).c_str(), "%4d-%2u-%2u%c", &y, &m, &d, &tail) != 3) return std::nullopt;
  chr::year_month_day ymd{chr::year{y}, chr::month{m}, chr::day{d}};
  if (!ymd.ok() || y < 1970 || y > 9999) return std::nullopt;
  return chr::sys_days{ymd}.time_since_epoch().count();
}

std::int64_t next_month(std::int64_t day) {
  return month_start(month_start(day) + 31);
}

Where where_of(db::Connection& c, const std::string& user_id) {
  auto places = places_of(c, {user_id});
  return places.empty() ? Where{} : places.begin()->second;
}

std::map<std::string, Where> places_of(db::Connection& c, const std::vector<std::string>& user_ids) {
  std::map<std::string, Where> out;
  constexpr std::size_t chunk = 500;
  for (std::size_t start = 0; start < user_ids.size(); start += chunk) {
    std::size_t end = std::min(user_ids.size(), start + chunk);
    std::string sql =
        "SELECT u.id, COALESCE(u.store_id, ''), COALESCE(u.position, ''), COALESCE(s.region_id, '') FROM "
        "users u "
        "LEFT JOIN stores s ON s.id = u.store_id WHERE u.id IN (";
    std::vector<db::Value> params;
    for (std::size_t i = start; i < end; ++i) {
      sql += (i == start ? "$" : ", $") + std::to_string(i - start + 1);
      params.emplace_back(user_ids[i]);
    }
    for (const auto& row : c.exec(sql + ")", params).rows)
      out[row.str(0)] = {row.str(1), row.str(2), row.str(3)};
  }
  return out;
}

std::string level_metric(std::string_view metric, Level level, bool month) {
  static const char* const suffix[] = {"", "@store", "@region", "@position", "@all"};
  std::string m = std::string(metric) + suffix[static_cast<int>(level)];
  if (month && level != Level::base) m += "@month";
  return m;
}

std::vector<Counter> counters(std::string_view metric, std::int64_t day, const Where& where) {
  std::vector<Counter> out{{std::string(metric), day, where}};
  const std::pair<Level, Where> levels[] = {
      {Level::store, {where.store_id, "", where.region_id}},
      {Level::region, {where.region_id, where.position, where.region_id}},
      {Level::position, {"", where.position, ""}},
      {Level::all, {}}};
  for (const auto& [level, place] : levels) {
    out.push_back({level_metric(metric, level, false), day, place});
    out.push_back({level_metric(metric, level, true), month_start(day), place});
  }
  return out;
}

void add_row(db::Connection& c, std::string_view metric, std::int64_t day, const Where& where,
             std::string_view key, std::int64_t n, std::int64_t total) {
  c.query(
      "INSERT INTO report_counts (metric, day, store_id, position, key, n, total) VALUES ($1, $2, $3, $4, "
      "$5, $6, $7) "
      "ON CONFLICT (metric, day, store_id, position, key) DO UPDATE SET n = report_counts.n + excluded.n, "
      "total = report_counts.total + excluded.total",
      std::string(metric), day, where.store_id, where.position, std::string(key), n, total);
}

void add(db::Connection& c, std::string_view metric, std::int64_t day, const Where& where,
         std::string_view key, std::int64_t n, std::int64_t total) {
  for (const auto& counter : counters(metric, day, where))
    add_row(c, counter.metric, counter.day, counter.where, key, n, total);
}

void rebuild_levels(db::Connection& c) {
  c.query("DELETE FROM report_counts WHERE metric LIKE '%@%'");
  // The month's first day of a day number, in each database's SQL.
  std::string month =
      c.is_sqlite()
          ? "CAST(julianday(date(r.day * 86400, 'unixepoch', 'start of month')) - 2440587.5 AS INTEGER)"
          : "(date_trunc('month', DATE '1970-01-01' + r.day)::date - DATE '1970-01-01')";
  struct L {
    const char* suffix;
    const char* store;
    const char* position;
  };
  const L levels[] = {{"@store", "r.store_id", "''"},
                      {"@region", "COALESCE(s.region_id, '')", "r.position"},
                      {"@position", "''", "r.position"},
                      {"@all", "''", "''"}};
  // PostgreSQL refuses a constant ('') in GROUP BY.
  auto grouped = [](std::string_view column) {
    return column == "''" ? std::string() : ", " + std::string(column);
  };
  for (const auto& l : levels)
    for (bool per_month : {false, true}) {
      std::string day = per_month ? month : "r.day";
      std::string suffix = std::string(l.suffix) + (per_month ? "@month" : "");
      c.query(
          "INSERT INTO report_counts (metric, day, store_id, position, key, n, total) SELECT r.metric || '" +
          suffix + "', " + day + ", " + l.store + ", " + l.position +
          ", r.key, SUM(r.n), SUM(r.total) FROM report_counts r LEFT JOIN stores s ON s.id = r.store_id "
          "WHERE r.metric NOT LIKE '%@%' GROUP BY r.metric, " +
          day + grouped(l.store) + grouped(l.position) + ", r.key");
    }
}

void count(db::Connection& c, std::string_view metric, const std::string& user_id, std::string_view key,
           std::int64_t n, std::int64_t total, std::int64_t at_ms) {
  add(c, metric, day_of(at_ms ? at_ms : now_ms()), where_of(c, user_id), key, n, total);
}

bool seen(db::Connection& c, const std::string& user_id, const Where& where, std::int64_t at_ms) {
  auto day = day_of(at_ms);
  bool first_of_day = false;
  const std::pair<const char*, std::int64_t> periods[] = {
      {"day", day}, {"week", week_start(day)}, {"month", month_start(day)}};
  for (const auto& [period, start] : periods) {
    auto r = c.query(
        "INSERT INTO report_actives (period, start_day, user_id) VALUES ($1, $2, $3) "
        "ON CONFLICT (period, start_day, user_id) DO NOTHING",
        period, start, user_id);
    bool day = std::string_view(period) == "day";
    if (r.affected == 0) {
      if (day) break;  // seen earlier in the day is seen in its week and month too
      continue;        // seen earlier in the week, but maybe not in this month (a week across two months)
    }
    add(c, std::string("actives.") + period, start, where, "");
    if (day) first_of_day = true;
  }
  return first_of_day;
}

std::int64_t prune_seen(db::Connection& c, std::int64_t now_ms) {
  auto day = day_of(now_ms);
  std::int64_t n = 0;
  n += c.query("DELETE FROM report_actives WHERE period = 'day' AND start_day < $1", day).affected;
  n += c.query("DELETE FROM report_actives WHERE period = 'week' AND start_day < $1", week_start(day))
           .affected;
  n += c.query("DELETE FROM report_actives WHERE period = 'month' AND start_day < $1", month_start(day))
           .affected;
  return n;
}

}  // namespace shopfloor::rollups
