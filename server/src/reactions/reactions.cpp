#include "reactions/reactions.hpp"

#include "db/params.hpp"
#include "http/api_error.hpp"
#include "http/body_fields.hpp"
#include "http/json_time.hpp"
#include "resources/audit.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::reactions {

namespace json = boost::json;
using http::ApiError;

namespace {

constexpr std::size_t max_comment_chars = 1000;
constexpr std::size_t max_reason_chars = 500;

// id, body, created_at, user id, name, nickname, image
std::string comment_select(const Kind& k) {
  return "SELECT k.id, k.body, k.created_at, u.id, u.name, u.nickname, u.image FROM " + k.comments_table() +
         " k JOIN users u ON u.id = k.user_id";
}

json::object comment_json(const db::Row& r, const std::string& viewer_id, std::optional<bool> moderator) {
  std::string name = r.is_null(5) || r.str(5).empty() ? r.str(4) : r.str(5);
  bool mine = r.str(3) == viewer_id;
  json::object o{
      {"id", r.str(0)},
      {"body", r.str(1)},
      {"createdAt", iso8601(r.i64(2))},
      {"author",
       json::object{{"id", r.str(3)}, {"name", name}, {"image", http::value_or_null(r.opt_str(6))}}},
      {"mine", mine}};
  if (moderator) o["canDelete"] = mine || *moderator;
  return o;
}

// Moves the item's comment count by `delta`, never below 0.
void count_comments(db::Connection& c, const Kind& k, const std::string& item_id, std::int64_t delta) {
  c.query("UPDATE " + k.item_table + " SET " + k.comments_count + " = " + k.comments_count +
              " + $1 WHERE id = $2" + (delta < 0 ? " AND " + k.comments_count + " > 0" : ""),
          delta, item_id);
}

}  // namespace

std::int64_t set_like(db::Connection& c, const Kind& k, const std::string& item_id,
                      const std::string& user_id, bool like, std::int64_t now) {
  const std::string count = k.likes_count;
  if (like) {
    if (c.query("INSERT INTO " + k.likes_table() + " (" + k.item_column() +
                    ", user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (" + k.item_column() +
                    ", user_id) DO NOTHING",
                item_id, user_id, now)
            .affected > 0)
      c.query("UPDATE " + k.item_table + " SET " + count + " = " + count + " + 1 WHERE id = $1", item_id);
  } else if (c.query(
                  "DELETE FROM " + k.likes_table() + " WHERE " + k.item_column() + " = $1 AND user_id = $2",
                  item_id, user_id)
                 .affected > 0) {
    c.query("UPDATE " + k.item_table + " SET " + count + " = " + count + " - 1 WHERE id = $1 AND " + count +
                " > 0",
            item_id);
  }
  return c.query("SELECT " + count + " FROM " + k.item_table + " WHERE id = $1", item_id).first()->i64(0);
}

void add_like_routes(http::Services& app, const std::string& path, Awaitable (*set_like)(Context&, bool)) {
  app.router.put(
      path, [set_like](Context& ctx) { return set_like(ctx, true); }, http::Access::signed_in);
  app.router.del(
      path, [set_like](Context& ctx) { return set_like(ctx, false); }, http::Access::signed_in);
}

std::set<std::string> liked(db::Connection& c, const Kind& k, const std::string& user_id,
                            const std::vector<std::string>& item_ids) {
  std::set<std::string> out;
  if (item_ids.empty()) return out;
  std::vector<db::Value> params{user_id};
  std::string in;
  for (const auto& id : item_ids) in += (in.empty() ? "" : ", ") + db::bind(params, id);
  return c
      .exec("SELECT " + k.item_column() + " FROM " + k.likes_table() + " WHERE user_id = $1 AND " +
                k.item_column() + " IN (" + in + ")",
            params)
      .first_column<std::set<std::string>>();
}

std::string comment_text(const json::object& body) {
  http::FieldErrors errors;
  for (const auto& [key, _] : body)
    if (key != "body") errors[std::string(key)] = msg::UNKNOWN_FIELD;
  std::string text;
  const auto* v = body.if_contains("body");
  if (!v || !v->is_string()) {
    errors["body"] = msg::BODY_TEXT;
  } else {
    text = plain_text(v->as_string());
    http::check_plain_text(text, max_comment_chars, msg::AT_MOST_1000_CHARS, "body", errors);
  }
  if (!errors.empty()) throw ApiError::validation(errors);
  return text;
}

void add_comment_routes(http::Services& app, const std::string& path, CommentRoutes routes) {
  app.router.get(path, std::move(routes.list), http::Access::signed_in);
  app.router.post(path, std::move(routes.post), http::Access::signed_in);
  app.router.del(path + "/:commentId", std::move(routes.remove), http::Access::signed_in);
}

CommentPage comments(db::Connection& c, const Kind& k, const std::string& item_id,
                     const std::string& viewer_id, const std::optional<std::string>& before,
                     std::int64_t limit, std::optional<bool> moderator) {
  std::string sql = comment_select(k) + " WHERE k." + k.item_column() + " = $1" +
                    (k.moderated ? " AND k.status = 'visible'" : "");
  auto rows = before
                  ? c.query(sql + " AND k.id < $3 ORDER BY k.id DESC LIMIT $2", item_id, limit + 1, *before)
                  : c.query(sql + " ORDER BY k.id DESC LIMIT $2", item_id, limit + 1);
  CommentPage page;
  for (std::size_t i = 0; i < rows.rows.size() && static_cast<std::int64_t>(i) < limit; ++i)
    page.items.push_back(comment_json(rows.rows[i], viewer_id, moderator));
  page.has_more = static_cast<std::int64_t>(rows.rows.size()) > limit;
  return page;
}

