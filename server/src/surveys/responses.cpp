// Back office only: a named survey's responses, listed and exported.
#include "surveys/responses.hpp"

#include <map>

#include "http/handler.hpp"
#include "resources/export.hpp"
#include "surveys/engine.hpp"
#include "surveys/questions.hpp"
#include "util/ids.hpp"

namespace shopfloor::surveys {

namespace {

struct Response {
  std::string id, user_id, name, code, store, position;
  std::int64_t at = 0;
  std::map<std::string, Answer> answers;  // by question id
};

// The questions of a named survey (nullopt: no such survey, or an anonymous one).
std::optional<std::vector<Question>> named_questions(db::Connection& c, const std::string& id) {
  if (!plausible_id(id)) return std::nullopt;
  auto s = c.query("SELECT anonymous FROM surveys WHERE id = $1", id).first();
  if (!s || s->boolean(0)) return std::nullopt;
  return all_questions(load_sections(c, id));
}

// Newest first; limit 0 = all. Each with its answers (one query for the page's responses).
std::vector<Response> load(db::Connection& c, const std::string& id, std::int64_t offset,
                           std::int64_t limit) {
  std::string sql =
      "SELECT r.id, COALESCE(r.user_id, ''), COALESCE(u.name, ''), COALESCE(u.employee_code, ''), "
      "COALESCE(st.name, ''), COALESCE(r.position, ''), COALESCE(r.created_at, 0) FROM survey_responses r "
      "LEFT JOIN users u ON u.id = r.user_id LEFT JOIN stores st ON st.id = r.store_id WHERE r.survey_id = "
      "$1 "
      "ORDER BY r.created_at DESC, r.id DESC";
  if (limit > 0) sql += " LIMIT " + std::to_string(limit) + " OFFSET " + std::to_string(offset);
  std::vector<Response> out;
  std::map<std::string, std::size_t> index;
  for (const auto& r : c.query(sql, id).rows) {
    index[r.str(0)] = out.size();
    out.push_back(Response{r.str(0), r.str(1), r.str(2), r.str(3), r.str(4), r.str(5), r.i64(6), {}});
  }
  if (out.empty()) return out;
  std::string in;
  std::vector<db::Value> params{db::Value{id}};
  for (const auto& x : out) {
    in += (in.empty() ? "$" : ", $") + std::to_string(params.size() + 1);
    params.emplace_back(x.id);
  }
  auto rows =
      c.exec(
           "SELECT response_id, question_id, value, text FROM survey_answers WHERE survey_id = $1 AND "
           "response_id IN (" +
               in + ") ORDER BY response_id, question_id, value",
           params)
          .rows;
  for (const auto& r : rows) {
    auto& a = out[index.at(r.str(0))].answers[r.str(1)];
    a.question_id = r.str(1);
    if (!r.is_null(3))
      a.text = r.str(3);
    else
      a.values.push_back(r.i64(2));
  }
  return out;
}

// An answer as a person reads it: option texts, the score, or the text.
std::string readable(const Question& q, const Answer& a) {
  if (a.text) return *a.text;
  std::string out;
  for (auto v : a.values) {
    if (!out.empty()) out += "; ";
    auto i = static_cast<std::size_t>(v);
    out += has_options(q.kind) && i < q.options.size() ? q.options[i] : std::to_string(v);
  }
  return out;
}

Awaitable list_responses(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto offset = ctx.query_int("offset", 0, 0, 1000000000);
  auto limit = ctx.query_int("limit", 20, 1, 100);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    auto questions = named_questions(c, id);
    if (!questions) return std::nullopt;
    json::array qs;
    for (const auto& q : *questions) {
      json::array options;
      for (const auto& o : q.options) options.push_back(json::value(o));
      qs.push_back(
          json::object{{"id", q.id}, {"kind", name_of(q.kind)}, {"text", q.text}, {"options", options}});
    }
    json::array items;
    for (const auto& r : load(c, id, offset, limit)) {
      json::object answers;
      for (const auto& q : *questions)
        if (auto it = r.answers.find(q.id); it != r.answers.end()) answers[q.id] = answer_json(q, it->second);
      items.push_back(json::object{
          {"id", r.id},
          {"user", r.user_id.empty() ? json::value(nullptr)
                                     : json::value(json::object{
                                           {"id", r.user_id}, {"name", r.name}, {"employeeCode", r.code}})},
          {"store", r.store},
          {"position", r.position},
          {"submittedAt", r.at ? json::value(iso8601(r.at)) : json::value(nullptr)},
          {"answers", std::move(answers)}});
    }
    auto total = c.query("SELECT COUNT(*) FROM survey_responses WHERE survey_id = $1", id).first()->i64(0);
    return json::object{{"questions", std::move(qs)}, {"items", std::move(items)}, {"total", total}};
  });
  co_return http::json_or_not_found(ctx, body);
}

// One row per response: the person, their store and position, the time, then one column per question.
Awaitable export_responses(Context& ctx) {
  std::string id = ctx.params.at("id");
  co_return co_await resources::export_read(ctx, [&](db::Connection& c) {
    auto questions = named_questions(c, id);
    if (!questions) throw ApiError::not_found();
    resources::ExportTable t{"survey-responses",
                             {"employee_code", "name", "store", "position", "submitted_at"},
                             {{"all", {}}},
                             ""};
    for (const auto& q : *questions) t.header.push_back(q.text);
    for (const auto& r : load(c, id, 0, 0)) {
      std::vector<std::string> row{r.code, r.name, r.store, r.position, r.at ? iso8601(r.at) : ""};
      for (const auto& q : *questions) {
        auto it = r.answers.find(q.id);
        row.push_back(it == r.answers.end() ? "" : readable(q, it->second));
      }
      t.groups[0].rows.push_back(std::move(row));
    }
    return t;
  });
}

}  // namespace

void register_response_routes(http::Services& app) {
  resources::add_list_and_export(app.router, "/api/admin/surveys/:id/responses", list_responses,
                                 export_responses, http::Access::editor);
}

}  // namespace shopfloor::surveys
