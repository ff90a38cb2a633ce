#include "telemetry/write_buffer.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "rollups/rollups.hpp"
#include "rollups/telemetry_keys.hpp"
#include "util/ids.hpp"

namespace shopfloor::telemetry {

WriteBuffer::WriteBuffer(db::Database& db, std::size_t flush_size, std::chrono::milliseconds interval,
                         std::size_t capacity)
    : db_(db), flush_size_(flush_size), interval_(interval), capacity_(capacity) {}

std::size_t WriteBuffer::pending() const {
  std::lock_guard lock(mutex_);
  return pending_.size();
}

bool WriteBuffer::add(std::vector<Event> events) {
  bool full_batch;
  {
    std::lock_guard lock(mutex_);
    if (pending_.size() + events.size() > capacity_) return false;
    ++adds_;
    for (auto& e : events) {
      e.batch_no = adds_;
      pending_.push_back(std::move(e));
    }
    full_batch = pending_.size() >= flush_size_;
  }
  if (full_batch) wake_.notify_one();
  return true;
}

void WriteBuffer::start() {
  flusher_ = std::thread([this] { run(); });
}

WriteBuffer::~WriteBuffer() {
  stop_and_flush();
}

void WriteBuffer::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait_for(lock, interval_, [&] { return stopping_ || pending_.size() >= flush_size_; });
    if (stopping_) return;  // stop_and_flush() writes the rest
    if (pending_.empty()) continue;
    std::vector<Event> batch;
    batch.swap(pending_);
    lock.unlock();
    try {
      write(batch);
    } catch (const std::exception& e) {
      // Keep the events for the next attempt (the database may be restarting).
      spdlog::error("telemetry flush of {} events failed: {}", batch.size(), e.what());
      lock.lock();
      pending_.insert(pending_.begin(), std::make_move_iterator(batch.begin()),
                      std::make_move_iterator(batch.end()));
      lock.unlock();
      std::this_thread::sleep_for(interval_);
    }
    lock.lock();
  }
}

void WriteBuffer::stop_and_flush() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && !flusher_.joinable()) return;
    stopping_ = true;
  }
  wake_.notify_one();
  if (flusher_.joinable()) flusher_.join();
  std::vector<Event> batch;
  {
    std::lock_guard lock(mutex_);
    batch.swap(pending_);
  }
  if (batch.empty()) return;
  write(batch);
  spdlog::info("telemetry: wrote {} buffered events at shutdown", batch.size());
}

namespace {
// Multi-row INSERTs, chunked so the statement stays well under parameter limits.
struct TableWriter {
  const char* table;
  const char* columns;
  int arity;
};

// `tail` follows each statement's VALUES (an ON CONFLICT … RETURNING); the rows it returns are collected.
std::vector<db::Row> insert_rows(db::Connection& c, const TableWriter& t,
                                 const std::vector<std::vector<db::Value>>& rows,
                                 const std::string& tail = "") {
  std::vector<db::Row> returned;
  constexpr std::size_t chunk = 100;
  for (std::size_t start = 0; start < rows.size(); start += chunk) {
    std::size_t end = std::min(rows.size(), start + chunk);
    std::string sql = std::string("INSERT INTO ") + t.table + " (" + t.columns + ") VALUES ";
    std::vector<db::Value> params;
    int n = 0;
    for (std::size_t i = start; i < end; ++i) {
      sql += i == start ? "(" : ", (";
      for (int k = 0; k < t.arity; ++k) sql += (k ? ", $" : "$") + std::to_string(++n);
      sql += ")";
      params.insert(params.end(), rows[i].begin(), rows[i].end());
    }
    for (auto& r : c.exec(sql + tail, params).rows) returned.push_back(std::move(r));
  }
  return returned;
}

// The batch's telemetry rollups (docs/API.md "Reports", `engagement`), summed in memory per person first:
// (metric, day, user, key) -> (n, total). Written once per distinct (metric, day, store, position, key).
using RollupKey = std::tuple<std::string, std::int64_t, std::string, std::string>;
using Rollups = std::map<RollupKey, std::pair<std::int64_t, std::int64_t>>;

void tally(Rollups& r, const char* metric, const Event& e, std::string key, std::int64_t total) {
  auto& t = r[{metric, rollups::day_of(e.at), e.user_id, std::move(key)}];
  t.first += 1;
  t.second += total;
}

void tally_rollups(Rollups& r, const Event& e) {
  switch (e.type) {
    case EventType::page_time:
      tally(r, "page.time", e, rollups::page_key(e.url), e.duration_ms);
      break;
    case EventType::scroll_time:
      tally(r, "page.scroll", e, rollups::page_key(e.url), e.duration_ms);
      break;
    case EventType::click:
      tally(r, "page.click", e, rollups::element_key(e.element), 0);
      break;
    case EventType::web_vital: {
      auto units = rollups::vital_units(e.vital_name, e.vital_value);
      auto page = rollups::page_key(e.url);
      tally(r, "page.vitals", e, page, 0);
      tally(r, "page.vital", e,
            page + "|" + e.vital_name + "|" + std::to_string(rollups::vital_bucket(units)),
            static_cast<std::int64_t>(std::llround(units)));
      break;
    }
    default:
      break;
  }
}

}  // namespace

