// Back-office calls beyond the generic resource API: the lesson order of a course (the kit's reorder)
// and the preview of any item in the staff detail shape whatever its status or audience (the types are
// registered: learning's here, the exam by exams/ the way share kinds are registered).
#include "http/handler.hpp"
#include "learning/learning.hpp"
#include "learning/routes.hpp"
#include "resources/ordering.hpp"
#include "util/ids.hpp"

namespace shopfloor::learning {

using http::Access;

namespace {

// The lesson order's own URL (the admin course editor calls it); the kit's reorder does the work.
Awaitable order_lessons(Context& ctx) {
  co_return co_await resources::reorder(ctx, *resources::registry().find("course-lessons"),
                                        ctx.params.at("id"));
}

std::map<std::string, PreviewFn>& previews() {
  static std::map<std::string, PreviewFn> map;
  return map;
}

// In the staff detail shape, as `type` answers it to staff ({type: item}), whatever its status, window or
// audience; the progress shown is the editor's own.
PreviewFn learning_preview(const std::string& type) {
  return [type](db::Connection& c, const std::string& id, const std::string& uid,
                std::int64_t now) -> std::optional<json::object> {
    UserState st = load_state(c, load_viewer(c, uid), now);
    auto preview = resources::StaffGate::preview(now);
    auto item =
        type == "article" ? article_detail(c, id, preview, uid) : item_detail(c, type, id, preview, st);
    if (!item) return std::nullopt;
    return json::object{{type, std::move(*item)}};
  };
}

Awaitable preview(Context& ctx) {
  std::string type = ctx.params.at("type"), id = ctx.params.at("id"), uid = ctx.user->id;
  auto kind = previews().find(type);
  if (!plausible_id(id) || kind == previews().end()) throw ApiError::not_found();
  auto body = co_await ctx.app.db->read(
      [&](db::Connection& c) -> std::optional<json::object> { return kind->second(c, id, uid, now_ms()); });
  co_return http::json_or_not_found(ctx, body);
}

}  // namespace

void add_preview(const std::string& type, PreviewFn load) {
  previews()[type] = std::move(load);
}

void register_admin_routes(http::Services& app) {
  for (const char* type : {"content", "course", "ebook", "article"})
    add_preview(type, learning_preview(type));
  app.router.put("/api/admin/courses/:id/lessons/order", order_lessons, http::Access::editor);
  app.router.get("/api/admin/preview/:type/:id", preview, http::Access::editor);
}

}  // namespace shopfloor::learning
