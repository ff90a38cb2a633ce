// A report (issue 17, docs/API.md "Reports"): headline figures, charts and tables for a date range and the
// store / region / position filters, built from the daily rollups (rollups/) or bounded reads of an area's
// own tables. The web draws any report from this one shape; exports write one of its tables as shown.
#pragma once

#include <boost/json.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "http/context.hpp"

namespace shopfloor::reports {

// ?from=YYYY-MM-DD&to=YYYY-MM-DD (Bangkok days, both included; default the 30 days to today, at most 366)
// &store=<id>&region=<id>&position=<text>. The previous period is as long, just before `from`.
struct Filter {
  std::int64_t from = 0;  // day numbers (rollups::day_of)
  std::int64_t to = 0;
  std::optional<std::string> store;
  std::optional<std::string> region;
  std::optional<std::string> position;

  std::int64_t days() const { return to - from + 1; }
  Filter previous() const;
  // " AND ..." restricting report_counts (aliased `alias`) to the filter's days and places; appends params.
  std::string where(const std::string& alias, std::vector<db::Value>& params) const;
  // The same for rows carrying a person (users aliased `users_alias`): store, region and position now.
  std::string where_user(const std::string& users_alias, std::vector<db::Value>& params) const;
};

// 400 BAD_REQUEST (REPORT_RANGE / BAD_REQUEST naming the field) on a bad date, a reversed or too long range.
Filter parse_filter(const http::Context& ctx, std::int64_t now_ms);

struct Figure {
  std::string key;  // the web's label: reports.<report>.figures.<key>
  double value = 0;
  std::optional<double> previous;  // the same figure over the previous period, when it compares
  std::string unit;                // "" | "percent" | "ms" | "points" | "score"
  std::string link;                // where the rows behind it are ("" = none, e.g. anonymous)
};

struct Series {
  std::string key;
  std::vector<double> values;  // one per x
};

struct Chart {
  std::string key;
  std::string type;  // "line" | "bar" | "pie"
  std::vector<std::string> x;
  std::vector<Series> series;
};

struct Column {
  std::string key;    // reports.columns.<key> on the web
  std::string label;  // English, for exports
  std::string type;   // "text" | "number" | "percent" | "date"
};

struct Table {
  std::string key;
  std::vector<Column> columns;
  std::vector<std::vector<boost::json::value>> rows;  // strings and numbers, one per column
  std::vector<std::string> links;                     // empty, or one per row ("" = none)
};

struct Report {
  std::vector<Figure> figures;
  std::vector<Chart> charts;
  std::vector<Table> tables;
};

boost::json::object to_json(const std::string& name, const Filter& f, const Report& r);

// A report's builder: reads inside one read transaction.
using Builder = std::function<Report(db::Connection&, const Filter&, std::int64_t now_ms)>;

// What a report writes before it is read, in a write transaction of its own (a summary brought up to date).
using Prepare = std::function<void(db::Connection&, std::int64_t now_ms)>;

// At start-up (reports/reports.cpp lists them): GET /api/admin/reports/<name> and .../<name>/export.
void define(const std::string& name, Builder build, Prepare prepare = {});

// Sums of report_counts for one metric over the filter, grouped by `group`: "day" (every day of the range,
// zeros included, in order), "key", "store", "region", "position" or "" (one row), most counted first. Rows:
// {group, n, total}. `only` keeps the groups among those values; `limit` keeps the first rows (0 = all).
// Reads the coarsest level of the rollups that tells the filter and the grouping apart (rollups::Level).
struct Sum {
  std::string group;
  std::int64_t n = 0;
  std::int64_t total = 0;
};
std::vector<Sum> sum(db::Connection& c, const std::string& metric, const Filter& f, const std::string& group,
                     const std::vector<std::string>& only = {}, int limit = 0);
// The single total of a metric over the filter.
Sum total(db::Connection& c, const std::string& metric, const Filter& f);

}  // namespace shopfloor::reports

namespace shopfloor::reports {
// id -> name of every row of a small naming table ("stores", "regions"): for group labels.
std::map<std::string, std::string> names(db::Connection& c, const std::string& table);
// The total of rows already summed by a group (saves reading the range again).
inline Sum add_up(const std::vector<Sum>& rows) {
  Sum all;
  for (const auto& s : rows) all.n += s.n, all.total += s.total;
  return all;
}
}  // namespace shopfloor::reports
