#include <boost/json.hpp>

#include "http/handler.hpp"
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
  if (!deleted) throw ApiError::not_found();
  co_return http::empty_response(ctx, http::Status::no_content);
}

// POST /api/push/test: "send me a test notification" to every device of the person; 202 once queued.
Awaitable test(Context& ctx) {
  std::string uid = ctx.user->id;
  if (int wait = ctx.app.get<WebPush>().test_budget().take(uid); wait > 0) throw ApiError::rate_limited(wait);
  Push p{{"ทดสอบการแจ้งเตือน", "Test notification"},
         {"การแจ้งเตือนบนอุปกรณ์นี้ใช้งานได้แล้ว", "Notifications work on this device."},
         "/profile",
         "push-test"};
  p.ttl_s = 3600;
  // {queued: 0}: none of the person's devices is subscribed (the settings screen says so).
  auto queued =
      co_await ctx.app.db->transact([&](db::Connection& c) { return queue_push(c, uid, p, now_ms()); });
  co_return http::json_response(ctx, json::object{{"queued", queued}}, http::Status::accepted);
}

}  // namespace

void register_routes(http::Services& app) {
  app.router.get("/api/push/key", key);
  app.router.post("/api/push/subscriptions", subscribe, http::Access::signed_in);
  app.router.del("/api/push/subscriptions", unsubscribe, http::Access::signed_in);
  app.router.post("/api/push/test", test, http::Access::signed_in);
}

}  // namespace shopfloor::push
