// Back-office calls beyond the generic resource API: the lesson order of a course (one transaction,
// audited) and the preview of any item in the staff detail shape whatever its status or audience.
#include "app/app.hpp"
#include "exams/exams.hpp"
#include "http/api_error.hpp"
#include "http/response.hpp"
#include "learning/routes.hpp"
#include "resources/audit.hpp"
#include "util/ids.hpp"

namespace shopfloor::learning {

namespace json = boost::json;
using http::Access;
using http::ApiError;
using http::Context;
using Awaitable = boost::asio::awaitable<http::Response>;

namespace {

Awaitable order_lessons(Context& ctx) {
  std::string course_id = ctx.params.at("id");
  if (!plausible_id(course_id)) throw ApiError::not_found();
  json::object body = ctx.json_object();
  auto* ids_v = body.if_contains("ids");
  std::vector<std::string> ids;
  if (!ids_v || !ids_v->is_array() || ids_v->as_array().size() > 1000)
    throw ApiError::validation({{"ids", "Required: the course's lesson ids in their new order."}});
  for (const auto& v : ids_v->as_array()) {
    if (!v.is_string() || !plausible_id(std::string(v.as_string())))
      throw ApiError::validation({{"ids", "Must be a list of lesson ids."}});
    ids.emplace_back(v.as_string());
  }
  std::string actor = ctx.user->id, ip = ctx.client_ip;
  auto answer = co_await ctx.app.db->transact([&](db::Connection& c) {
    if (c.query("SELECT 1 FROM courses WHERE id = $1", course_id).empty()) throw ApiError::not_found();
    auto rows = c.query(
        "SELECT id FROM course_lessons WHERE course_id = $1 ORDER BY position, created_at, id", course_id);
    std::vector<std::string> before;
    for (const auto& r : rows.rows) before.push_back(r.str(0));
    std::vector<std::string> a = before, b = ids;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a != b) throw ApiError::validation({{"ids", "Must list every lesson of this course exactly once."}});
    auto now = now_ms();
    for (std::size_t i = 0; i < ids.size(); ++i)
      c.query(
          "UPDATE course_lessons SET position = $1, updated_at = $2, version = version + 1 WHERE id = $3 AND "
          "position <> $1",
          static_cast<std::int64_t>(i), now, ids[i]);
    json::array was, now_order;
    for (const auto& id : before) was.emplace_back(id);
    for (const auto& id : ids) now_order.emplace_back(id);
    audit::record(c, actor, "lessons.order", "courses", course_id, json::object{{"lessons", was}},
                  json::object{{"lessons", now_order}}, ip);
    return json::object{{"ids", now_order}};
  });
  co_return http::json_response(ctx, answer);
}

Awaitable preview(Context& ctx) {
  std::string type = ctx.params.at("type"), id = ctx.params.at("id"), uid = ctx.user->id;
  if (!plausible_id(id) ||
      (type != "content" && type != "course" && type != "article" && type != "ebook" && type != "exam"))
    throw ApiError::not_found();
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    auto now = now_ms();
    if (type == "exam") return exams::exam_detail(c, id, uid, now);  // already {"exam": {...}}
    UserState st = load_state(c, load_viewer(c, uid), now);
    std::optional<json::object> item;
    if (type == "content") item = content_detail(c, id, nullptr, st, now, false);
    if (type == "course") item = course_detail(c, id, nullptr, st, now, false);
    if (type == "ebook") item = ebook_detail(c, id, nullptr, st, now, false);
    if (type == "article") item = article_detail(c, id, nullptr, uid, now, false);
    if (!item) return std::nullopt;
    return json::object{{type, std::move(*item)}};
  });
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
}

}  // namespace

void register_admin_routes(App& app) {
  app.router.put("/api/admin/courses/:id/lessons/order", order_lessons, Access::editor);
  app.router.get("/api/admin/preview/:type/:id", preview, Access::editor);
}

}  // namespace shopfloor::learning
