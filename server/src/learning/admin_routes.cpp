// Back-office calls beyond the generic resource API: the lesson order of a course (the kit's reorder)
// and the preview of any item in the staff detail shape whatever its status or audience.
#include "exams/exams.hpp"
#include "http/api_error.hpp"
#include "http/response.hpp"
#include "http/services.hpp"
#include "learning/routes.hpp"
#include "resources/ordering.hpp"
#include "util/ids.hpp"

namespace shopfloor::learning {

namespace json = boost::json;
using http::Access;
using http::ApiError;
using http::Context;
using Awaitable = boost::asio::awaitable<http::Response>;

namespace {

// The lesson order's own URL (the admin course editor calls it); the kit's reorder does the work.
Awaitable order_lessons(Context& ctx) {
  co_return co_await resources::reorder(ctx, *resources::registry().find("course-lessons"),
                                        ctx.params.at("id"));
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

void register_admin_routes(http::Services& app) {
  app.router.put("/api/admin/courses/:id/lessons/order", order_lessons, Access::editor);
  app.router.get("/api/admin/preview/:type/:id", preview, Access::editor);
}

}  // namespace shopfloor::learning
