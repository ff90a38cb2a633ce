// Broadcasts: the back office's declaration (kit list/editor, plus the `send` action) and the staff side
// (the inbox, one broadcast, mark read, the unread count).
#include <algorithm>
#include <boost/json.hpp>
#include <limits>

#include "http/handler.hpp"
#include "jobs/audience_jobs.hpp"
#include "media/media.hpp"
#include "messages/internal.hpp"
#include "resources/audience.hpp"
#include "resources/builders.hpp"
#include "resources/people_pages.hpp"
#include "resources/staff_gate.hpp"
#include "resources/traits.hpp"
#include "resources/triggers.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::messages {

using namespace resources;

namespace {

// Rows of one statement: 2 fixed parameters + one per person, well under SQLite's and PostgreSQL's limits.
constexpr std::size_t insert_batch = 1000;

constexpr const char* broadcast_job = "broadcast";
// People per page of deliveries: the audience jobs' batch (AUDIENCE_JOB_BATCH), set at start-up.
int page_size = 500;

std::vector<DeliveredListener>& delivered_listeners() {
  static std::vector<DeliveredListener> listeners;
  return listeners;
}

Resource broadcasts_resource() {
  auto r = area("broadcasts", "broadcasts", {"ข้อความถึงพนักงาน", "Broadcasts"});
  r.list_columns = {"title", "status", "audience", "recipientsCount", "readsCount", "sentAt"};
  r.fields = {
      text("title", {"หัวข้อ", "Title"}).required().searchable().sortable().max(200),
      html("body", {"ข้อความ", "Message"}).required().max(20000),
      image("image", {"รูปภาพ", "Picture"}),
      audience_field(),
      choice("status", {"สถานะ", "Status"}, {{"draft", {"ฉบับร่าง", "Draft"}}, {"sent", {"ส่งแล้ว", "Sent"}}})
          .read_only()
          .filterable()
          .sortable()
          .fallback("draft"),
      datetime("sentAt", {"ส่งเมื่อ", "Sent"}).read_only().sortable(),
      integer("recipientsCount", {"ผู้รับ", "Recipients"}).read_only().sortable(),
      integer("readsCount", {"อ่านแล้ว", "Read"}).read_only().sortable(),
      // Below recipientsCount while the delivery job runs ("sending 40,000 / 100,000").
      integer("deliveredCount", {"ส่งถึงแล้ว", "Delivered"}).read_only(),
  };
  // What was sent stays as it was read: no edits after sending (deleting it withdraws it from inboxes).
  r.before_update = [](WriteContext& w) {
    const auto* status = w.before ? w.before->if_contains("status") : nullptr;
    if (status && status->is_string() && status->as_string() == "sent")
      throw ApiError::conflict(msg::ALREADY_SENT);
  };
  Action send;
  send.min_role = Role::editor;
  send.run = [](ActionContext& a) {
    auto n = send_broadcast(a.c, a.id, a.actor.id, now_ms());
    return json::object{{"recipients", n}};
  };
  r.actions["send"] = std::move(send);
  return r;
}

// b.id, title, body, sent_at, media (4..10), d.read_at (11), d.delivered_at (12)
const char* const broadcast_select =
    "SELECT b.id, b.title, b.body, b.sent_at, m.id, m.hash, m.ext, m.kind, m.mime, m.width, m.height, "
    "d.read_at, d.delivered_at FROM broadcast_deliveries d JOIN broadcasts b ON b.id = d.broadcast_id LEFT "
    "JOIN media m ON "
    "m.id = b.image_media_id ";

json::value image_of(const db::Row& r) {
  return media::media_summary_or_null(r, 4);
}

// A line of the inbox, a broadcast's or a thread's alike; `key` orders the lines (and is the next page's
// cursor), its id is the item's.
struct InboxEntry {
  http::PageKey key;
  json::object item;
};
InboxEntry inbox_entry(const char* kind, http::PageKey key, std::string title, std::string preview,
                       json::value image, std::int64_t at, std::int64_t unread) {
  json::object item{{"kind", kind},
                    {"id", key.id},
                    {"title", std::move(title)},
                    {"preview", std::move(preview)},
                    {"image", std::move(image)},
                    {"at", iso8601(at)},
                    {"unread", unread}};
  return {std::move(key), std::move(item)};
}

Awaitable inbox(Context& ctx) {
  std::string uid = ctx.user->id;
  bool office = ctx.user->at_least(Role::editor);
  auto limit = ctx.query_int("limit", 30, 1, 100);
  // The keyset, newest first: (ms, rank, id) of a page's last item, rank 1 for threads and 0 for broadcasts,
  // so that items of the same millisecond keep one order across pages.
  auto before =
      ctx.query_page_key("before").value_or(http::PageKey{std::numeric_limits<std::int64_t>::max(), 1, ""});
  auto body = co_await ctx.app.db->read([&](db::Connection& c) {
    std::vector<InboxEntry> entries;
    // Each kind's items after the cursor; limit + 1 of each tells whether more follow.
    for (const auto& r : c.query(std::string(broadcast_select) +
                                     "WHERE d.user_id = $1 AND (d.delivered_at, 0, b.id) < ($2, $3, $4) "
                                     "ORDER BY d.delivered_at DESC, b.id DESC LIMIT $5",
                                 uid, before.first, before.second, before.id, limit + 1)
                             .rows)
      entries.push_back(inbox_entry("broadcast", {r.i64(12), 0, r.str(0)}, r.str(1),
                                    preview_of(r.is_null(2) ? "" : r.str(2)), image_of(r), r.i64(3),
                                    r.is_null(11) ? 1 : 0));
    for (const auto& r :
         c.query("SELECT id, subject, last_preview, last_message_at, staff_unread FROM "
                 "message_threads WHERE user_id = $1 AND (last_message_at, 1, id) < ($2, $3, $4) "
                 "ORDER BY last_message_at DESC, id DESC LIMIT $5",
                 uid, before.first, before.second, before.id, limit + 1)
             .rows)
      entries.push_back(
          inbox_entry("thread", {r.i64(3), 1, r.str(0)}, r.str(1), r.str(2), nullptr, r.i64(3), r.i64(4)));
    std::sort(entries.begin(), entries.end(), [](const InboxEntry& a, const InboxEntry& b) {
      return std::tie(a.key.first, a.key.second, a.key.id) > std::tie(b.key.first, b.key.second, b.key.id);
    });
    json::value next = nullptr;
    if (entries.size() > static_cast<std::size_t>(limit)) {
      entries.resize(static_cast<std::size_t>(limit));
      next = json::value(entries.back().key.text());
    }
    json::array items;
    for (auto& e : entries) items.push_back(std::move(e.item));
    return json::object{
        {"items", std::move(items)}, {"next", std::move(next)}, {"unread", unread_of(c, uid, office)}};
  });
  co_return http::json_response(ctx, body);
}

std::string need_id(Context& ctx) {
  std::string id = ctx.params.at("id");
  if (!plausible_id(id)) throw ApiError::not_found();
  return id;
}

// Only a recipient opens a broadcast (anyone else: 404, as if it did not exist).
Awaitable get_broadcast(Context& ctx) {
  std::string id = need_id(ctx), uid = ctx.user->id;
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    auto r = c.query(std::string(broadcast_select) + "WHERE d.broadcast_id = $1 AND d.user_id = $2", id, uid)
                 .first();
    if (!r) return std::nullopt;
    return json::object{{"broadcast", json::object{{"id", r->str(0)},
                                                   {"title", r->str(1)},
                                                   {"body", r->is_null(2) ? "" : r->str(2)},
                                                   {"image", image_of(*r)},
                                                   {"sentAt", iso8601(r->i64(3))},
                                                   {"read", !r->is_null(11)}}}};
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

// POST: idempotent; the broadcast's read count moves once per person (conditional update).
Awaitable read_broadcast(Context& ctx) {
  std::string id = need_id(ctx), uid = ctx.user->id;
  bool office = ctx.user->at_least(Role::editor);
  auto body = co_await ctx.app.db->transact([&](db::Connection& c) -> std::optional<json::object> {
    auto marked = c.query(
        "UPDATE broadcast_deliveries SET read_at = $3 WHERE broadcast_id = $1 AND user_id = $2 AND read_at "
        "IS "
        "NULL",
        id, uid, now_ms());
    if (marked.affected == 0) {
      if (c.query("SELECT 1 FROM broadcast_deliveries WHERE broadcast_id = $1 AND user_id = $2", id, uid)
              .empty())
        return std::nullopt;
    } else {
      c.query("UPDATE broadcasts SET reads_count = reads_count + 1 WHERE id = $1", id);
    }
    return json::object{{"unread", unread_of(c, uid, office)}};
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

Awaitable unread_count(Context& ctx) {
  std::string uid = ctx.user->id;
  bool office = ctx.user->at_least(Role::editor);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) { return unread_of(c, uid, office); });
  co_return http::json_response(ctx, body);
}

}  // namespace

std::int64_t send_broadcast(db::Connection& c, const std::string& id, const std::string& sender,
                            std::int64_t now) {
  auto row = c.query("SELECT status, audience_json FROM broadcasts WHERE id = $1", id).first();
  if (!row) throw ApiError::not_found();
  if (row->str(0) == "sent") throw ApiError::conflict(msg::ALREADY_SENT);
  auto audience = parse_audience(row->is_null(1) ? "" : row->str(1));
  // Counted, not read: the delivery rows are written a page at a time (deliver_page), the first page here.
  auto n = count_people(c, std::span<const Audience>(&audience, 1));
  if (n == 0) throw ApiError::validation({{"audience", msg::NOBODY_IN_AUDIENCE}});
  // Conditional: of two racing sends, the second finds it sent (409) and writes nothing.
  auto moved = c.query(
      "UPDATE broadcasts SET status = 'sent', sent_at = $2, sent_by = $3, recipients_count = $4, "
      "delivered_count = 0, updated_at = $2, version = version + 1 WHERE id = $1 AND status = 'draft'",
      id, now, sender.empty() ? db::Value{} : db::Value{sender}, n);
  if (moved.affected == 0) throw ApiError::conflict(msg::ALREADY_SENT);
  // A small audience is delivered in this transaction; a larger one goes on as an audience job after commit.
  if (auto next = deliver_page(c, id, "", page_size, now))
    jobs::AudienceJobs::enqueue(c, broadcast_job, id, *next);
  triggers::fire(c, {triggers::broadcast_sent, sender, id, n});
  return n;
}

std::optional<std::string> deliver_page(db::Connection& c, const std::string& id,
                                        const std::string& after_user, int batch, std::int64_t now) {
  auto b =
      c.query("SELECT title, audience_json, sent_at FROM broadcasts WHERE id = $1 AND status = 'sent'", id)
          .first();
  if (!b) return std::nullopt;  // deleted since: nothing left to deliver
  auto audience = parse_audience(b->is_null(1) ? "" : b->str(1));
  auto page = people_page(c, std::span<const Audience>(&audience, 1), after_user, batch);
  std::vector<std::string> users;
  for (const auto& v : page.people) users.push_back(v.user_id);
  if (!users.empty()) {
    // Everyone's copy carries the send's time (the inbox's order), whichever page wrote it.
    auto added = add_deliveries(c, id, users, b->i64(2));
    if (added > 0)
      c.query("UPDATE broadcasts SET delivered_count = delivered_count + $2 WHERE id = $1", id, added);
    const std::string title = b->str(0);
    for (const auto& listener : delivered_listeners()) listener(c, {id, title, users, now});
    publish_broadcast(c, id, after_user, page.last);
  }
  if (!page.done) return page.last;
  // Everyone has theirs: the recipients are who got it (whoever left the audience meanwhile got none).
  c.query("UPDATE broadcasts SET recipients_count = delivered_count WHERE id = $1", id);
  return std::nullopt;
}

std::int64_t add_deliveries(db::Connection& c, const std::string& broadcast_id,
                            const std::vector<std::string>& users, std::int64_t at) {
  std::int64_t added = 0;
  for (std::size_t from = 0; from < users.size(); from += insert_batch) {
    std::size_t to = std::min(users.size(), from + insert_batch);
    std::vector<db::Value> params{broadcast_id, at};
    std::string sql = "INSERT INTO broadcast_deliveries (broadcast_id, user_id, delivered_at) VALUES ";
    for (std::size_t i = from; i < to; ++i) {
      params.push_back(users[i]);
      sql += (i == from ? "($1, $" : ", ($1, $") + std::to_string(params.size()) + ", $2)";
    }
    // Once per person however often a page is written (a job's page redone after a crash rolled back).
    added += c.exec(sql + " ON CONFLICT (broadcast_id, user_id) DO NOTHING", params).affected;
  }
  return added;
}

void on_delivered(DeliveredListener listener) {
  delivered_listeners().push_back(std::move(listener));
}

std::string preview_of(std::string_view html, std::size_t max) {
  std::string out;
  bool in_tag = false, space = false;
  for (std::size_t i = 0; i < html.size(); ++i) {
    char ch = html[i];
    if (in_tag) {
      if (ch == '>') in_tag = false, space = true;
      continue;
    }
    if (ch == '<') {
      in_tag = true;
      continue;
    }
    if (ch == '&') {
      static const std::pair<std::string_view, char> entities[] = {
          {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&#39;", '\''}, {"&nbsp;", ' '}};
      bool done = false;
      for (const auto& [name, value] : entities)
        if (html.substr(i, name.size()) == name) {
          ch = value;
          i += name.size() - 1;
          done = true;
          break;
        }
      (void)done;
    }
    if (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += ch;
  }
  if (utf8_length(out) <= max) return out;
  // Cut at a character boundary.
  std::size_t chars = 0, i = 0;
  for (; i < out.size(); ++i)
    if ((static_cast<unsigned char>(out[i]) & 0xC0) != 0x80 && chars++ == max) break;
  return out.substr(0, i) + "…";
}

json::object unread_of(db::Connection& c, const std::string& user_id, bool office) {
  if (office) {
    auto waiting = c.query("SELECT COUNT(*) FROM message_threads WHERE office_unread > 0").first()->i64(0);
    return json::object{{"unread", waiting}, {"broadcasts", 0}, {"threads", waiting}};
  }
  auto broadcasts =
      c.query("SELECT COUNT(*) FROM broadcast_deliveries WHERE user_id = $1 AND read_at IS NULL", user_id)
          .first()
          ->i64(0);
  auto threads =
      c.query("SELECT COUNT(*) FROM message_threads WHERE user_id = $1 AND staff_unread > 0", user_id)
          .first()
          ->i64(0);
  return json::object{{"unread", broadcasts + threads}, {"broadcasts", broadcasts}, {"threads", threads}};
}

void register_broadcast_routes(http::Services& app) {
  registry().add(broadcasts_resource());
  auto& jobs = app.get<jobs::AudienceJobs>();
  page_size = jobs.batch();
  jobs.handle(broadcast_job, deliver_page);
  app.router.get("/api/messages", inbox, http::Access::signed_in);
  app.router.get("/api/messages/unread-count", unread_count, http::Access::signed_in);
  app.router.get("/api/messages/broadcasts/:id", get_broadcast, http::Access::signed_in);
  app.router.post("/api/messages/broadcasts/:id/read", read_broadcast, http::Access::signed_in);
}

}  // namespace shopfloor::messages
