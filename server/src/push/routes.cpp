#include <boost/json.hpp>

#include "http/handler.hpp"
#include "push/broadcasts.hpp"
#include "push/deliveries.hpp"
#include "push/preferences.hpp"
#include "push/queue.hpp"
#include "push/subscriptions.hpp"
#include "push/web_push.hpp"
#include "util/ids.hpp"

namespace shopfloor::push {

namespace {

// GET /api/push/key: the applicationServerKey browsers subscribe with. Public, like the key itself.
Awaitable key(Context& ctx) {
  co_return http::json_response(ctx,
                                json::object{{"publicKey", ctx.app.get<WebPush>().vapid().public_key()}});
}

// POST /api/push/subscriptions with PushSubscription.toJSON(): 201 for a new endpoint, 200 when the
// endpoint was known (its keys and owner are now these).
Awaitable subscribe(Context& ctx) {
  auto s = parse_subscription(ctx.json_object(), ctx.app.get<WebPush>().services());
  std::string uid = ctx.user->id;
  bool created = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return save_subscription(c, uid, s, now_ms()); });
  co_return http::json_response(ctx, json::object{{"endpoint", s.endpoint}},
                                created ? http::Status::created : http::Status::ok);
}

// DELETE /api/push/subscriptions with {endpoint}: 204; another person's or an unknown endpoint is 404.
Awaitable unsubscribe(Context& ctx) {
  auto body = ctx.json_object();
  const auto* endpoint = body.if_contains("endpoint");
  if (!endpoint || !endpoint->is_string() || endpoint->as_string().empty())
    throw ApiError::validation({{"endpoint", msg::REQUIRED}});
  std::string uid = ctx.user->id, url(endpoint->as_string());
  bool deleted =
      co_await ctx.app.db->transact([&](db::Connection& c) { return delete_subscription(c, uid, url); });
  if (!deleted) throw ApiError::not_found(msg::NO_SUCH_PUSH_SUBSCRIPTION);
  co_return http::empty_response(ctx, http::Status::no_content);
}

// POST /api/push/test: "send me a test notification" to every device of the person; 202 once queued.
Awaitable test(Context& ctx) {
  std::string uid = ctx.user->id;
  if (int wait = ctx.app.get<WebPush>().test_budget().take(uid); wait > 0) throw ApiError::rate_limited(wait);
  Push p;
  p.title = {"ทดสอบการแจ้งเตือน", "Test notification"};
  p.body = {"การแจ้งเตือนบนอุปกรณ์นี้ใช้งานได้แล้ว", "Notifications work on this device."};
  p.url = "/profile";
  p.tag = "push-test";
  p.ttl_s = 3600;
  // {queued: 0}: none of the person's devices is subscribed (the settings screen says so).
  auto queued =
      co_await ctx.app.db->transact([&](db::Connection& c) { return queue_push(c, uid, p, now_ms()); });
  co_return http::json_response(ctx, json::object{{"queued", queued}}, http::Status::accepted);
}

// The settings screen: {kinds, quietHours, devices} (devices: how many browsers the person subscribed).
json::object settings_json(db::Connection& c, const std::string& uid) {
  auto o = preferences_json(load_preferences(c, uid));
  o["devices"] = c.query("SELECT COUNT(*) FROM push_subscriptions WHERE user_id = $1", uid).first()->i64(0);
  return o;
}

// GET /api/push/settings
Awaitable get_settings(Context& ctx) {
  std::string uid = ctx.user->id;
  auto o = co_await ctx.app.db->transact([&](db::Connection& c) { return settings_json(c, uid); },
                                         db::TxMode::read);
  co_return http::json_response(ctx, o);
}

// PATCH /api/push/settings with {kinds?: {courses: false, ...}, quietHours?: {from, to} | null}: what it
// names changes, the rest stays; answers as GET.
Awaitable patch_settings(Context& ctx) {
  auto body = ctx.json_object();
  std::string uid = ctx.user->id;
  auto o = co_await ctx.app.db->transact([&](db::Connection& c) {
    // The row locked first, so two PATCHes of different kinds at once both hold (PostgreSQL; SQLite's
    // writers take turns).
    c.query(
        "INSERT INTO push_settings (user_id, updated_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING",
        uid, now_ms());
    if (!c.is_sqlite()) c.query("SELECT 1 FROM push_settings WHERE user_id = $1 FOR UPDATE", uid);
    auto prefs = load_preferences(c, uid);
    apply_patch(prefs, body);
    save_preferences(c, uid, prefs, now_ms());
    return settings_json(c, uid);
  });
  co_return http::json_response(ctx, o);
}

}  // namespace

void register_routes(http::Services& app) {
  app.router.get("/api/push/key", key);
  app.router.post("/api/push/subscriptions", subscribe, http::Access::signed_in);
  app.router.del("/api/push/subscriptions", unsubscribe, http::Access::signed_in);
  app.router.post("/api/push/test", test, http::Access::signed_in);
  app.router.get("/api/push/settings", get_settings, http::Access::signed_in);
  app.router.patch("/api/push/settings", patch_settings, http::Access::signed_in);
  deliver_notices();
  fan_out_broadcasts();
}

}  // namespace shopfloor::push
