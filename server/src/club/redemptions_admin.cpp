// The back office's redemptions queue: filter, approve / reject / fulfil one by one or in bulk, and the pick
// list export grouped by store. Admins only (SPEC §1); every move is audited and recorded as an event.
#include <boost/json/parse.hpp>

#include "club/redemptions.hpp"
#include "club/routes.hpp"
#include "http/handler.hpp"
#include "resources/audit.hpp"
#include "resources/export.hpp"
#include "resources/fields.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::club {

namespace {

struct Filter {
  std::string where = "WHERE 1 = 1";
  std::vector<db::Value> params;
  void add(const std::string& sql_with_n, db::Value v) {
    params.push_back(std::move(v));
    std::string s = sql_with_n;
    auto pos = s.find("$N");
    s.replace(pos, 2, "$" + std::to_string(params.size()));
    where += " AND " + s;
  }
};

// An ISO instant (the web sends the person's day boundaries, `to` exclusive), or a YYYY-MM-DD day in
// Bangkok time (`to` then includes that whole day).
std::int64_t day_ms(const std::string& text, bool end_of_day) {
  if (text.size() != 10) {
    if (auto t = resources::parse_iso8601(text)) return *t;
    throw ApiError::bad_request(msg::INVALID_DATE);
  }
  int y = 0, m = 0, d = 0;
  if (text.size() == 10 && std::sscanf(text.c_str(), "%4d-%2d-%2d", &y, &m, &d) == 3) {
    std::tm tm{};
    tm.tm_year = y - 1900, tm.tm_mon = m - 1, tm.tm_mday = d;
    auto t = static_cast<std::int64_t>(timegm(&tm)) * 1000 - 7 * 3600 * 1000;  // Asia/Bangkok midnight
    return end_of_day ? t + 86400000 : t;
  }
  throw ApiError::bad_request(msg::INVALID_DATE);
}

Filter filter_from(const Context& ctx) {
  Filter f;
  if (auto s = ctx.query("status"); s && !s->empty()) {
    static const std::set<std::string> known{"pending", "approved", "fulfilled", "rejected", "cancelled"};
    if (!known.count(*s)) throw ApiError::bad_request(msg::STATUS_FILTER);
    f.add("d.status = $N", *s);
  }
  if (auto s = ctx.query("store"); s && !s->empty()) f.add("d.store_id = $N", *s);
  if (auto s = ctx.query("reward"); s && !s->empty()) f.add("d.reward_id = $N", *s);
  if (auto s = ctx.query("from"); s && !s->empty()) f.add("d.created_at >= $N", day_ms(*s, false));
  if (auto s = ctx.query("to"); s && !s->empty()) f.add("d.created_at < $N", day_ms(*s, true));
  if (auto q = ctx.query("q"); q && !q->empty()) {
    f.params.push_back(like_contains(ascii_lower(*q)));
    auto n = "$" + std::to_string(f.params.size());
    f.where += " AND (lower(u.name) LIKE " + n + like_escape_clause + " OR lower(u.employee_code) LIKE " + n +
               like_escape_clause + " OR lower(w.title) LIKE " + n + like_escape_clause + ")";
  }
  return f;
}

Awaitable list_redemptions(Context& ctx) {
  auto f = filter_from(ctx);
  auto page = ctx.query_int("page", 1, 1, 100000);
  auto size = ctx.query_int("pageSize", 20, 1, 200);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    auto total =
        c.exec(
             "SELECT COUNT(*) FROM redemptions d JOIN rewards w ON w.id = d.reward_id JOIN users u ON "
             "u.id = d.user_id " +
                 f.where,
             f.params)
            .first()
            ->i64(0);
    auto params = f.params;
    params.push_back(size);
    params.push_back((page - 1) * size);
    auto n = params.size();
    auto items = redemptions_json(c,
                                  f.where + " ORDER BY d.created_at DESC, d.id DESC LIMIT $" +
                                      std::to_string(n - 1) + " OFFSET $" + std::to_string(n),
                                  params, true);
    return json::object{{"items", std::move(items)}, {"total", total}};
  });
  co_return http::json_response(ctx, body);
}

std::string reason_of(const json::object& body, Transition t) {
  const auto* r = body.if_contains("reason");
  std::string reason = r && r->is_string() ? std::string(trim(r->as_string())) : "";
  if ((r && !r->is_null() && !r->is_string()) || utf8_length(reason) > 500 || has_control_chars(reason) ||
      (t == Transition::reject && reason.empty()))
    throw ApiError::validation({{"reason", msg::REASON_REQUIRED}});
  return reason;
}