void WriteBuffer::write(const std::vector<Event>& events) {
  db_.transact_sync([&](db::Connection& c) {
    auto kept = drop_resent(c, events, now_ms());
    write_events(c, kept ? *kept : events);
  });
}

std::optional<std::vector<Event>> drop_resent(db::Connection& c, const std::vector<Event>& events,
                                              std::int64_t now) {
  // (user, key) → the add() that brought it first in this flush.
  std::map<std::pair<std::string, std::string>, std::uint64_t> keyed;
  for (const auto& e : events)
    if (!e.batch_key.empty()) keyed.emplace(std::pair{e.user_id, e.batch_key}, e.batch_no);
  if (keyed.empty()) return std::nullopt;
  std::vector<std::vector<db::Value>> rows;
  for (const auto& [k, no] : keyed) rows.push_back({k.first, k.second, db::Value{now}});
  std::set<std::pair<std::string, std::string>> fresh;
  for (const auto& r :
       insert_rows(c, {"telemetry_batches", "user_id, batch_key, created_at", 3}, rows,
                   " ON CONFLICT (user_id, batch_key) DO NOTHING RETURNING user_id, batch_key"))
    fresh.emplace(r.str(0), r.str(1));
  auto resent = [&](const Event& e) {  // sent before, or twice in this flush
    if (e.batch_key.empty()) return false;
    std::pair key{e.user_id, e.batch_key};
    return !fresh.count(key) || keyed.at(key) != e.batch_no;
  };
  if (std::none_of(events.begin(), events.end(), resent)) return std::nullopt;
  std::vector<Event> out;
  out.reserve(events.size());
  for (const auto& e : events)
    if (!resent(e)) out.push_back(e);
  return out;
}

