// Active users: people seen (any page view or event the telemetry buffer writes) per day, ISO week and
// month, from the 'actives.*' rollups; online now from presence.
#include <cmath>

#include "reports/report.hpp"
#include "reports/reports.hpp"
#include "rollups/rollups.hpp"

namespace shopfloor::reports {

namespace json = boost::json;

namespace {

// The filter's places over other days: the week or month holding `to`, or the starts of those periods.
Filter on_days(const Filter& f, std::int64_t from, std::int64_t to) {
  Filter g = f;
  g.from = from;
  g.to = to;
  return g;
}

double per_day(const Sum& s, const Filter& f) {
  return std::round(static_cast<double>(s.n) * 100.0 / static_cast<double>(f.days())) / 100.0;
}

// Period counts ('actives.week' / '.month' rows sit on their start day) for each period starting in the
// range.
Chart periods(db::Connection& c, const Filter& f, const std::string& period, const std::string& key) {
  Filter g = on_days(f, period == "week" ? rollups::week_start(f.from) : rollups::month_start(f.from), f.to);
  Chart ch{key, "bar", {}, {{"actives", {}}}};
  for (const auto& s : sum(c, "actives." + period, g, "day")) {
    auto d = rollups::parse_day(s.group);
    bool start = period == "week" ? rollups::week_start(*d) == *d : rollups::month_start(*d) == *d;
    if (!start) continue;
    ch.x.push_back(s.group);
    ch.series[0].values.push_back(static_cast<double>(s.n));
  }
  return ch;
}

}  // namespace

Report actives_report(db::Connection& c, const Filter& f, std::int64_t) {
  Report r;
  auto prev = f.previous();
  auto days = sum(c, "actives.day", f, "day");
  Sum all = total(c, "actives.day", f), before = total(c, "actives.day", prev);
  auto week = total(c, "actives.week", on_days(f, rollups::week_start(f.to), rollups::week_start(f.to)));
  auto prev_week =
      total(c, "actives.week", on_days(f, rollups::week_start(f.to) - 7, rollups::week_start(f.to) - 7));
  auto month_day = rollups::month_start(f.to), prev_month_day = rollups::month_start(month_day - 1);
  auto month = total(c, "actives.month", on_days(f, month_day, month_day));
  auto prev_month = total(c, "actives.month", on_days(f, prev_month_day, prev_month_day));
  std::vector<db::Value> params;
  std::string where = f.where_user("u", params);
  auto online =
      c.exec("SELECT COUNT(*) FROM presence p JOIN users u ON u.id = p.user_id WHERE p.online = 1" + where,
             params)
          .first()
          ->i64(0);

  r.figures = {
      {"dailyAverage", per_day(all, f), per_day(before, prev), "", ""},
      {"lastDay", days.empty() ? 0.0 : static_cast<double>(days.back().n),
       static_cast<double>(days.size() > 1 ? days[days.size() - 2].n : 0), "", ""},
      {"week", static_cast<double>(week.n), static_cast<double>(prev_week.n), "", ""},
      {"month", static_cast<double>(month.n), static_cast<double>(prev_month.n), "", ""},
      {"onlineNow", static_cast<double>(online), std::nullopt, "", "/admin"},
  };

  Chart daily{"daily", "line", {}, {{"actives", {}}}};
  for (const auto& d : days) {
    daily.x.push_back(d.group);
    daily.series[0].values.push_back(static_cast<double>(d.n));
  }
  r.charts.push_back(std::move(daily));
  r.charts.push_back(periods(c, f, "week", "weekly"));
  r.charts.push_back(periods(c, f, "month", "monthly"));

  // By store and by region: the average daily actives over the range, and how many people-days.
  auto stores = names(c, "stores"), regions = names(c, "regions");
  Table by_store{"byStore",
                 {{"store", "Store", "text"},
                  {"dailyAverage", "Daily average", "number"},
                  {"peopleDays", "People-days", "number"}},
                 {},
                 {}};
  for (const auto& s : sum(c, "actives.day", f, "store")) {
    by_store.rows.push_back({json::value(s.group.empty()         ? "-"
                                         : stores.count(s.group) ? stores[s.group]
                                                                 : s.group),
                             per_day(s, f), s.n});
    by_store.links.push_back(s.group.empty() ? "" : "/admin/users?store=" + s.group);
  }
  Table by_region{"byRegion",
                  {{"region", "Region", "text"},
                   {"dailyAverage", "Daily average", "number"},
                   {"peopleDays", "People-days", "number"}},
                  {},
                  {}};
  for (const auto& s : sum(c, "actives.day", f, "region"))
    by_region.rows.push_back({json::value(s.group.empty()          ? "-"
                                          : regions.count(s.group) ? regions[s.group]
                                                                   : s.group),
                              per_day(s, f), s.n});
  r.tables.push_back(std::move(by_store));
  r.tables.push_back(std::move(by_region));
  return r;
}

}  // namespace shopfloor::reports