json::object add_comment(db::Connection& c, const Kind& k, const std::string& item_id,
                         const std::string& user_id, const std::string& text, std::int64_t now,
                         std::optional<bool> moderator) {
  std::string id = uuid_v7();
  if (k.moderated)
    c.query("INSERT INTO " + k.comments_table() + " (id, " + k.item_column() +
                ", user_id, body, status, created_at, updated_at, version) VALUES ($1, $2, $3, $4, "
                "'visible', $5, "
                "$5, 1)",
            id, item_id, user_id, text, now);
  else
    c.query("INSERT INTO " + k.comments_table() + " (id, " + k.item_column() +
                ", user_id, body, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)",
            id, item_id, user_id, text, now);
  count_comments(c, k, item_id, 1);
  auto row = c.query(comment_select(k) + " WHERE k.id = $1", id).first();
  return comment_json(*row, user_id, moderator);
}

bool delete_comment(db::Connection& c, const Kind& k, const std::string& item_id,
                    const std::string& comment_id, const Deleting& who,
                    const std::function<bool()>& author_may) {
  auto row = c.query("SELECT user_id, body, " + std::string(k.moderated ? "status" : "'visible'") + " FROM " +
                         k.comments_table() + " WHERE id = $1 AND " + k.item_column() + " = $2",
                     comment_id, item_id)
                 .first();
  if (!row) return false;
  bool own = row->str(0) == who.user_id;
  if (!own && !who.moderator) return false;  // others' comments are not the caller's to know about
  if (own && !who.moderator && author_may && !author_may()) return false;
  if (c.query("DELETE FROM " + k.comments_table() + " WHERE id = $1", comment_id).affected == 0) return false;
  if (row->str(2) == "visible") count_comments(c, k, item_id, -1);
  if (!own)
    audit::record(c, who.user_id, "delete", k.item + "-comments", comment_id,
                  json::object{{k.item, item_id}, {"user", row->str(0)}, {"body", row->str(1)}}, std::nullopt,
                  who.ip);
  return true;
}

resources::Resource comments_resource(const Kind& k, std::string name, resources::Label label,
                                      std::string item_resource, resources::Label item_label) {
  using namespace resources;
  auto r = area(std::move(name), k.comments_table(), std::move(label));
  r.title_field = "body";
  r.allow_create = false;
  r.default_sort = "-createdAt";
  r.fields = {
      reference(k.item, std::move(item_label), std::move(item_resource)).read_only().filterable(),
      reference("user", {"ผู้เขียน", "Author"}, "users").read_only().filterable(),
      long_text("body", {"ข้อความ", "Comment"}).read_only().searchable(),
  };
  auto item_of = [k](const WriteContext& w) { return std::string(w.before->at(k.item).as_string()); };
  if (k.moderated) {
    r.list_columns = {"body", k.item, "user", "status", "createdAt"};
    r.fields.push_back(choice("status", {"สถานะ", "Status"},
                              {{"visible", {"แสดง", "Visible"}}, {"hidden", {"ซ่อน", "Hidden"}}})
                           .required()
                           .filterable()
                           .sortable());
    // The count counts visible comments: moderation moves it with the status.
    r.before_update = [k, item_of](WriteContext& w) {
      auto it = w.values.find("status");
      if (it == w.values.end() || !w.before) return;
      std::string was(w.before->at("status").as_string()), now = std::get<std::string>(it->second);
      if (was != now) count_comments(w.c, k, item_of(w), now == "visible" ? 1 : -1);
    };
  } else {
    r.allow_update = false;
    r.list_columns = {"body", k.item, "user", "createdAt"};
  }
  r.before_delete = [k, item_of](WriteContext& w) {
    if (w.before && (!k.moderated || w.before->at("status").as_string() == "visible"))
      count_comments(w.c, k, item_of(w), -1);
  };
  return r;
}

std::optional<std::string> report_reason(const json::object& body) {
  std::optional<std::string> reason;
  if (const auto* v = body.if_contains("reason"); v && !v->is_null()) {
    std::string s = v->is_string() ? plain_text(v->as_string()) : std::string("\x01");
    if (utf8_length(s) > max_reason_chars || has_control_chars_but_breaks(s))
      throw ApiError::validation({{"reason", msg::STORY_REPORT_REASON}});
    if (!s.empty()) reason = s;
  }
  return reason;
}

void report(db::Connection& c, const Kind& k, const std::string& item_id, const std::string& user_id,
            const std::optional<std::string>& reason, std::int64_t now) {
  if (c.query("INSERT INTO " + k.reports_table + " (" + k.item_column() +
                  ", user_id, reason, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (" + k.item_column() +
                  ", user_id) DO NOTHING",
              item_id, user_id, reason, now)
          .affected == 0)
    throw ApiError{http::Status::conflict, err::ALREADY_REPORTED, msg::STORY_ALREADY_REPORTED};
  c.query("UPDATE " + k.item_table + " SET " + k.reports_count + " = " + k.reports_count + " + 1" +
              (k.reported_flag.empty() ? "" : ", " + k.reported_flag + " = 1") + " WHERE id = $1",
          item_id);
}

}  // namespace shopfloor::reactions
