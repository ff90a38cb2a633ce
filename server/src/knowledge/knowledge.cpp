// The knowledge area's routes: the report joins /admin/reports; the dashboard asks for the weakest topics.
#include "knowledge/knowledge.hpp"

#include <algorithm>
#include <mutex>

#include "drill/today.hpp"
#include "http/handler.hpp"
#include "knowledge/gaps.hpp"
#include "knowledge/summary.hpp"
#include "notifications/daily_jobs.hpp"
#include "reports/reports.hpp"
#include "util/ids.hpp"

namespace shopfloor::knowledge {

namespace json = boost::json;

namespace {

constexpr std::size_t weakest_topics = 3;
constexpr std::size_t stores_per_topic = 20;
// Every admin's dashboard asks: the answer is kept this long and shared (it reads the summary's groups, one
// per topic, store and position).
constexpr std::int64_t weakest_fresh_ms = 10 * 60 * 1000;
// People marked stale (summary.hpp) refreshed before a report is read: each reads the person's states, so a
// bulk change (a question deleted: everyone who drilled it) is left to the daily rebuild.
constexpr std::int64_t stale_per_read = 500;

struct WeakestCache {
  std::mutex m;
  std::int64_t at = 0;
  json::object body;
};
WeakestCache& weakest_cache() {
  static WeakestCache c;
  return c;
}

// The three topics with the lowest retention now, each with its refresher course and the stores where the
// topic's retention is below the drill's desired retention (weakest first): whom a refresher should reach.
json::object weakest(db::Connection& c) {
  const auto gaps = read_gaps(c, "", {}, true);
  double desired = 90;
  if (auto r = c.query("SELECT desired_retention_percent FROM drill_settings WHERE id = 'default'").first())
    desired = static_cast<double>(r->i64(0));
  auto store_names = reports::names(c, "stores");
  std::vector<std::pair<std::string, Retention>> topics(gaps.by_topic.begin(), gaps.by_topic.end());
  std::stable_sort(topics.begin(), topics.end(),
                   [](const auto& a, const auto& b) { return a.second.percent() < b.second.percent(); });
  if (topics.size() > weakest_topics) topics.resize(weakest_topics);
  json::array out;
  for (const auto& [id, r] : topics) {
    const auto& topic = gaps.topics.at(id);
    std::vector<std::pair<std::string, Retention>> stores;
    for (const auto& [key, s] : gaps.by_topic_store)
      if (key.first == id && !key.second.empty() && s.percent() < desired) stores.emplace_back(key.second, s);
    std::stable_sort(stores.begin(), stores.end(),
                     [](const auto& a, const auto& b) { return a.second.percent() < b.second.percent(); });
    if (stores.size() > stores_per_topic) stores.resize(stores_per_topic);
    json::array concerned;
    for (const auto& [store, s] : stores)
      concerned.push_back({{"id", store},
                           {"name", store_names.count(store) ? store_names[store] : store},
                           {"retention", s.percent()}});
    out.push_back(
        {{"id", id.empty() ? json::value(nullptr) : json::value(id)},
         {"name", topic.name.empty() ? json::value(nullptr) : json::value(topic.name)},
         {"retention", r.percent()},
         {"people", r.people},
         {"course", topic.course_id.empty()
                        ? json::value(nullptr)
                        : json::value(json::object{{"id", topic.course_id}, {"title", topic.course_title}})},
         {"stores", std::move(concerned)}});
  }
  return {{"desiredRetention", desired}, {"topics", std::move(out)}};
}

}  // namespace

void register_routes(http::Services& app) {
  reports::define("knowledge", knowledge_report,
                  [](db::Connection& c, std::int64_t now) { refresh_stale(c, now, stale_per_read); });
  drill::on_reviewed(refresh_person);
  // Retrievability falls as days pass without any write: every share again for the new day, 100 people per
  // transaction (one transaction for 100,000 people would hold every drill answer for minutes).
  app.get<notifications::DailyJobs>().add_batched(
      "knowledge-new-day", [](db::Connection& c, std::int64_t now) { return roll_over(c, now, 100); });

  app.router.get(
      "/api/admin/knowledge/weakest",
      [](http::Context& ctx) -> Awaitable {
        auto now = now_ms();
        auto& cache = weakest_cache();
        {
          std::lock_guard lock(cache.m);
          if (cache.at > 0 && now - cache.at < weakest_fresh_ms)
            co_return http::json_response(ctx, cache.body);
        }
        co_await ctx.app.db->transact(
            [&](db::Connection& c) { return refresh_stale(c, now, stale_per_read); });
        auto body = co_await ctx.app.db->read([&](db::Connection& c) { return weakest(c); });
        {
          std::lock_guard lock(cache.m);
          cache.at = now;
          cache.body = body;
        }
        co_return http::json_response(ctx, body);
      },
      http::Access::admin);
}

}  // namespace shopfloor::knowledge