void write_events(db::Connection& c, const std::vector<Event>& events) {
  std::vector<std::vector<db::Value>> activity, clicks, page_time, scroll_time, views, vitals, items;
  // Running totals per counted item: (resource, id) → (views, taps).
  std::map<std::pair<std::string, std::string>, std::pair<std::int64_t, std::int64_t>> totals;
  // Who was seen on which Bangkok day, and first when, for the active-user rollups.
  std::map<std::pair<std::string, std::int64_t>, std::int64_t> seen;
  Rollups rollup;
  for (const auto& e : events) {
    using V = db::Value;
    tally_rollups(rollup, e);
    if (e.user_id != "anonymous") {
      auto [it, added] = seen.emplace(std::pair{e.user_id, rollups::day_of(e.at)}, e.at);
      if (!added) it->second = std::min(it->second, e.at);
    }
    switch (e.type) {
      case EventType::activity:
        activity.push_back({uuid_v7(), e.user_id, e.url, e.action, V{e.at}});
        break;
      case EventType::click:
        clicks.push_back({uuid_v7(), e.user_id, e.element, e.url, V{e.at}});
        break;
      case EventType::page_time:
        page_time.push_back({uuid_v7(), e.user_id, V{e.duration_ms}, e.url, V{e.at}});
        break;
      case EventType::scroll_time:
        scroll_time.push_back({uuid_v7(), e.user_id, V{e.duration_ms}, e.url, V{e.at}});
        break;
      case EventType::page_view:
        views.push_back({uuid_v7(), e.user_id, e.url, db::to_value(e.referrer), V{e.at}});
        break;
      case EventType::web_vital:
        vitals.push_back({uuid_v7(), e.user_id, e.vital_name, V{e.vital_value}, db::to_value(e.vital_rating),
                          e.url, V{e.at}});
        break;
      case EventType::item: {
        items.push_back({uuid_v7(), e.user_id, e.resource, e.item_id, e.action, V{e.at}});
        auto& t = totals[{e.resource, e.item_id}];
        (e.action == "tap" ? t.second : t.first) += 1;
        break;
      }
    }
  }
  insert_rows(c, {"user_activity", "id, user_id, page, action, at", 5}, activity);
  insert_rows(c, {"user_clicks", "id, user_id, element, url, at", 5}, clicks);
  insert_rows(c, {"user_page_time", "id, user_id, duration_ms, url, at", 5}, page_time);
  insert_rows(c, {"user_scroll_time", "id, user_id, duration_ms, url, at", 5}, scroll_time);
  insert_rows(c, {"page_views", "id, user_id, url, referrer, at", 5}, views);
  insert_rows(c, {"web_vitals", "id, user_id, name, value, rating, url, at", 7}, vitals);
  insert_rows(c, {"item_events", "id, user_id, resource, item_id, action, at", 6}, items);
  // The totals the area's admin list shows; not an edit of the item (its version stays).
  for (const auto& [key, t] : totals)
    if (auto it = counted_items().find(key.first); it != counted_items().end())
      c.query("UPDATE " + it->second + " SET impressions = impressions + $1, taps = taps + $2 WHERE id = $3",
              t.first, t.second, key.second);
  std::vector<std::string> people;
  for (const auto& [seen_on, at] : seen)
    if (people.empty() || people.back() != seen_on.first) people.push_back(seen_on.first);
  auto places = rollups::places_of(c, people);
  auto where = [&](const std::string& user) {
    auto it = places.find(user);
    return it == places.end() ? rollups::Where{} : it->second;
  };
  // The people seen for the first time in a day, week or month count once, with the batch's other counters.
  std::vector<rollups::Sighting> sightings;
  for (const auto& [seen_on, at] : seen) sightings.push_back({seen_on.first, at});
  for (const auto& p : rollups::mark_seen(c, sightings)) {
    auto& t = rollup[{p.metric, p.start_day, p.user_id, ""}];
    t.first += 1;
  }
  std::map<std::tuple<std::string, std::int64_t, std::string, std::string, std::string>,
           std::pair<std::int64_t, std::int64_t>>
      by_place;
  for (const auto& [k, t] : rollup) {
    const auto& [metric, day, user, key] = k;
    for (const auto& counter : rollups::counters(metric, day, where(user))) {
      auto& sum =
          by_place[{counter.metric, counter.day, counter.where.store_id, counter.where.position, key}];
      sum.first += t.first;
      sum.second += t.second;
    }
  }
  std::vector<rollups::Row> rows;
  rows.reserve(by_place.size());
  for (const auto& [k, t] : by_place) {
    const auto& [metric, day, store, position, key] = k;
    rows.push_back({metric, day, store, position, key, t.first, t.second});
  }
  rollups::add_rows(c, rows);
}

}  // namespace shopfloor::telemetry
