// The back office's results of a poll, on screen and as a file.
#include "http/handler.hpp"
#include "polls/routes.hpp"
#include "resources/export.hpp"
#include "util/ids.hpp"

namespace shopfloor::polls {

namespace {

Awaitable admin_results(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (!plausible_id(id)) return std::nullopt;
    auto p = c.query("SELECT ballots_count FROM polls WHERE id = $1", id).first();
    if (!p) return std::nullopt;
    return results_of(c, id, p->i64(0));
  });
  co_return http::json_or_not_found(ctx, body);
}

// The results as a file (resources/export.hpp: CSV or XLSX), one row per option and a last row with the
// ballots.
Awaitable admin_results_export(Context& ctx) {
  std::string id = ctx.params.at("id");
  co_return co_await resources::export_read(ctx, [&](db::Connection& c) {
    auto p = plausible_id(id) ? c.query("SELECT ballots_count FROM polls WHERE id = $1", id).first()
                              : std::nullopt;
    if (!p) throw ApiError::not_found();
    resources::ExportTable t{"poll-results", {"option", "votes", "percent"}, {{"results", {}}}, ""};
    auto results = results_of(c, id, p->i64(0));  // kept: the loop reads into it
    for (const auto& o : results.at("options").as_array()) {
      char percent[16];
      std::snprintf(percent, sizeof percent, "%.1f", o.at("percent").as_double());
      t.groups[0].rows.push_back(
          {std::string(o.at("text").as_string()), std::to_string(o.at("votes").as_int64()), percent});
    }
    t.groups[0].rows.push_back({"ballots", std::to_string(p->i64(0)), ""});
    return t;
  });
}

}  // namespace

void register_admin_routes(http::Services& app) {
  resources::add_list_and_export(app.router, "/api/admin/polls/:id/results", admin_results,
                                 admin_results_export, http::Access::editor);
}

}  // namespace shopfloor::polls
