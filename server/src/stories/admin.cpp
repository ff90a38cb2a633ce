// The back office of stories. `stories` is a kit resource (list, filters, search, delete, audit) whose
// moderation is its actions: publish (pending or rejected → published, or keep a reported story), reject
// with a reason, feature and unfeature. Each is a conditional update, so two editors publishing at once
// move the story once; the author's points carry the key story:<id>:<user> besides.
#include "stories/admin.hpp"

#include "http/handler.hpp"
#include "notifications/notifications.hpp"
#include "points/ledger.hpp"
#include "resources/builders.hpp"
#include "resources/search.hpp"
#include "resources/traits.hpp"
#include "resources/triggers.hpp"
#include "stories/model.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::stories {

using namespace resources;

namespace {

constexpr std::size_t max_reason_chars = 500;

ApiError conflict(const http::ErrorCode& code, const http::Message& m) {
  return ApiError{http::Status::conflict, code, m};
}

// The first characters of a story, for the points history and the notice.
std::string excerpt(const std::string& text, std::size_t chars = 60) {
  std::size_t n = 0, i = 0;
  for (; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && n++ == chars) break;
  std::string out = text.substr(0, i);
  std::replace(out.begin(), out.end(), '\n', ' ');
  return i < text.size() ? out + "…" : out;
}

}  // namespace

json::object publish_story(db::Connection& c, const std::string& id, const std::string& actor,
                           std::int64_t now) {
  auto row = c.query("SELECT user_id, text FROM stories WHERE id = $1", id).first();
  std::string author = row->str(0), text = row->str(1);
  if (c.query("UPDATE stories SET status = 'published', published_at = COALESCE(published_at, $1), "
              "reject_reason = NULL, reported = 0, updated_at = $1, version = version + 1 WHERE id = $2 AND "
              "status <> 'published'",
              now, id)
          .affected > 0) {
    // The story's notice tells the points (the ledger's own notice would say it twice).
    bool paid = points::award(
        c, {author, publish_points, excerpt(text), "story", id, "story:" + id + ":" + author, actor, false});
    notifications::notify(c, {author, "story_published",
                              json::object{{"story", excerpt(text)}, {"points", paid ? publish_points : 0}},
                              "/stores/" + id, "story:" + id + ":published"});
    triggers::fire(c, {triggers::story_published, author, id, paid ? publish_points : 0});
    return json::object{{"points", paid ? publish_points : 0}};
  }
  // Already published: publishing again keeps a reported story (it leaves the queue).
  if (c.query("UPDATE stories SET reported = 0, updated_at = $1, version = version + 1 WHERE id = $2 AND "
              "reported <> 0",
              now, id)
          .affected > 0)
    return json::object{{"points", 0}, {"note", "kept after reports"}};
  throw conflict(err::ALREADY_PUBLISHED, msg::STORY_ALREADY_PUBLISHED);
}

json::object reject_story(db::Connection& c, const std::string& id, const std::string& reason,
                          std::int64_t now) {
  auto row = c.query("SELECT user_id, text FROM stories WHERE id = $1", id).first();
  if (c.query("UPDATE stories SET status = 'rejected', reject_reason = $1, featured = 0, reported = 0, "
              "updated_at = $2, version = version + 1 WHERE id = $3 AND status <> 'rejected'",
              reason, now, id)
          .affected == 0)
    throw conflict(err::ALREADY_REJECTED, msg::STORY_ALREADY_REJECTED);
  // The author hears the reason here and sees it on "my stories".
  notifications::notify(
      c, {row->str(0), "story_rejected", json::object{{"story", excerpt(row->str(1))}, {"reason", reason}},
          "/stores/mine", "story:" + id + ":rejected"});
  return json::object{{"note", reason}};
}

