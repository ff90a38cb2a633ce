#include "events/reminders.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>
#include <chrono>
#include <cstdio>

#include "events/kinds.hpp"
#include "notifications/notifications.hpp"
#include "util/ids.hpp"

namespace shopfloor::events {

namespace json = boost::json;

namespace {
constexpr std::int64_t hour_ms = 3600 * 1000LL, day_ms = 24 * hour_ms;
// The hour reminder arrives between 55 and 60 minutes before the start.
constexpr auto check_every = std::chrono::minutes(5);
}  // namespace

std::string reminder_due(std::int64_t until_start_ms) {
  if (until_start_ms <= 0) return {};
  if (until_start_ms <= hour_ms) return "hour";
  if (until_start_ms <= day_ms) return "day";
  return {};
}

std::string bangkok_day_time(std::int64_t epoch_ms) {
  using namespace std::chrono;
  sys_time<milliseconds> local{milliseconds(epoch_ms + 7 * hour_ms)};
  auto day = floor<days>(local);
  year_month_day ymd{day};
  hh_mm_ss hms{floor<minutes>(local - day)};
  char out[32];
  std::snprintf(out, sizeof out, "%u/%u %02d:%02d", static_cast<unsigned>(ymd.day()),
                static_cast<unsigned>(ymd.month()), static_cast<int>(hms.hours().count()),
                static_cast<int>(hms.minutes().count()));
  return out;
}

std::int64_t remind_upcoming(db::Connection& c, std::int64_t now) {
  std::int64_t told = 0;
  for (const Kind* k : {&event_kind(), &social_kind()}) {
    // Going people of published items starting within the day, without the reminder now due (the notice's
    // dedupe key: the NOT EXISTS only skips the work, notify() is what tells once).
    auto due = c.query(
        "SELECT r.user_id, e.id, e.title, e.starts_at FROM " + k->table + " e JOIN " + k->regs +
            " r ON r.item_id = e.id JOIN users u ON u.id = r.user_id WHERE e.status = 'published' AND "
            "(e.start_at IS NULL OR e.start_at <= $1) AND (e.end_at IS NULL OR e.end_at > $1) AND "
            "e.starts_at > $1 AND e.starts_at <= $2 AND r.status = 'going' AND u.status = 'active' AND NOT "
            "EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = r.user_id AND n.dedupe_key = "
            "'event_reminder:' || e.id || CASE WHEN e.starts_at <= $3 THEN ':hour' ELSE ':day' END) "
            "ORDER BY e.starts_at, e.id, r.user_id",
        now, now + day_ms, now + hour_ms);
    for (const auto& r : due.rows) {
      auto starts_at = r.i64(3);
      auto when = reminder_due(starts_at - now);
      if (when.empty()) continue;
      json::object params{{"title", r.str(2)}, {"when", when}, {"at", bangkok_day_time(starts_at)}};
      if (notifications::notify(c, {r.str(0), "event_reminder", std::move(params),
                                    k->web_path + "/" + r.str(1), "event_reminder:" + r.str(1) + ":" + when}))
        ++told;
    }
  }
  return told;
}

void Reminders::start() {
  thread_.start(std::chrono::seconds(30), [this] {
    try {
      auto told = db_.transact_sync([](db::Connection& c) { return remind_upcoming(c, now_ms()); });
      if (told > 0) spdlog::info("event reminders: {} sent", told);
    } catch (const std::exception& e) {
      spdlog::warn("event reminders: {}; trying again at the next check", e.what());
    }
    return std::chrono::duration_cast<std::chrono::milliseconds>(check_every);
  });
}

}  // namespace shopfloor::events
