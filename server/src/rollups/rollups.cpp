#include "rollups/rollups.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <set>
#include <tuple>

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

namespace {
thread_local Deferred* deferring = nullptr;  // the innermost live Deferred of this thread
}  // namespace

Deferred::Deferred(db::Connection& c) : c_(c), outer_(deferring) {
  deferring = this;
}

Deferred::~Deferred() {
  if (deferring == this) deferring = outer_;
}

void Deferred::flush() {
  if (deferring == this) deferring = outer_;  // the hold ends: later counts are written at once
  std::vector<Row> rows;
  rows.reserve(rows_.size());
  for (const auto& [k, v] : rows_)  // the map's order: every flush locks its rows in the same order
    rows.push_back(
        {std::get<0>(k), std::get<1>(k), std::get<2>(k), std::get<3>(k), std::get<4>(k), v.first, v.second});
  rows_.clear();
  add_rows(c_, rows);
}

void add_rows(db::Connection& c, const std::vector<Row>& rows) {
  if (deferring && &deferring->c_ == &c) {
    for (const auto& r : rows) {
      auto& v = deferring->rows_[{r.metric, r.day, r.store_id, r.position, r.key}];
      v.first += r.n;
      v.second += r.total;
    }
    return;
  }
  constexpr std::size_t chunk = 200;  // 1,400 parameters a statement: under SQLite's and PostgreSQL's limits
  for (std::size_t start = 0; start < rows.size(); start += chunk) {
    std::size_t end = std::min(rows.size(), start + chunk);
    std::string sql = "INSERT INTO report_counts (metric, day, store_id, position, key, n, total) VALUES ";
    std::vector<db::Value> params;
    params.reserve((end - start) * 7);
    for (std::size_t i = start; i < end; ++i) {
      auto n = params.size();
      sql += (i == start ? "($" : ", ($") + std::to_string(n + 1);
      for (int k = 2; k <= 7; ++k) sql += ", $" + std::to_string(n + k);
      sql += ")";
      const auto& r = rows[i];
      params.insert(params.end(), {r.metric, r.day, r.store_id, r.position, r.key, r.n, r.total});
    }
    c.exec(sql +
               " ON CONFLICT (metric, day, store_id, position, key) DO UPDATE SET n = report_counts.n + "
               "excluded.n, total = report_counts.total + excluded.total",
           params);
  }
}

void add(db::Connection& c, std::string_view metric, std::int64_t day, const Where& where,
         std::string_view key, std::int64_t n, std::int64_t total) {
  std::vector<Row> rows;
  for (const auto& counter : counters(metric, day, where))
    rows.push_back({counter.metric, counter.day, counter.where.store_id, counter.where.position,
                    std::string(key), n, total});
  add_rows(c, rows);  // the counter and its eight coarser copies in one statement
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

std::vector<NewPeriod> mark_seen(db::Connection& c, const std::vector<Sighting>& sightings) {
  // Each person's day, ISO week and month once; the insert answers the rows that are new (seen first now).
  std::set<std::tuple<std::string, std::int64_t, std::string>> wanted;
  for (const auto& s : sightings) {
    auto day = day_of(s.at_ms);
    wanted.insert({"day", day, s.user_id});
    wanted.insert({"week", week_start(day), s.user_id});
    wanted.insert({"month", month_start(day), s.user_id});
  }
  std::vector<NewPeriod> out;
  std::vector<std::tuple<std::string, std::int64_t, std::string>> all(wanted.begin(), wanted.end());
  constexpr std::size_t chunk = 300;
  for (std::size_t start = 0; start < all.size(); start += chunk) {
    std::size_t end = std::min(all.size(), start + chunk);
    std::string sql = "INSERT INTO report_actives (period, start_day, user_id) VALUES ";
    std::vector<db::Value> params;
    for (std::size_t i = start; i < end; ++i) {
      auto n = params.size();
      sql += (i == start ? "($" : ", ($") + std::to_string(n + 1) + ", $" + std::to_string(n + 2) + ", $" +
             std::to_string(n + 3) + ")";
      const auto& [period, day, user] = all[i];
      params.insert(params.end(), {period, day, user});
    }
    for (const auto& r :
         c.exec(
              sql +
                  " ON CONFLICT (period, start_day, user_id) DO NOTHING RETURNING period, start_day, user_id",
              params)
             .rows)
      out.push_back({"actives." + r.str(0), r.i64(1), r.str(2)});
  }
  return out;
}

bool seen(db::Connection& c, const std::string& user_id, const Where& where, std::int64_t at_ms) {
  bool first_of_day = false;
  for (const auto& p : mark_seen(c, {{user_id, at_ms}})) {
    add(c, p.metric, p.start_day, where, "");
    if (p.metric == "actives.day") first_of_day = true;
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