void feature_story(db::Connection& c, const std::string& id, bool on, std::int64_t now) {
  c.query(
      "UPDATE stories SET featured = $1, updated_at = $2, version = version + 1 WHERE id = $3 AND featured "
      "<> $1",
      std::int64_t{on ? 1 : 0}, now, id);
}

namespace {

json::object publish(ActionContext& a) {
  return publish_story(a.c, a.id, a.actor.id, now_ms());
}

json::object reject(ActionContext& a) {
  std::optional<std::string> reason;
  if (const auto* v = a.body.if_contains("reason"); v && v->is_string()) {
    std::string s = plain_text(v->as_string());
    if (!s.empty() && utf8_length(s) <= max_reason_chars && !has_control_chars_but_breaks(s)) reason = s;
  }
  if (!reason) throw ApiError::validation({{"reason", msg::REASON_REQUIRED}});
  return reject_story(a.c, a.id, *reason, now_ms());
}

Action feature_action(bool on) {
  return {Role::editor, [on](ActionContext& a) {
            if (on && a.before.at("status").as_string() != "published")
              throw conflict(err::STORY_NOT_PUBLISHED, msg::STORY_NOT_PUBLISHED);
            feature_story(a.c, a.id, on, now_ms());
            return json::object{};
          }};
}

Resource stories_resource() {
  auto r = area("stories", "stories", {"เรื่องเล่าความสำเร็จ", "Success stories"});
  r.title_field = "text";
  r.allow_create = false;
  r.allow_update = false;  // editors moderate through the actions; the text is the author's
  r.default_sort = "-createdAt";
  r.list_columns = {"photos", "text",       "authorName",    "store",
                    "status", "likesCount", "commentsCount", "createdAt"};
  r.fields = {
      reference("user", {"ผู้เขียน", "Author"}, "users").read_only().filterable(),
      text("authorName", {"ชื่อผู้เขียน", "Author's name"}).read_only().searchable().sortable(),
      reference("store", {"สาขา", "Store"}, "stores").read_only().filterable(),
      long_text("text", {"เรื่องเล่า", "Story"}).read_only().searchable(),
      image_list("photos", {"รูปภาพ", "Photos"}).read_only(),
      choice("status", {"สถานะ", "Status"},
             {{"pending", {"รอตรวจ", "Pending"}},
              {"published", {"เผยแพร่แล้ว", "Published"}},
              {"rejected", {"ไม่อนุมัติ", "Rejected"}}})
          .read_only()
          .filterable()
          .sortable(),
      long_text("rejectReason", {"เหตุผลที่ไม่อนุมัติ", "Reason for rejection"}).read_only(),
      boolean("featured", {"แนะนำ", "Featured"}).read_only().filterable().sortable(),
      boolean("reported", {"ถูกรายงาน", "Reported"}).read_only().filterable().sortable(),
      integer("reportsCount", {"จำนวนรายงาน", "Reports"}).read_only().sortable(),
      integer("likesCount", {"ถูกใจ", "Likes"}).read_only().sortable(),
      integer("commentsCount", {"ความคิดเห็น", "Comments"}).read_only().sortable(),
      datetime("publishedAt", {"เผยแพร่เมื่อ", "Published"}).read_only().sortable(),
  };
  // Stories have no title: found by their text and their author's name, most recently published first.
  searchable(r, {.summary = {"authorName"}, .body = {"text"}, .sorted_by = "publishedAt"});
  r.actions["publish"] = {Role::editor, publish};
  r.actions["reject"] = {Role::editor, reject};
  r.actions["feature"] = feature_action(true);
  r.actions["unfeature"] = feature_action(false);
  return r;
}

}  // namespace

void register_admin_routes(http::Services&) {
  registry().add(stories_resource());
  registry().add(reactions::comments_resource(story_reactions(), "story-comments",
                                              {"ความคิดเห็นในเรื่องเล่า", "Story comments"}, "stories",
                                              {"เรื่องเล่า", "Story"}));
}

}  // namespace shopfloor::stories
