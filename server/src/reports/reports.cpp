#include "reports/reports.hpp"

#include <cmath>
#include <map>

#include "http/handler.hpp"
#include "notifications/daily_jobs.hpp"
#include "reports/report.hpp"
#include "resources/export.hpp"
#include "rollups/rollups.hpp"
#include "util/ids.hpp"

namespace shopfloor::reports {

namespace {

struct Defined {
  Builder build;
  Prepare prepare;
};

std::map<std::string, Defined>& registry() {
  static std::map<std::string, Defined> r;
  return r;
}

const Defined& defined_of(const http::Context& ctx) {
  auto it = registry().find(ctx.params.at("name"));
  if (it == registry().end()) throw http::ApiError::not_found();
  return it->second;
}

struct Built {
  Filter filter;
  Report report;
};

// The report the route names (404 when none), for the query's filter: its preparation (when it has one)
// written first, then the report read.
boost::asio::awaitable<Built> build_named(http::Context& ctx) {
  const auto& defined = defined_of(ctx);
  auto now = now_ms();
  auto filter = parse_filter(ctx, now);
  if (defined.prepare)
    co_await ctx.app.db->transact([&](db::Connection& c) {
      defined.prepare(c, now);
      return 0;
    });
  auto report = co_await ctx.app.db->read([&](db::Connection& c) { return defined.build(c, filter, now); });
  co_return Built{filter, std::move(report)};
}

// A cell as an export writes it: whole numbers without a decimal point, others to at most four places (as
// the screen shows them: a CLS of 0.315 stays 0.315).
std::string cell_text(const json::value& v) {
  if (v.is_string()) return std::string(v.get_string());
  if (v.is_int64()) return std::to_string(v.get_int64());
  if (v.is_uint64()) return std::to_string(v.get_uint64());
  if (v.is_double()) {
    double d = v.get_double();
    if (std::floor(d) == d && std::fabs(d) < 1e15) return std::to_string(static_cast<std::int64_t>(d));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", d);
    std::string text = buf;
    while (text.back() == '0') text.pop_back();  // 3.5000 -> 3.5, 2.99999 -> 3.0000 -> 3
    if (text.back() == '.') text.pop_back();
    return text;
  }
  if (v.is_bool()) return v.get_bool() ? "true" : "false";
  return "";
}

// Stores, regions and positions to filter by.
json::object options(db::Connection& c) {
  json::array stores, regions, positions;
  for (const auto& r : c.query("SELECT id, code, name, region_id FROM stores ORDER BY code").rows)
    stores.push_back({{"id", r.str(0)}, {"code", r.str(1)}, {"name", r.str(2)}, {"regionId", r.str(3)}});
  for (const auto& r : c.query("SELECT id, code, name FROM regions ORDER BY code").rows)
    regions.push_back({{"id", r.str(0)}, {"code", r.str(1)}, {"name", r.str(2)}});
  for (const auto& r :
       c.query("SELECT DISTINCT position FROM users WHERE position IS NOT NULL AND position <> '' ORDER BY 1")
           .rows)
    positions.push_back(json::value(r.str(0)));
  return {
      {"stores", std::move(stores)}, {"regions", std::move(regions)}, {"positions", std::move(positions)}};
}

}  // namespace

void define(const std::string& name, Builder build, Prepare prepare) {
  registry()[name] = {std::move(build), std::move(prepare)};
}

void register_routes(http::Services& app) {
  define("actives", actives_report);
  define("learning", learning_report);
  define("club", club_report);
  define("engagement", engagement_report);
  define("voice", voice_report);
  listen_for_rollups();
  // The sightings of ended days, weeks and months no longer decide anything (their counts stay).
  app.get<notifications::DailyJobs>().add("report-actives-prune", rollups::prune_seen);

  app.router.get(
      "/api/admin/reports/options",
      [](http::Context& ctx) -> Awaitable {
        auto body = co_await ctx.app.db->read([](db::Connection& c) { return options(c); });
        co_return http::json_response(ctx, body);
      },
      http::Access::admin);

  app.router.get(
      "/api/admin/reports/:name",
      [](http::Context& ctx) -> Awaitable {
        auto built = co_await build_named(ctx);
        co_return http::json_response(ctx, to_json(ctx.params.at("name"), built.filter, built.report));
      },
      http::Access::admin);

  // One table of the report, exactly as the screen shows it: ?table=<key> (the first when absent).
  app.router.get(
      "/api/admin/reports/:name/export",
      [](http::Context& ctx) -> Awaitable {
        auto [filter, report] = co_await build_named(ctx);
        auto format = resources::export_format(ctx);
        auto wanted = ctx.query("table").value_or("");
        const Table* table = nullptr;
        for (const auto& t : report.tables)
          if (wanted.empty() ? !table : t.key == wanted) table = &t;
        if (!table) throw http::ApiError::validation({{"table", msg::REPORT_TABLE}});
        resources::ExportTable out;
        out.filename = ctx.params.at("name") + "-" + table->key + "-" + rollups::day_text(filter.from) + "-" +
                       rollups::day_text(filter.to);
        out.dated = false;
        out.group_column = "";
        for (const auto& c : table->columns) out.header.push_back(c.label);
        out.groups.push_back({table->key, {}});
        for (const auto& row : table->rows) {
          std::vector<std::string> cells;
          for (const auto& v : row) cells.push_back(cell_text(v));
          out.groups.back().rows.push_back(std::move(cells));
        }
        co_return resources::export_response(ctx, out, format);
      },
      http::Access::admin);
}

}  // namespace shopfloor::reports
