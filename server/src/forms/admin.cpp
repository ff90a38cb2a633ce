#include "forms/admin.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cstdio>
#include <ctime>
#include <map>

#include "forms/questions.hpp"
#include "http/handler.hpp"
#include "resources/export.hpp"
#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::forms {

using surveys::Kind;

namespace {

constexpr std::int64_t day_ms = 86400000, bangkok_offset_ms = 7 * 3600 * 1000;

// The list's filters as SQL on `form_submissions s JOIN users u` from ?from&to (UTC days, inclusive),
// store, region, q (name or employee code).
struct Filter {
  std::string where = " WHERE s.form_id = $1";
  std::vector<db::Value> params;
};

Filter filter_of(const Context& ctx, const std::string& form) {
  Filter f;
  f.params.push_back(form);
  const auto& qp = ctx.query_params();
  auto get = [&](const char* k) {
    auto it = qp.find(k);
    return it == qp.end() ? std::string() : std::string(trim(it->second));
  };
  auto add = [&](const std::string& sql, db::Value v) {
    f.params.push_back(std::move(v));
    f.where += " AND " + sql + " $" + std::to_string(f.params.size());
  };
  http::FieldErrors errors;
  for (const char* k : {"from", "to"}) {
    auto v = get(k);
    if (v.empty()) continue;
    if (!surveys::valid_date(v)) {
      errors[k] = msg::INVALID_DATE;
      continue;
    }
    std::tm tm{};
    tm.tm_year = std::stoi(v.substr(0, 4)) - 1900, tm.tm_mon = std::stoi(v.substr(5, 2)) - 1;
    tm.tm_mday = std::stoi(v.substr(8, 2));
    auto ms = static_cast<std::int64_t>(timegm(&tm)) * 1000 - bangkok_offset_ms;  // Bangkok midnight
    if (std::string(k) == "from")
      add("s.created_at >=", ms);
    else
      add("s.created_at <", ms + day_ms);
  }
  if (!errors.empty()) throw ApiError::validation(std::move(errors));
  if (auto v = get("store"); !v.empty()) add("s.store_id =", v);
  if (auto v = get("region"); !v.empty()) add("s.region_id =", v);
  if (auto v = get("q"); !v.empty()) {
    f.params.push_back(like_contains(ascii_lower(v)));
    auto n = "$" + std::to_string(f.params.size());
    f.where += " AND (lower(u.name) LIKE " + n + like_escape_clause + " OR lower(u.employee_code) LIKE " + n +
               like_escape_clause + ")";
  }
  return f;
}

const char* const submission_select =
    "SELECT s.id, s.created_at, u.id, u.name, u.employee_code, st.id, st.name, r.id, r.name, s.answers_json, "
    "s.form_id FROM form_submissions s JOIN users u ON u.id = s.user_id LEFT JOIN stores st ON st.id = "
    "s.store_id LEFT JOIN regions r ON r.id = s.region_id";

json::value named(const db::Row& r, std::size_t i) {
  if (r.is_null(i)) return nullptr;
  return json::object{{"id", r.str(i)}, {"name", r.str(i + 1)}};
}

json::object summary(const db::Row& r) {
  return json::object{
      {"id", r.str(0)},
      {"createdAt", iso8601(r.i64(1))},
      {"user", json::object{{"id", r.str(2)}, {"name", r.str(3)}, {"employeeCode", r.str(4)}}},
      {"store", named(r, 5)},
      {"region", named(r, 7)}};
}

struct FileInfo {
  std::string name, mime;
  std::int64_t bytes = 0;
};

// The files the form's submissions use, by id.
std::map<std::string, FileInfo> files_of(db::Connection& c, const std::string& form) {
  std::map<std::string, FileInfo> out;
  for (const auto& r :
       c.query(
            "SELECT id, name, mime, bytes FROM form_files WHERE form_id = $1 AND submission_id IS NOT NULL",
            form)
           .rows)
    out[r.str(0)] = FileInfo{r.str(1), r.str(2), r.i64(3)};
  return out;
}

json::object stored_answers(const std::string& answers_json) {
  std::error_code ec;
  auto v = json::parse(answers_json, ec);
  return !ec && v.is_object() ? v.as_object() : json::object{};
}

std::string option(const surveys::Question& q, const json::value& v) {
  if (!v.is_int64()) return "";
  auto i = v.as_int64();
  return i >= 0 && i < static_cast<std::int64_t>(q.options.size()) ? q.options[static_cast<std::size_t>(i)]
                                                                   : "";
}

// An answer as the detail shows it: option texts instead of indexes, a file's summary instead of its id.
json::value shown(const surveys::Question& q, const json::value* v,
                  const std::map<std::string, FileInfo>& files) {
  if (!v || v->is_null()) return nullptr;
  if (q.kind == Kind::single) return json::value(option(q, *v));
  if (q.kind == Kind::multiple && v->is_array()) {
    json::array out;
    for (const auto& i : v->as_array()) out.push_back(json::value(option(q, i)));
    return out;
  }
  if (q.kind == Kind::file && v->is_string()) {
    auto it = files.find(std::string(v->as_string()));
    if (it == files.end()) return nullptr;
    return json::object{
        {"id", it->first}, {"name", it->second.name}, {"mime", it->second.mime}, {"bytes", it->second.bytes}};
  }
  return *v;
}

// The same as one spreadsheet cell: choices joined by "; ", a file by its name.
std::string cell(const surveys::Question& q, const json::value* v,
                 const std::map<std::string, FileInfo>& files) {
  json::value s = shown(q, v, files);
  if (s.is_null()) return "";
  if (s.is_string()) return std::string(s.as_string());
  if (s.is_array()) {
    std::string out;
    for (const auto& x : s.as_array()) out += (out.empty() ? "" : "; ") + std::string(x.as_string());
    return out;
  }
  if (s.is_object()) return std::string(s.at("name").as_string());
  if (s.is_double()) {  // 3.5, not JSON's 3.5E0
    char text[32];
    std::snprintf(text, sizeof text, "%.15g", s.as_double());
    return text;
  }
  return json::serialize(s);
}

bool form_exists(db::Connection& c, const std::string& id) {
  return plausible_id(id) && !c.query("SELECT 1 FROM forms WHERE id = $1", id).empty();
}

Awaitable list_submissions(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto filter = filter_of(ctx, id);
  auto page = ctx.query_int("page", 1, 1, 100000), size = ctx.query_int("pageSize", 20, 1, 100);
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (!form_exists(c, id)) return std::nullopt;
    auto from = " FROM form_submissions s JOIN users u ON u.id = s.user_id" + filter.where;
    auto total = c.exec("SELECT COUNT(*)" + from, filter.params).first()->i64(0);
    auto params = filter.params;
    params.push_back(size);
    params.push_back((page - 1) * size);
    auto n = params.size();
    auto rows = c.exec(std::string(submission_select) + filter.where +
                           " ORDER BY s.created_at DESC, s.id DESC LIMIT $" + std::to_string(n - 1) +
                           " OFFSET $" + std::to_string(n),
                       params);
    json::array items;
    for (const auto& r : rows.rows) items.push_back(summary(r));
    return json::object{{"items", std::move(items)}, {"total", total}, {"page", page}, {"pageSize", size}};
  });
  co_return http::json_or_not_found(ctx, body);
}

