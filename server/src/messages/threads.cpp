// One-to-one threads between a staff member and the back office: the person starts one and replies; editors
// and admins see every thread and answer. Anyone else's thread is absent (404). Plain text only (the web
// escapes it), at most 2,000 characters, at the shared sending rate.
#include <boost/json.hpp>

#include "http/body_fields.hpp"
#include "http/client_budget.hpp"
#include "http/handler.hpp"
#include "http/json_time.hpp"
#include "messages/internal.hpp"
#include "notifications/notifications.hpp"
#include "util/ids.hpp"
#include "util/rate_budget.hpp"
#include "util/text.hpp"

namespace shopfloor::messages {

namespace {

// Sending budget per person: 10 at once, 10 more a minute (a chat pace, not a script's).
RateBudget& send_budget() {
  static RateBudget budget({.burst = 10, .per_minute = 10});
  return budget;
}

// A text member: trimmed, required, at most `max` characters, plain text.
std::string text_member(const json::object& body, const char* name, std::size_t max,
                        http::FieldErrors& errors) {
  const auto* v = body.if_contains(name);
  if (!v || v->is_null()) {
    errors[name] = msg::REQUIRED;
    return {};
  }
  if (!v->is_string()) {
    errors[name] = msg::MUST_BE_TEXT;
    return {};
  }
  std::string text = trimmed(std::string_view(v->as_string()));
  http::check_plain_text(text, max, max == subject_max ? msg::AT_MOST_100_CHARS : msg::AT_MOST_2000_CHARS,
                         name, errors);
  return text;
}

bool is_office(const Context& ctx) {
  return ctx.user->at_least(Role::editor);
}

std::string need_id(Context& ctx) {
  std::string id = ctx.params.at("id");
  if (!plausible_id(id)) throw ApiError::not_found();
  return id;
}

// The thread if the caller may see it: its person, or the back office.
std::optional<db::Row> thread_for(db::Connection& c, const std::string& id, const std::string& uid,
                                  bool office) {
  auto row =
      c.query(
           "SELECT t.id, t.user_id, t.subject, t.staff_unread, t.office_unread, t.last_message_at, u.name, "
           "u.employee_code, s.name, t.created_at FROM message_threads t JOIN users u ON u.id = t.user_id "
           "LEFT JOIN stores s ON s.id = u.store_id WHERE t.id = $1",
           id)
          .first();
  if (!row || (!office && row->str(1) != uid)) return std::nullopt;
  return row;
}

// Who asks about the thread at `:id`: its person, or the back office.
struct Caller {
  std::string id, uid;
  bool office;
  explicit Caller(Context& ctx) : id(need_id(ctx)), uid(ctx.user->id), office(is_office(ctx)) {}
  // fn(thread) when the caller may see the thread; nullopt (404) otherwise.
  template <class F>
  std::optional<json::object> on_thread(db::Connection& c, F fn) const {
    auto t = thread_for(c, id, uid, office);
    if (!t) return std::nullopt;
    return fn(*t);
  }
};

json::object person_of(const db::Row& r) {
  return json::object{{"id", r.str(1)},
                      {"name", r.str(6)},
                      {"employeeCode", r.str(7)},
                      {"store", http::value_or_null(r.opt_str(8))}};
}

json::object message_json(const db::Row& m) {
  // id, from_office, body, created_at, author name
  return json::object{{"id", m.str(0)},
                      {"fromOffice", m.boolean(1)},
                      {"body", m.str(2)},
                      {"createdAt", iso8601(m.i64(3))},
                      {"author", http::value_or_null(m.opt_str(4))}};
}

json::object thread_json(db::Connection& c, const db::Row& t) {
  json::array messages;
  for (const auto& m :
       c.query("SELECT k.id, k.from_office, k.body, k.created_at, COALESCE(u.nickname, u.name) "
               "FROM thread_messages k LEFT JOIN users u ON u.id = k.author_id WHERE "
               "k.thread_id = $1 ORDER BY k.created_at, k.id",
               t.str(0))
           .rows)
    messages.push_back(message_json(m));
  return json::object{{"id", t.str(0)},
                      {"subject", t.str(2)},
                      {"person", person_of(t)},
                      {"createdAt", iso8601(t.i64(9))},
                      {"messages", std::move(messages)}};
}

// Appends a message and moves the unread marks: a reply from the office is unread for the person (and answers
// the thread); a message from the person waits for the office.
json::object append(db::Connection& c, const std::string& thread_id, const std::string& person,
                    const std::string& author, bool from_office, const std::string& text, std::int64_t now) {
  std::string id = uuid_v7();
  c.query(
      "INSERT INTO thread_messages (id, thread_id, author_id, from_office, body, created_at) VALUES ($1, $2, "
      "$3, "
      "$4, $5, $6)",
      id, thread_id, author, from_office, text, now);
  c.query(from_office
              ? "UPDATE message_threads SET staff_unread = staff_unread + 1, office_unread = 0, "
                "last_message_at = $2, last_preview = $3, updated_at = $2, version = version + 1 WHERE "
                "id = $1"
              : "UPDATE message_threads SET office_unread = office_unread + 1, last_message_at = $2, "
                "last_preview = $3, updated_at = $2, version = version + 1 WHERE id = $1",
          thread_id, now, preview_of(text));
  publish_thread(c, thread_id, person, !from_office);
  // An answer is also a notice in the person's bell (SPEC §6 "new message"), once per message.
  if (from_office) {
    auto subject = c.query("SELECT subject FROM message_threads WHERE id = $1", thread_id).first()->str(0);
    notifications::notify(c, {person, "message", json::object{{"title", subject}}, "/messager/t/" + thread_id,
                              "message:" + id});
  }
  return message_json(
      *c.query("SELECT k.id, k.from_office, k.body, k.created_at, COALESCE(u.nickname, u.name) "
               "FROM thread_messages k LEFT JOIN users u ON u.id = k.author_id WHERE k.id = $1",
               id)
           .first());
}

// POST {subject, body}: staff only (the back office answers threads, it does not start them).
Awaitable start_thread(Context& ctx) {
  if (is_office(ctx)) throw ApiError::forbidden();
  auto body = ctx.json_object();
  http::FieldErrors errors;
  std::string subject = text_member(body, "subject", subject_max, errors);
  std::string text = text_member(body, "body", body_max, errors);
  if (!errors.empty()) throw ApiError::validation(errors);
  spend_send_budget(ctx);
  std::string uid = ctx.user->id;
  auto out = co_await ctx.app.db->transact([&](db::Connection& c) {
    std::string id = uuid_v7();
    auto now = now_ms();
    c.query(
        "INSERT INTO message_threads (id, user_id, subject, last_message_at, last_preview, created_at, "
        "updated_at) VALUES ($1, $2, $3, $4, '', $4, $4)",
        id, uid, subject, now);
    append(c, id, uid, uid, false, text, now);
    return json::object{{"thread", thread_json(c, *thread_for(c, id, uid, false))}};
  });
  co_return http::json_response(ctx, out, http::Status::created);
}

Awaitable get_thread(Context& ctx) {
  Caller who(ctx);
  auto out = co_await ctx.app.db->read([&](db::Connection& c) {
    return who.on_thread(c, [&](const db::Row& t) { return json::object{{"thread", thread_json(c, t)}}; });
  });
  co_return http::json_or_not_found(ctx, out);
}

// POST {body}: the person on their own thread, or the back office on any.
Awaitable reply(Context& ctx) {
  Caller who(ctx);
  auto body = ctx.json_object();
  http::FieldErrors errors;
  std::string text = text_member(body, "body", body_max, errors);
  if (!errors.empty()) throw ApiError::validation(errors);
  spend_send_budget(ctx);
  auto out = co_await ctx.app.db->transact([&](db::Connection& c) {
    return who.on_thread(c, [&](const db::Row& t) {
      return json::object{{"message", append(c, who.id, t.str(1), who.uid, who.office, text, now_ms())}};
    });
  });
  co_return http::json_or_not_found(ctx, out, http::Status::created);
}

// POST: the caller's side of the thread is read (the person's replies, or the office's waiting messages).
Awaitable read_thread(Context& ctx) {
  Caller who(ctx);
  auto out = co_await ctx.app.db->transact([&](db::Connection& c) {
    return who.on_thread(c, [&](const db::Row& t) {
      auto marked = c.query(
          who.office ? "UPDATE message_threads SET office_unread = 0 WHERE id = $1 AND office_unread > 0"
                     : "UPDATE message_threads SET staff_unread = 0 WHERE id = $1 AND staff_unread > 0",
          who.id);
      // The other tabs and devices (and, for the office, the other editors) follow.
      if (marked.affected > 0) publish_thread(c, who.id, t.str(1), who.office);
      return json::object{{"unread", unread_of(c, who.uid, who.office)}};
    });
  });
  co_return http::json_or_not_found(ctx, out);
}

// GET ?waiting=1&limit=: the back office's inbox, threads with the newest message first.
Awaitable office_threads(Context& ctx) {
  auto limit = ctx.query_int("limit", 50, 1, 200);
  bool waiting = ctx.query("waiting").value_or("") == "1";
  auto out = co_await ctx.app.db->read([&](db::Connection& c) {
    json::array items;
    for (const auto& r :
         c.query(std::string(
                     "SELECT t.id, t.user_id, t.subject, t.staff_unread, t.office_unread, t.last_message_at, "
                     "u.name, u.employee_code, s.name, t.created_at, t.last_preview FROM message_threads t "
                     "JOIN users u ON u.id = t.user_id LEFT JOIN stores s ON s.id = u.store_id ") +
                     (waiting ? "WHERE t.office_unread > 0 " : "") +
                     "ORDER BY t.last_message_at DESC LIMIT $1",
                 limit)
             .rows)
      items.push_back(json::object{{"id", r.str(0)},
                                   {"subject", r.str(2)},
                                   {"person", person_of(r)},
                                   {"preview", r.str(10)},
                                   {"lastMessageAt", iso8601(r.i64(5))},
                                   {"unread", r.i64(4)}});
    return json::object{{"items", std::move(items)}, {"unread", unread_of(c, "", true)}};
  });
  co_return http::json_response(ctx, out);
}

}  // namespace

void spend_send_budget(const http::Context& ctx) {
  if (int wait = send_budget().take(ctx.user->id); wait > 0) throw ApiError::rate_limited(wait);
}

void register_thread_routes(http::Services& app) {
  app.router.post("/api/messages/threads", start_thread, http::Access::signed_in);
  app.router.get("/api/messages/threads/:id", get_thread, http::Access::signed_in);
  app.router.post("/api/messages/threads/:id/messages", reply, http::Access::signed_in);
  app.router.post("/api/messages/threads/:id/read", read_thread, http::Access::signed_in);
  app.router.get("/api/admin/messages/threads", office_threads, http::Access::editor);
}

}  // namespace shopfloor::messages
