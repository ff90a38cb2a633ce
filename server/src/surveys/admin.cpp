// The back office's results of a survey: on screen (broken down by store, region or position) and as a file;
// an anonymous survey that has ended has its last ballots counted first.
#include <cstdio>

#include "http/handler.hpp"
#include "resources/export.hpp"
#include "surveys/ballots.hpp"
#include "surveys/counting.hpp"
#include "surveys/responses.hpp"
#include "surveys/results.hpp"
#include "surveys/staff.hpp"
#include "surveys/surveys.hpp"
#include "util/ids.hpp"

namespace shopfloor::surveys {

namespace {

std::string breakdown_of(const Context& ctx) {
  auto it = ctx.query_params().find("by");
  if (it == ctx.query_params().end() || it->second.empty()) return "";
  if (it->second == "store" || it->second == "region" || it->second == "position") return it->second;
  throw ApiError::validation({{"by", msg::SURVEY_BREAKDOWN}});
}

// Once a survey has ended no submit will count what waits: five or more left by a count that did not run
// (the process stopped between a submit and its count) are counted here. Fewer stay sealed for good: opening
// them now would show them apart (surveys/ballots.hpp).
boost::asio::awaitable<void> count_if_ended(Context& ctx, const std::string& id) {
  if (!plausible_id(id)) co_return;
  auto key = ballots::key_from(ctx.app.config.auth_secret);
  co_await ctx.app.db->transact([&](db::Connection& c) {
    auto ended =
        c.query("SELECT 1 FROM surveys WHERE id = $1 AND end_at IS NOT NULL AND end_at <= $2", id, now_ms());
    return ended.empty() ? 0 : count_ballots(c, key, id);
  });
}

Awaitable admin_results(Context& ctx) {
  std::string id = ctx.params.at("id"), by = breakdown_of(ctx);
  co_await count_if_ended(ctx, id);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (!plausible_id(id)) return std::nullopt;
    return results_of(c, id, by);
  });
  co_return http::json_or_not_found(ctx, body);
}

std::string number(const json::value& v) {
  if (v.is_null()) return "";
  if (!v.is_double()) return std::to_string(v.to_number<std::int64_t>());
  char out[32];
  std::snprintf(out, sizeof out, "%g", v.as_double());
  return out;
}

// The rows of one group's questions: a count per option or value, the figures (average, CSAT, NPS), and —
// for the whole survey only — each text answer.
void add_rows(resources::ExportGroup& g, const json::array& questions) {
  for (const auto& qv : questions) {
    const auto& q = qv.as_object();
    std::string text(q.at("text").as_string()), kind(q.at("kind").as_string());
    const auto& counts = q.at("counts").as_array();
    std::int64_t base = kind == "rating" ? 1 : 0;
    for (std::size_t i = 0; i < counts.size(); ++i)
      g.rows.push_back({text, kind, std::to_string(base + static_cast<std::int64_t>(i)), number(counts[i])});
    for (const char* figure : {"answered", "average", "csat", "nps"})
      if (const auto* v = q.if_contains(figure)) g.rows.push_back({text, kind, figure, number(*v)});
    if (const auto* texts = q.if_contains("texts"))
      for (const auto& t : texts->as_array())
        g.rows.push_back({text, kind, "text", std::string(t.as_string())});
  }
}

// CSV or XLSX of the same results (the group-of-5 rule included): one group "all", then the breakdown's.
Awaitable admin_results_export(Context& ctx) {
  std::string id = ctx.params.at("id"), by = breakdown_of(ctx);
  auto format = resources::export_format(ctx);
  co_await count_if_ended(ctx, id);
  co_return co_await ctx.app.db->read([&](db::Connection& c) {
    auto results = plausible_id(id) ? results_of(c, id, by, 0) : std::nullopt;
    if (!results) throw ApiError::not_found();
    resources::ExportTable t{
        "survey-results", {"question", "kind", "answer", "count"}, {{"all", {}}}, "group"};
    add_rows(t.groups[0], results->at("questions").as_array());
    if (const auto* groups = results->if_contains("groups"))
      for (const auto& gv : groups->as_array()) {
        resources::ExportGroup g{std::string(gv.at("label").as_string()), {}};
        add_rows(g, gv.at("questions").as_array());
        t.groups.push_back(std::move(g));
      }
    return resources::export_response(ctx, t, format);
  });
}

}  // namespace

void register_admin_routes(http::Services& app) {
  register_response_routes(app);
  resources::add_list_and_export(app.router, "/api/admin/surveys/:id/results", admin_results,
                                 admin_results_export, http::Access::editor);
}

}  // namespace shopfloor::surveys
