// Engagement (docs/API.md "Reports", `engagement`): event attendance, poll and campaign participation, game
// plays and story posts from the areas' happenings (reports/listeners.cpp), and what the telemetry says about
// pages (time spent, time to first scroll, clicks, Web Vitals) from the write buffer's rollups. Every table
// is a top 20 in SQL; nothing reads raw events.
#include <cmath>
#include <functional>
#include <set>

#include "db/params.hpp"
#include "reports/report.hpp"
#include "reports/reports.hpp"
#include "rollups/rollups.hpp"
#include "rollups/telemetry_keys.hpp"

namespace shopfloor::reports {

namespace json = boost::json;

namespace {

constexpr int top_rows = 20;

// "($3, $4, ...)" for the values, appended to params.
std::string in_list(std::vector<db::Value>& params, const std::vector<std::string>& values) {
  std::string sql = "(";
  for (std::size_t i = 0; i < values.size(); ++i) sql += (i ? ", " : "") + db::bind(params, values[i]);
  return sql + ")";
}

// The top rows of one metric by `group` ("key" or "store"), most counted first; `only` restricts the group to
// those values (e.g. the campaigns of the entries' top list).
std::vector<Sum> top(db::Connection& c, const Filter& f, const std::string& metric, const std::string& group,
                     const std::vector<std::string>& only = {}) {
  return sum(c, metric, f, group, only, top_rows);
}

std::map<std::string, Sum> by_group(const std::vector<Sum>& rows) {
  std::map<std::string, Sum> out;
  for (const auto& s : rows) out[s.group] = s;
  return out;
}

std::vector<std::string> groups(const std::vector<Sum>& rows) {
  std::vector<std::string> out;
  for (const auto& s : rows) out.push_back(s.group);
  return out;
}

// id -> (title, the `extra` column, e.g. a contest's kind) of the rows of `table` among `ids`.
std::map<std::string, std::pair<std::string, std::string>> titles(db::Connection& c, const std::string& table,
                                                                  const std::vector<std::string>& ids,
                                                                  const std::string& extra = "''") {
  std::map<std::string, std::pair<std::string, std::string>> out;
  if (ids.empty()) return out;
  std::vector<db::Value> params;
  std::string sql = "SELECT id, title, " + extra + " FROM " + table + " WHERE id IN " + in_list(params, ids);
  for (const auto& r : c.exec(sql, params).rows) out[r.str(0)] = {r.str(1), r.str(2)};
  return out;
}

double average(const Sum& s) {
  return s.n ? std::round(static_cast<double>(s.total) / static_cast<double>(s.n)) : 0.0;
}

// Milliseconds as seconds to one decimal.
double seconds(double ms) {
  return std::round(ms / 100.0) / 10.0;
}

Figure counted(db::Connection& c, const Filter& q, const std::string& key, const std::string& metric,
               const std::string& link = "") {
  return {key, static_cast<double>(total(c, metric, q).n),
          static_cast<double>(total(c, metric, q.previous()).n), "", link};
}

Figure averaged(db::Connection& c, const Filter& q, const std::string& key, const std::string& metric) {
  return {key, average(total(c, metric, q)), average(total(c, metric, q.previous())), "ms", ""};
}

Table events_table(db::Connection& c, const Filter& q) {
  Table t{"events", {{"event", "Event", "text"}, {"attended", "Attended", "number"}}, {}, {}};
  auto rows = top(c, q, "event.attended", "key");
  auto events = titles(c, "events", groups(rows)), social = titles(c, "social_activities", groups(rows));
  for (const auto& s : rows) {
    bool is_social = !events.count(s.group) && social.count(s.group);
    auto name = events.count(s.group) ? events[s.group].first : is_social ? social[s.group].first : s.group;
    t.rows.push_back({json::value(name), s.n});
    t.links.push_back((is_social ? "/admin/socialclub/" : "/admin/events/") + s.group);
  }
  return t;
}

Table polls_table(db::Connection& c, const Filter& q) {
  Table t{"polls", {{"poll", "Poll", "text"}, {"votes", "Votes", "number"}}, {}, {}};
  auto rows = top(c, q, "poll.voted", "key");
  auto names = titles(c, "polls", groups(rows));
  for (const auto& s : rows) {
    t.rows.push_back({json::value(names.count(s.group) ? names[s.group].first : s.group), s.n});
    t.links.push_back("/admin/votes/" + s.group);
  }
  return t;
}

Table campaigns_table(db::Connection& c, const Filter& q) {
  Table t{
      "campaigns",
      {{"campaign", "Campaign", "text"}, {"entries", "Entries", "number"}, {"winners", "Winners", "number"}},
      {},
      {}};
  auto rows = top(c, q, "campaign.entered", "key");
  auto won = by_group(top(c, q, "campaign.won", "key", groups(rows)));
  auto names = titles(c, "contests", groups(rows), "kind");
  for (const auto& s : rows) {
    auto it = names.find(s.group);
    t.rows.push_back({json::value(it != names.end() ? it->second.first : s.group), s.n, won[s.group].n});
    bool naming = it != names.end() && it->second.second == "naming";
    t.links.push_back((naming ? "/admin/campaigns/votenames/" : "/admin/campaigns/") + s.group);
  }
  return t;
}

Table games_table(db::Connection& c, const Filter& q) {
  Table t{
      "games",
      {{"game", "Game", "text"}, {"plays", "Plays", "number"}, {"averageScore", "Average score", "number"}},
      {},
      {}};
  auto rows = top(c, q, "game.played", "key");
  auto names = titles(c, "games", groups(rows));
  for (const auto& s : rows) {
    t.rows.push_back({json::value(names.count(s.group) ? names[s.group].first : s.group), s.n, average(s)});
    t.links.push_back("/admin/games/games?view=" + s.group);
  }
  return t;
}

Table stories_table(db::Connection& c, const Filter& f) {
  Table t{"stories",
          {{"store", "Store", "text"},
           {"submitted", "Submitted", "number"},
           {"published", "Published", "number"}},
          {},
          {}};
  const Filter& q = f;
  auto rows = top(c, q, "story.submitted", "store");
  // Published by the same stores (a story may be published in the range but submitted before it).
  auto published = by_group(rows.empty() ? rows : top(c, q, "story.published", "store", groups(rows)));
  auto stores = names(c, "stores");
  for (const auto& s : rows)
    t.rows.push_back({json::value(s.group.empty()         ? "-"
                                  : stores.count(s.group) ? stores[s.group]
                                                          : s.group),
                      s.n, published[s.group].n});
  return t;
}

Table page_table(db::Connection& c, const Filter& q, const std::string& key, const std::string& metric,
                 const Column& count, const std::string& average_label) {
  Table t{key, {{"page", "Page", "text"}, count, {"averageSeconds", average_label, "number"}}, {}, {}};
  for (const auto& s : top(c, q, metric, "key"))
    t.rows.push_back({json::value(s.group), s.n, seconds(average(s))});
  return t;
}

Table clicks_table(db::Connection& c, const Filter& q) {
  Table t{"clicks", {{"element", "Element", "text"}, {"clicks", "Clicks", "number"}}, {}, {}};
  for (const auto& s : top(c, q, "page.click", "key")) t.rows.push_back({json::value(s.group), s.n});
  return t;
}

Table vitals_table(db::Connection& c, const Filter& q) {
  static const char* const vitals[] = {"LCP", "INP", "CLS", "FCP", "TTFB"};
  Table t{"vitals",
          {{"page", "Page", "text"},
           {"samples", "Samples", "number"},
           {"lcp", "LCP p75 (ms)", "number"},
           {"inp", "INP p75 (ms)", "number"},
           {"cls", "CLS p75", "number"},
           {"fcp", "FCP p75 (ms)", "number"},
           {"ttfb", "TTFB p75 (ms)", "number"}},
          {},
          {}};
  auto pages = top(c, q, "page.vitals", "key");
  if (pages.empty()) return t;
  // The histograms of those pages: (page, vital) -> bucket -> count.
  std::map<std::pair<std::string, std::string>, std::map<int, std::int64_t>> histograms;
  auto page_keys = groups(pages);
  std::set<std::string> wanted(page_keys.begin(), page_keys.end());
  // Every bucket of the range, grouped by key and kept for those pages here: pattern matching 20 prefixes in
  // SQL costs more than it saves (routes, hence keys, are few: rollups/telemetry_keys.hpp).
  auto buckets = sum(c, "page.vital", q, "key");
  for (const auto& b : buckets) {
    const auto& key = b.group;
    auto bar = key.rfind('|');
    auto name_bar = bar == std::string::npos || bar == 0 ? std::string::npos : key.rfind('|', bar - 1);
    if (name_bar == std::string::npos) continue;
    auto page = key.substr(0, name_bar);
    if (!wanted.count(page)) continue;
    histograms[{page, key.substr(name_bar + 1, bar - name_bar - 1)}][std::atoi(key.c_str() + bar + 1)] += b.n;
  }
  for (const auto& p : pages) {
    std::vector<json::value> row{json::value(p.group), p.n};
    for (const char* name : vitals) {
      auto it = histograms.find({p.group, name});
      if (it == histograms.end()) {
        row.emplace_back(nullptr);
        continue;
      }
      double units = rollups::p75_units(it->second);
      row.emplace_back(std::string_view(name) == "CLS" ? units / 1000.0 : units);
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

}  // namespace

Report engagement_report(db::Connection& c, const Filter& f, std::int64_t) {
  Report r;
  const Filter& q = f;
  r.figures = {
      counted(c, q, "eventsAttended", "event.attended", "/admin/events"),
      counted(c, q, "pollVotes", "poll.voted", "/admin/votes"),
      counted(c, q, "campaignEntries", "campaign.entered", "/admin/campaigns"),
      counted(c, q, "campaignWins", "campaign.won", "/admin/campaigns"),
      counted(c, q, "gamePlays", "game.played", "/admin/games/games"),
      counted(c, q, "storiesSubmitted", "story.submitted", "/admin/stories"),
      counted(c, q, "storiesPublished", "story.published", "/admin/stories"),
      averaged(c, q, "averagePageTime", "page.time"),
      averaged(c, q, "averageFirstScroll", "page.scroll"),
      counted(c, q, "clicks", "page.click"),
  };

  Chart daily{"daily", "line", {}, {}};
  for (const auto& [series, metric] :
       std::vector<std::pair<std::string, std::string>>{{"eventsAttended", "event.attended"},
                                                        {"pollVotes", "poll.voted"},
                                                        {"campaignEntries", "campaign.entered"},
                                                        {"gamePlays", "game.played"},
                                                        {"storiesSubmitted", "story.submitted"}}) {
    Series s{series, {}};
    bool first = daily.x.empty();
    for (const auto& d : sum(c, metric, q, "day")) {
      if (first) daily.x.push_back(d.group);
      s.values.push_back(static_cast<double>(d.n));
    }
    daily.series.push_back(std::move(s));
  }
  r.charts.push_back(std::move(daily));

  auto page_time =
      page_table(c, q, "pageTime", "page.time", {"visits", "Visits", "number"}, "Average time (s)");
  Chart pages{"pageTime", "bar", {}, {{"averageSeconds", {}}}};
  for (std::size_t i = 0; i < page_time.rows.size() && i < 10; ++i) {
    pages.x.push_back(std::string(page_time.rows[i][0].as_string()));
    pages.series[0].values.push_back(page_time.rows[i][2].as_double());
  }
  r.charts.push_back(std::move(pages));

  r.tables.push_back(events_table(c, q));
  r.tables.push_back(polls_table(c, q));
  r.tables.push_back(campaigns_table(c, q));
  r.tables.push_back(games_table(c, q));
  r.tables.push_back(stories_table(c, f));
  r.tables.push_back(std::move(page_time));
  r.tables.push_back(page_table(c, q, "firstScroll", "page.scroll", {"scrolls", "Pages scrolled", "number"},
                                "Average time to first scroll (s)"));
  r.tables.push_back(clicks_table(c, q));
  r.tables.push_back(vitals_table(c, q));
  return r;
}

}  // namespace shopfloor::reports
