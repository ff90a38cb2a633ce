#include "surveys/surveys.hpp"

#include <cstdio>

#include "club/export.hpp"
#include "http/response.hpp"
#include "http/services.hpp"
#include "resources/search.hpp"
#include "surveys/ballots.hpp"
#include "surveys/counting.hpp"
#include "surveys/declarations.hpp"
#include "surveys/responses.hpp"
#include "surveys/results.hpp"
#include "surveys/staff.hpp"
#include "surveys/totals.hpp"
#include "util/ids.hpp"

namespace shopfloor::surveys {

namespace json = boost::json;
using http::ApiError;
using http::Context;
using Awaitable = boost::asio::awaitable<http::Response>;

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
  if (!body) throw ApiError::not_found();
  co_return http::json_response(ctx, *body);
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
void add_rows(club::ExportGroup& g, const json::array& questions) {
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
  auto format = club::export_format(ctx);
  co_await count_if_ended(ctx, id);
  co_return co_await ctx.app.db->read([&](db::Connection& c) {
    auto results = plausible_id(id) ? results_of(c, id, by, 0) : std::nullopt;
    if (!results) throw ApiError::not_found();
    club::ExportTable t{"survey-results", {"question", "kind", "answer", "count"}, {{"all", {}}}, "group"};
    add_rows(t.groups[0], results->at("questions").as_array());
    if (const auto* groups = results->if_contains("groups"))
      for (const auto& gv : groups->as_array()) {
        club::ExportGroup g{std::string(gv.at("label").as_string()), {}};
        add_rows(g, gv.at("questions").as_array());
        t.groups.push_back(std::move(g));
      }
    return club::export_response(ctx, t, format);
  });
}

}  // namespace

void register_routes(http::Services& app) {
  resources::registry().add(surveys_resource());
  resources::registry().add(sections_resource());
  resources::registry().add(questions_resource());
  // Staff search opens what the survey page opens (surveys/staff.cpp: the gate, nothing more).
  resources::add_staff_kind({"survey", "surveys", "/club/surveys/{id}", resources::gated("surveys")});
  register_staff_routes(app);
  register_response_routes(app);
  app.router.get("/api/admin/surveys/:id/results", admin_results, http::Access::editor);
  app.router.get("/api/admin/surveys/:id/results/export", admin_results_export, http::Access::editor);
}

void seed_demo(db::Connection& c) {
  if (!c.query("SELECT 1 FROM surveys").empty()) return;
  auto now = now_ms();
  constexpr std::int64_t day = 86400000;
  std::string survey = uuid_v7(), section = uuid_v7();
  c.query(
      "INSERT INTO surveys (id, title, description, anonymous, status, start_at, end_at, created_at, "
      "updated_at) "
      "VALUES ($1, $2, $3, 1, 'published', $4, $5, $6, $6)",
      survey, std::string("ความพึงพอใจในการทำงานประจำไตรมาส"), std::string("ไม่ระบุตัวตน ใช้เวลาประมาณ 3 นาที"),
      now - day, now + 14 * day, now);
  c.query(
      "INSERT INTO survey_sections (id, survey_id, title, position, created_at, updated_at) VALUES ($1, $2, "
      "$3, "
      "0, $4, $4)",
      section, survey, std::string("การทำงานของคุณ"), now);
  struct Demo {
    const char *kind, *text, *options;
    bool required;
  };
  const Demo questions[] = {
      {"nps", "คุณจะแนะนำบริษัทของเราให้เพื่อนมาร่วมงานมากน้อยแค่ไหน", nullptr, true},
      {"rating", "ความพึงพอใจต่อหัวหน้างานโดยตรง", nullptr, true},
      {"single", "กะที่คุณทำงานบ่อยที่สุด", R"(["เช้า","บ่าย","ดึก"])", true},
      {"multiple", "สิ่งที่อยากให้ปรับปรุง (เลือกได้หลายข้อ)", R"(["ห้องพัก","ตารางกะ","การอบรม","อุปกรณ์"])", false},
      {"short_text", "อธิบายทีมของคุณในหนึ่งคำ", nullptr, false},
      {"long_text", "ข้อเสนอแนะเพิ่มเติม", nullptr, false},
  };
  std::vector<std::string> ids;
  int position = 0;
  for (const auto& q : questions) {
    ids.push_back(uuid_v7());
    c.query(
        "INSERT INTO survey_questions (id, section_id, kind, text, required, options_json, position, "
        "created_at, "
        "updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
        ids.back(), section, std::string(q.kind), std::string(q.text), q.required ? 1 : 0,
        q.options ? db::Value{std::string(q.options)} : db::Value{}, position++, now);
  }
  // Twelve anonymous answers (no person behind them: the demo's own staff can still take part).
  auto stores = c.query("SELECT id, region_id FROM stores ORDER BY code").rows;
  const int nps[] = {10, 9, 9, 8, 7, 6, 10, 3, 9, 8, 10, 5}, rating[] = {5, 4, 4, 3, 5, 2, 4, 5, 3, 4, 5, 4};
  const char* words[] = {"สามัคคี", "ขยัน", "สนุก"};
  for (int i = 0; i < 12; ++i) {
    std::string response = random_uuid();
    const db::Row* store = stores.empty() ? nullptr : &stores[static_cast<std::size_t>(i) % stores.size()];
    c.query(
        "INSERT INTO survey_responses (id, survey_id, store_id, region_id, position) VALUES ($1, $2, $3, $4, "
        "'Sales')",
        response, survey, store ? db::Value{store->str(0)} : db::Value{},
        store && !store->is_null(1) ? db::Value{store->str(1)} : db::Value{});
    auto answer = [&](std::size_t q, std::int64_t value, db::Value text = {}) {
      c.query(
          "INSERT INTO survey_answers (response_id, survey_id, question_id, value, text) VALUES ($1, $2, $3, "
          "$4, "
          "$5)",
          response, survey, ids[q], value, text);
    };
    answer(0, nps[i]);
    answer(1, rating[i]);
    answer(2, i % 3);
    answer(3, i % 4);
    if (i % 2 == 0) answer(3, (i + 1) % 4);
    if (i % 4 == 0) answer(4, 0, db::Value{std::string(words[i % 3])});
  }
  c.query("UPDATE surveys SET responses_count = 12 WHERE id = $1", survey);
  rebuild_totals(c, survey);
}

}  // namespace shopfloor::surveys
