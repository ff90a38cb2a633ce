// The drill's routes and its admin settings. The work is in today.cpp (the day's drill) and fsrs.cpp (the
// scheduler).
#include "drill/drill.hpp"

#include "drill/declarations.hpp"
#include "drill/streak_reminder.hpp"
#include "drill/today.hpp"
#include "http/handler.hpp"
#include "notifications/daily_jobs.hpp"
#include "resources/builders.hpp"
#include "resources/staff_gate.hpp"
#include "resources/traits.hpp"

namespace shopfloor::drill {

namespace {

using namespace resources;

// One row for everyone: admins set the retention reviews are scheduled at and the day's points.
Resource settings_resource() {
  auto r = settings_area("drill-settings", "drill_settings", {"ตั้งค่าแบบฝึกประจำวัน", "Daily drill settings"},
                         "desiredRetentionPercent");
  // No "last changed" column: the row the migration writes was never changed (its time is 0, shown as 1970).
  r.list_columns = {"desiredRetentionPercent", "dailyPoints"};
  r.fields = {
      integer("desiredRetentionPercent", {"โอกาสจำได้ที่ต้องการ (%)", "Desired retention (%)"})
          .min(70)
          .max(99)
          .required()
          .fallback(90)
          .hint({"ทบทวนเมื่อโอกาสจำได้ลดลงถึงค่านี้: สูงขึ้น = ทบทวนบ่อยขึ้น",
                 "A question comes back when recall is expected to fall to this: higher = more reviews"}),
      points("dailyPoints", {"แต้มเมื่อทำแบบฝึกของวันครบ", "Points for finishing the day's drill"}).fallback(10),
  };
  return r;
}

Awaitable get_today(Context& ctx) {
  auto body = co_await resources::staff_write(
      ctx, [](db::Connection& c, const resources::StaffGate& gate) { return today(c, gate, true); });
  co_return http::json_response(ctx, body);
}

Awaitable get_summary(Context& ctx) {
  auto body = co_await resources::staff_write(
      ctx, [](db::Connection& c, const resources::StaffGate& gate) { return today(c, gate, false); });
  co_return http::json_response(ctx, body);
}

Awaitable get_ahead(Context& ctx) {
  auto body = co_await resources::staff_write(
      ctx, [](db::Connection& c, const resources::StaffGate& gate) { return ahead(c, gate); });
  co_return http::json_response(ctx, body);
}

Awaitable post_answer(Context& ctx) {
  json::object input = ctx.json_object();
  auto body = co_await resources::staff_write(
      ctx, [&input](db::Connection& c, const resources::StaffGate& gate) { return answer(c, gate, input); });
  co_return http::json_response(ctx, body);
}

}  // namespace

void register_routes(http::Services& app) {
  registry().add(settings_resource());
  register_resources();
  app.get<notifications::DailyJobs>().add("drill-streak-at-risk", remind_streaks_at_risk,
                                          streak_reminder_hour);
  app.router.get("/api/drill/today", get_today, http::Access::signed_in);
  app.router.get("/api/drill/today/ahead", get_ahead, http::Access::signed_in);
  app.router.get("/api/drill/summary", get_summary, http::Access::signed_in);
  app.router.post("/api/drill/today/answers", post_answer, http::Access::signed_in);
}

}  // namespace shopfloor::drill