Awaitable get_submission(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto body = co_await ctx.app.db->read([&](db::Connection& c) -> std::optional<json::object> {
    if (!plausible_id(id)) return std::nullopt;
    auto r = c.query(std::string(submission_select) + " WHERE s.id = $1", id).first();
    if (!r) return std::nullopt;
    std::string form = r->str(10);
    auto qs = load_questions(c, form);
    auto files = files_of(c, form);
    auto stored = stored_answers(r->str(9));
    json::array answers;
    for (const auto& q : qs.list)
      answers.push_back(json::object{{"questionId", q.id},
                                     {"kind", surveys::name_of(q.kind)},
                                     {"text", q.text},
                                     {"value", shown(q, stored.if_contains(q.id), files)}});
    auto s = summary(*r);
    s["formId"] = form;
    s["answers"] = std::move(answers);
    return json::object{{"submission", std::move(s)}};
  });
  co_return http::json_or_not_found(ctx, body);
}

// One row per submission (the same filters as the list), one column per question in order.
Awaitable export_submissions(Context& ctx) {
  std::string id = ctx.params.at("id");
  auto filter = filter_of(ctx, id);
  co_return co_await resources::export_read(ctx, [&](db::Connection& c) {
    if (!form_exists(c, id)) throw ApiError::not_found();
    auto qs = load_questions(c, id);
    auto files = files_of(c, id);
    resources::ExportTable t{"form-submissions",
                             {"submitted at", "employee code", "name", "store", "region"},
                             {{"submissions", {}}},
                             ""};
    for (const auto& q : qs.list) t.header.push_back(q.text);
    auto rows =
        c.exec(std::string(submission_select) + filter.where + " ORDER BY s.created_at, s.id", filter.params);
    for (const auto& r : rows.rows) {
      std::vector<std::string> row{iso8601(r.i64(1)), r.str(4), r.str(3), r.opt_str(6).value_or(""),
                                   r.opt_str(8).value_or("")};
      auto stored = stored_answers(r.str(9));
      for (const auto& q : qs.list) row.push_back(cell(q, stored.if_contains(q.id), files));
      t.groups[0].rows.push_back(std::move(row));
    }
    return t;
  });
}

}  // namespace

void register_admin_routes(http::Services& app) {
  resources::add_list_and_export(app.router, "/api/admin/forms/:id/submissions", list_submissions,
                                 export_submissions, http::Access::editor);
  app.router.get("/api/admin/form-submissions/:id", get_submission, http::Access::editor);
}

}  // namespace shopfloor::forms
