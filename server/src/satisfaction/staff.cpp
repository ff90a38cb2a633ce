// The staff side: what I am asked to rate now, my rating of an item, rate or edit (an upsert), later.
#include <algorithm>
#include <boost/json.hpp>

#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "resources/staff_gate.hpp"
#include "resources/triggers.hpp"
#include "satisfaction/kinds.hpp"
#include "satisfaction/satisfaction.hpp"
#include "satisfaction/shared.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::satisfaction {

using resources::StaffGate;

namespace {

constexpr std::size_t comment_max = 2000;
constexpr int pending_max = 20;

void prompt(db::Connection& c, const std::string& user, const char* type, const std::string& item) {
  c.query(
      "INSERT INTO satisfaction_prompts (user_id, item_type, item_id, created_at) VALUES ($1, $2, $3, $4) "
      "ON CONFLICT (user_id, item_type, item_id) DO NOTHING",
      user, std::string(type), item, now_ms());
}

// "learning.completed" also fires for exams and "event.attended" for social activities: only items of a
// rateable kind get a prompt.
triggers::Listener prompt_when_in(const ItemKind& k) {
  return [k](db::Connection& c, const triggers::Happening& h) {
    if (!c.query(std::string("SELECT 1 FROM ") + k.table + " WHERE id = $1", h.subject_id).empty())
      prompt(c, h.user_id, k.type, h.subject_id);
  };
}

struct Target {
  ItemKind kind;
  std::string id, title;
};

// The item as the viewer may see it now (published, window, audience); anything else is absent.
std::optional<Target> visible(db::Connection& c, const StaffGate& gate, const std::string& type,
                              const std::string& id) {
  auto k = kind_of(type);
  if (!k || !plausible_id(id)) return std::nullopt;
  auto row = gate.from(k->table, "t").select("t.title").by_id(c, id);
  if (!row) return std::nullopt;
  return Target{*k, id, row->str(0)};
}

json::value my_rating(db::Connection& c, const std::string& uid, const Target& t) {
  auto r =
      c.query(
           "SELECT stars, comment, updated_at FROM satisfaction_ratings WHERE user_id = $1 AND item_type = "
           "$2 AND item_id = $3",
           uid, std::string(t.kind.type), t.id)
          .first();
  if (!r) return nullptr;
  return json::object{{"type", t.kind.type},
                      {"itemId", t.id},
                      {"stars", r->i64(0)},
                      {"comment", http::value_or_null(r->opt_str(1))},
                      {"updatedAt", iso8601(r->i64(2))}};
}

bool completed(db::Connection& c, const std::string& uid, const Target& t) {
  return !c.query("SELECT 1 FROM satisfaction_prompts WHERE user_id = $1 AND item_type = $2 AND item_id = $3",
                  uid, std::string(t.kind.type), t.id)
              .empty();
}

Awaitable pending(Context& ctx) {
  auto body = co_await resources::staff_read(ctx, [](db::Connection& c, const StaffGate& gate) {
    const auto& uid = gate.user_id();
    json::array items;
    for (const auto& p :
         c.query(
              "SELECT p.item_type, p.item_id, p.created_at FROM satisfaction_prompts p LEFT JOIN "
              "satisfaction_ratings r ON r.user_id = p.user_id AND r.item_type = p.item_type AND r.item_id = "
              "p.item_id WHERE p.user_id = $1 AND p.dismissed_at IS NULL AND r.id IS NULL ORDER BY "
              "p.created_at DESC LIMIT 100",
              uid)
             .rows) {
      auto t = visible(c, gate, p.str(0), p.str(1));
      if (!t) continue;
      items.push_back(json::object{
          {"type", t->kind.type}, {"id", t->id}, {"title", t->title}, {"completedAt", iso8601(p.i64(2))}});
      if (items.size() >= pending_max) break;
    }
    return json::object{{"items", std::move(items)}};
  });
  co_return http::json_response(ctx, body);
}

Awaitable get_mine(Context& ctx) {
  std::string uid = ctx.user->id, type = ctx.params.at("type"), id = ctx.params.at("id");
  auto body = co_await resources::staff_read(
      ctx, [&](db::Connection& c, const StaffGate& gate) -> std::optional<json::object> {
        auto t = visible(c, gate, type, id);
        if (!t) return std::nullopt;
        auto p =
            c.query(
                 "SELECT dismissed_at FROM satisfaction_prompts WHERE user_id = $1 AND item_type = $2 AND "
                 "item_id = $3",
                 uid, std::string(t->kind.type), id)
                .first();
        auto rating = my_rating(c, uid, *t);
        // Asked: completed, not answered and not put off, so the page opens the sheet by itself.
        bool asked = p && p->is_null(0) && rating.is_null();
        return json::object{
            {"item", json::object{{"type", t->kind.type}, {"id", t->id}, {"title", t->title}}},
            {"rateable", p.has_value()},
            {"asked", asked},
            {"rating", std::move(rating)}};
      });
  co_return http::json_or_not_found(ctx, body);
}

}  // namespace