json::object transition_audited(db::Connection& c, const std::string& id, Transition t,
                                const std::string& action, const std::string& actor,
                                const std::string& reason, const std::string& ip) {
  auto before = redemption_by_id(c, id, "", true);
  if (!before) throw ApiError::not_found();
  auto after = apply_transition(c, id, t, actor, reason);
  audit::record(c, actor, "redemption." + action, "redemptions", id,
                json::object{{"status", (*before)["status"]}},
                json::object{{"status", after["status"]}, {"reason", reason}}, ip);
  return after;
}

Awaitable transition_one(Context& ctx) {
  std::string id = ctx.params.at("id"), action = ctx.params.at("action");
  auto t = transition_named(action);
  if (!t || *t == Transition::cancel) throw ApiError::not_found(msg::NO_SUCH_ACTION);
  if (!plausible_id(id)) throw ApiError::not_found();
  json::object body;
  if (!ctx.req.body().empty()) body = ctx.json_object();
  std::string reason = reason_of(body, *t), actor = ctx.user->id, ip = ctx.client_ip;
  auto item = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return transition_audited(c, id, *t, action, actor, reason, ip); });
  co_return http::json_response(ctx, json::object{{"redemption", std::move(item)}});
}

// Each id in its own transaction, so one that cannot move (already handled) does not undo the others.
Awaitable transition_bulk(Context& ctx) {
  json::object body = ctx.json_object();
  std::vector<std::string> ids;
  const auto* list = body.if_contains("ids");
  if (!list || !list->is_array() || list->as_array().empty() || list->as_array().size() > 500)
    throw ApiError::validation({{"ids", msg::BULK_IDS}});
  for (const auto& v : list->as_array()) {
    if (!v.is_string()) throw ApiError::validation({{"ids", msg::BULK_IDS}});
    ids.emplace_back(v.as_string());
  }
  const auto* a = body.if_contains("action");
  std::optional<Transition> t;
  if (a && a->is_string()) t = transition_named(a->as_string());
  if (!t || *t == Transition::cancel) throw ApiError::validation({{"action", msg::BULK_ACTION}});
  std::string action(a->as_string());
  std::string reason = reason_of(body, *t), actor = ctx.user->id, ip = ctx.client_ip;
  json::array done, failed;
  for (const auto& id : ids) {
    try {
      if (!plausible_id(id)) throw ApiError::not_found();
      co_await ctx.app.db->transact(
          [&](db::Connection& c) { return transition_audited(c, id, *t, action, actor, reason, ip); });
      done.push_back(json::value(id));
    } catch (const ApiError& e) {
      failed.push_back(json::object{
          {"id", id}, {"code", e.code}, {"message", e.message.text()}, {"messageCode", e.message.json()}});
    }
  }
  co_return http::json_response(ctx, json::object{{"done", std::move(done)}, {"failed", std::move(failed)}});
}

std::string address_text(const json::value& v) {
  if (!v.is_object()) return "";
  std::string out;
  for (const char* k : {"name", "phone", "line1", "line2", "district", "province", "postcode"}) {
    const auto* f = v.as_object().if_contains(k);
    if (f && f->is_string() && !f->as_string().empty())
      out += (out.empty() ? "" : ", ") + std::string(f->as_string());
  }
  return out;
}

// The pick list: one group per store (delivery last), oldest first within it.
Awaitable export_redemptions(Context& ctx) {
  co_return co_await resources::export_read(ctx, [&](db::Connection& c) {
    auto f = filter_from(ctx);  // after ?format=, as before
    auto items = redemptions_json(c, f.where + " ORDER BY s.name, d.created_at LIMIT 100000", f.params, true);
    resources::ExportTable t{
        "redemptions",
        {"reward", "employee_id", "name", "cost", "status", "method", "address", "redeemed_at", "id"},
        {}};
    for (const auto& v : items) {
      const auto& o = v.as_object();
      std::string store = o.at("store").is_object() ? std::string(o.at("store").at("name").as_string()) : "";
      std::string group = o.at("method").as_string() == "delivery" ? "delivery" : store;
      t.rows_in(group).push_back(
          {std::string(o.at("reward").at("title").as_string()),
           std::string(o.at("user").at("employeeId").as_string()),
           std::string(o.at("user").at("name").as_string()), std::to_string(o.at("cost").as_int64()),
           std::string(o.at("status").as_string()), std::string(o.at("method").as_string()),
           address_text(o.at("address")), std::string(o.at("createdAt").as_string()),
           std::string(o.at("id").as_string())});
    }
    return t;
  });
}

}  // namespace

void register_redemption_admin_routes(http::Services& app) {
  resources::add_list_and_export(app.router, "/api/admin/redemptions", list_redemptions, export_redemptions,
                                 http::Access::admin);
  app.router.post("/api/admin/redemptions/bulk", transition_bulk, http::Access::admin);
  app.router.post("/api/admin/redemptions/:id/:action", transition_one, http::Access::admin);
}

}  // namespace shopfloor::club
