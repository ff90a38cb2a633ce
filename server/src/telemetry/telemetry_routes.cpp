#include <algorithm>
#include <boost/json/parse.hpp>

#include "auth/csrf.hpp"
#include "auth/sessions.hpp"
#include "http/client_budget.hpp"
#include "http/handler.hpp"
#include "telemetry/consent_gate.hpp"
#include "telemetry/telemetry.hpp"
#include "telemetry/write_buffer.hpp"
#include "util/ids.hpp"

namespace shopfloor::telemetry {

namespace {

// The tracker flushes with fetch(keepalive) and may send text/plain (sendBeacon): accept any JSON text.
json::object parse_body(const Context& ctx) {
  json::parse_options opts;
  opts.max_depth = 8;
  std::error_code ec;
  json::value v = json::parse(ctx.req.body(), ec, {}, opts);
  if (ec) throw ApiError::bad_json();
  if (!v.is_object()) throw ApiError::bad_request(msg::BODY_NOT_OBJECT);
  return std::move(v.as_object());
}

// Who may be recorded: the signed-in user (who must also prove the CSRF token, in the header or, for
// beacons that cannot set headers, in the body), or "anonymous" without a session.
boost::asio::awaitable<std::string> recorder(Context& ctx, const json::object& body) {
  auto user = co_await auth::current_user(ctx);
  if (!user) co_return std::string("anonymous");
  std::string token(ctx.req["X-CSRF-Token"]);
  if (token.empty())
    if (auto* t = body.if_contains("csrfToken"); t && t->is_string()) token = std::string(t->as_string());
  if (!auth::csrf_token_matches(ctx, token)) throw ApiError::csrf();
  co_return user->id;
}

using Budget = std::shared_ptr<http::ClientBudget>;

// The optional "batchKey" of a body: the device's key of the batch, the same on every resend.
std::string batch_key_of(const json::object& body) {
  const auto* v = body.if_contains("batchKey");
  if (!v) return {};
  if (!v->is_string() || !valid_batch_key(v->as_string()))
    throw ApiError::validation({{"batchKey", msg::NOT_ALLOWED_VALUE}});
  return std::string(v->as_string());
}

boost::asio::awaitable<http::Response> accept(Context& ctx, const json::array& raw,
                                              http::ClientBudget& budget, const std::string& batch_key) {
  if (raw.empty()) throw ApiError::validation({{"events", msg::AT_LEAST_ONE_EVENT}});
  if (raw.size() > max_events_per_batch)
    throw ApiError::validation(
        {{"events", http::Message(msg::MAX_EVENTS, {{"count", max_events_per_batch}})}});
  // Every event costs, stored or refused: a flood of bad batches is no cheaper than good ones.
  budget.spend(ctx, static_cast<std::int64_t>(raw.size()));
  std::string who = ctx.user ? ctx.user->id : std::string("anonymous");
  http::FieldErrors errors;
  bool spoofed = false;
  std::vector<Event> events;
  events.reserve(raw.size());
  auto now = now_ms();
  for (std::size_t i = 0; i < raw.size(); ++i)
    if (auto e = parse_event(raw[i], who, now, "events[" + std::to_string(i) + "]", errors, spoofed))
      events.push_back(std::move(*e));
  for (auto& e : events) e.batch_key = batch_key;
  if (spoofed) throw ApiError::forbidden(msg::OWN_EVENTS_ONLY);
  if (!errors.empty()) throw ApiError::validation(errors);  // nothing of a bad batch is stored
  std::size_t n = events.size();
  // PDPA: a signed-in person's events are dropped, not refused, until they accept tracking (where the
  // company requires consent), so an old tab or a tracker that did not ask yet gets no error to retry.
  // Anonymous events name no one (no user id, no address stored) and are kept.
  if (who != "anonymous" &&
      !co_await ctx.app.db->read([&who](db::Connection& c) { return may_record(c, who); }))
    co_return http::json_response(ctx, json::object{{"accepted", 0}, {"dropped", n}}, http::Status::accepted);
  if (!ctx.app.get<telemetry::WriteBuffer>().add(std::move(events)))
    throw ApiError(http::Status::service_unavailable, err::UNAVAILABLE, msg::TELEMETRY_BUSY);
  co_return http::json_response(ctx, json::object{{"accepted", n}}, http::Status::accepted);
}

boost::asio::awaitable<http::Response> post_batch(Context& ctx, Budget budget) {
  json::object body = parse_body(ctx);
  co_await recorder(ctx, body);
  auto* events = body.if_contains("events");
  if (!events || !events->is_array()) throw ApiError::validation({{"events", msg::EVENTS_LIST}});
  auto key = batch_key_of(body);
  co_return co_await accept(ctx, events->as_array(), *budget, key);
}

// The seed's call: {userId, page, action:"view"}.
boost::asio::awaitable<http::Response> post_user_activity(Context& ctx, Budget budget) {
  json::object body = parse_body(ctx);
  co_await recorder(ctx, body);
  auto key = batch_key_of(body);
  body["type"] = "activity";
  body.erase("csrfToken");
  body.erase("batchKey");
  json::array one;
  one.push_back(std::move(body));
  co_return co_await accept(ctx, one, *budget, key);
}

// GET /api/admin/activity?type=&userId=&limit=: the newest recorded events of one kind (Logs screen).
boost::asio::awaitable<http::Response> recent_events(Context& ctx) {
  struct Kind {
    const char* type;
    const char* sql;  // every kind answers: id, user_id, at, then its own columns
    std::vector<const char*> names;
  };
  static const std::vector<Kind> kinds = {
      {"activity", "SELECT id, user_id, at, page, action FROM user_activity", {"page", "action"}},
      {"click", "SELECT id, user_id, at, element, url FROM user_clicks", {"element", "url"}},
      {"page_time", "SELECT id, user_id, at, duration_ms, url FROM user_page_time", {"duration", "url"}},
      {"scroll_time", "SELECT id, user_id, at, duration_ms, url FROM user_scroll_time", {"duration", "url"}},
      {"page_view", "SELECT id, user_id, at, url, referrer FROM page_views", {"url", "referrer"}},
      {"web_vital",
       "SELECT id, user_id, at, name, value, rating, url FROM web_vitals",
       {"name", "value", "rating", "url"}},
  };
  std::string type = ctx.query("type").value_or("activity");
  auto kind = std::find_if(kinds.begin(), kinds.end(), [&](const Kind& k) { return type == k.type; });
  if (kind == kinds.end()) throw ApiError::validation({{"type", msg::EVENT_TYPE}});
  auto limit = ctx.query_int("limit", 50, 1, 500);
  auto user = ctx.query("userId");
  auto rows = co_await ctx.app.db->read([&](db::Connection& c) {
    std::string sql = kind->sql;
    if (user) return c.query(sql + " WHERE user_id = $1 ORDER BY at DESC, id DESC LIMIT $2", *user, limit);
    return c.query(sql + " ORDER BY at DESC, id DESC LIMIT $1", limit);
  });
  json::array items;
  for (const auto& r : rows.rows) {
    json::object o{{"id", r.str(0)}, {"type", kind->type}, {"userId", r.str(1)}, {"time", iso8601(r.i64(2))}};
    for (std::size_t i = 0; i < kind->names.size(); ++i) {
      const auto& v = r.at(3 + i);
      if (std::holds_alternative<std::monostate>(v))
        o[kind->names[i]] = nullptr;
      else if (auto* n = std::get_if<std::int64_t>(&v))
        o[kind->names[i]] = *n;
      else if (auto* d = std::get_if<double>(&v))
        o[kind->names[i]] = *d;
      else
        o[kind->names[i]] = std::get<std::string>(v);
    }
    items.push_back(std::move(o));
  }
  co_return http::json_response(ctx, json::object{{"items", std::move(items)}});
}

}  // namespace

void register_routes(http::Services& app) {
  app.router.get("/api/admin/activity", recent_events, http::Access::admin);
  using V = boost::beast::http::verb;
  const Config& c = app.config;
  auto budget = std::make_shared<http::ClientBudget>(
      RateBudget::Limits{c.telemetry_ip_burst, c.telemetry_ip_per_min},
      RateBudget::Limits{c.telemetry_user_burst, c.telemetry_user_per_min});
  // CSRF is checked in recorder(): anonymous visitors have no session to protect.
  app.router.add({V::post, std::string("/api/user-activity"),
                  [budget](Context& ctx) { return post_user_activity(ctx, budget); }, http::Access::anyone,
                  false, 8 * 1024});
  app.router.add({V::post, std::string("/api/telemetry"),
                  [budget](Context& ctx) { return post_batch(ctx, budget); }, http::Access::anyone, false,
                  256 * 1024});
}

}  // namespace shopfloor::telemetry