// PUT {stars: 1..5, comment?: string|null}: one row per person and item whatever the races (UNIQUE + upsert).
// A comment an editor hid stays hidden when the person edits their rating.
json::object rate_item(db::Connection& c, const std::string& uid, const std::string& type,
                       const std::string& id, std::int64_t stars, const std::optional<std::string>& comment,
                       std::int64_t now) {
  auto viewer = resources::load_viewer(c, uid);
  auto t = visible(c, StaffGate{viewer, now}, type, id);
  if (!t) throw ApiError::not_found();
  if (!completed(c, uid, *t)) throw ApiError{http::Status::conflict, err::NOT_COMPLETED, msg::NOT_COMPLETED};
  db::Value comment_value = comment ? db::Value{*comment} : db::Value{};
  // The voice report's ratings over time: a changed rating takes the old stars back out.
  if (auto old = c.query("SELECT stars FROM satisfaction_ratings WHERE user_id = $1 AND item_type = $2 AND "
                         "item_id = $3",
                         uid, std::string(t->kind.type), id)
                     .first())
    triggers::fire(c, {triggers::satisfaction_unrated, uid, std::string(t->kind.type), old->i64(0)});
  triggers::fire(c, {triggers::satisfaction_rated, uid, std::string(t->kind.type), stars});
  c.query(
      "INSERT INTO satisfaction_ratings (id, user_id, item_type, item_id, stars, comment, created_at, "
      "updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (user_id, item_type, item_id) DO "
      "UPDATE SET stars = excluded.stars, comment = excluded.comment, updated_at = excluded.updated_at, "
      "version = satisfaction_ratings.version + 1",
      uuid_v7(), uid, std::string(t->kind.type), id, stars, comment_value, now);
  return json::object{{"rating", my_rating(c, uid, *t)}};
}

namespace {

Awaitable rate(Context& ctx) {
  std::string uid = ctx.user->id, type = ctx.params.at("type"), id = ctx.params.at("id");
  json::object body = ctx.json_object();
  http::FieldErrors errors;
  const auto* s = body.if_contains("stars");
  std::int64_t stars = 0;
  if (s && s->is_int64()) stars = s->as_int64();
  if (s && s->is_uint64()) stars = static_cast<std::int64_t>(std::min<std::uint64_t>(s->as_uint64(), 99));
  if (stars < 1 || stars > 5) errors["stars"] = msg::STARS_1_TO_5;
  std::optional<std::string> comment;
  if (const auto* v = body.if_contains("comment"); v && !v->is_null()) {
    if (!v->is_string()) {
      errors["comment"] = msg::MUST_BE_PLAIN_TEXT;
    } else {
      std::string text = plain_text(v->as_string());
      if (has_control_chars_but_breaks(text))
        errors["comment"] = msg::MUST_BE_PLAIN_TEXT;
      else if (utf8_length(text) > comment_max)
        errors["comment"] = msg::AT_MOST_2000_CHARS;
      else if (!text.empty())
        comment = std::move(text);
    }
  }
  if (!errors.empty()) throw ApiError::validation(std::move(errors));
  auto answer = co_await ctx.app.db->transact(
      [&](db::Connection& c) { return rate_item(c, uid, type, id, stars, comment, now_ms()); });
  co_return http::json_response(ctx, answer);
}

// "Not now": the prompt is not shown again; the item stays rateable from its page.
Awaitable dismiss(Context& ctx) {
  std::string uid = ctx.user->id, type = ctx.params.at("type"), id = ctx.params.at("id");
  co_await resources::staff_write(ctx, [&](db::Connection& c, const StaffGate& gate) {
    auto t = visible(c, gate, type, id);
    if (!t) throw ApiError::not_found();
    if (!completed(c, uid, *t))
      throw ApiError{http::Status::conflict, err::NOT_COMPLETED, msg::NOT_COMPLETED};
    c.query(
        "UPDATE satisfaction_prompts SET dismissed_at = $1 WHERE user_id = $2 AND item_type = $3 AND item_id "
        "= "
        "$4 AND dismissed_at IS NULL",
        now_ms(), uid, std::string(t->kind.type), id);
    return 0;
  });
  co_return http::json_response(ctx, json::object{{"ok", true}});
}

}  // namespace

void register_routes(http::Services& app) {
  triggers::listen(triggers::course_completed, prompt_when_in(kinds[1]));
  triggers::listen(triggers::learning_completed, prompt_when_in(kinds[0]));
  triggers::listen(triggers::event_attended, prompt_when_in(kinds[2]));
  app.router.get("/api/satisfaction/pending", pending, http::Access::signed_in);
  app.router.get("/api/satisfaction/:type/:id", get_mine, http::Access::signed_in);
  app.router.put("/api/satisfaction/:type/:id", rate, http::Access::signed_in);
  app.router.post("/api/satisfaction/:type/:id/dismiss", dismiss, http::Access::signed_in);
  register_admin_routes(app);
}

}  // namespace shopfloor::satisfaction
