#include "surveys/questions.hpp"

#include <algorithm>
#include <boost/json/parse.hpp>

namespace shopfloor::surveys {

namespace json = boost::json;

std::vector<Section> load_sections(db::Connection& c, const std::string& survey_id) {
  std::vector<Section> out;
  for (const auto& s :
       c.query("SELECT id, title, description FROM survey_sections WHERE survey_id = $1 ORDER BY "
               "position, id",
               survey_id)
           .rows)
    out.push_back(Section{s.str(0), s.opt_str(1).value_or(""), s.opt_str(2).value_or(""), {}, {}});
  auto rows = c.query(
      "SELECT q.section_id, q.id, q.kind, q.text, q.help, q.required, q.options_json, q.max_choices FROM "
      "survey_questions q JOIN survey_sections s ON s.id = q.section_id WHERE s.survey_id = $1 ORDER BY "
      "q.position, q.id",
      survey_id);
  for (const auto& r : rows.rows) {
    auto section = std::find_if(out.begin(), out.end(), [&](const Section& s) { return s.id == r.str(0); });
    if (section == out.end()) continue;
    std::string help;
    auto q = question_of(r, 1, help);
    q.max_choices = r.opt_i64(7).value_or(0);
    section->questions.push_back(std::move(q));
    section->help.push_back(std::move(help));
  }
  return out;
}

Question question_of(const db::Row& r, std::size_t first, std::string& help) {
  Question q;
  q.id = r.str(first);
  q.kind = kind_of(r.str(first + 1)).value_or(Kind::short_text);
  q.text = r.str(first + 2);
  help = r.opt_str(first + 3).value_or("");
  q.required = r.boolean(first + 4);
  if (!r.is_null(first + 5)) {
    std::error_code ec;
    auto parsed = json::parse(r.str(first + 5), ec);
    if (!ec && parsed.is_array())
      for (const auto& o : parsed.as_array())
        if (o.is_string()) q.options.emplace_back(o.as_string());
  }
  return q;
}

json::object question_json(const Question& q, const std::string& help) {
  json::array options;
  for (const auto& o : q.options) options.push_back(json::value(o));
  return json::object{
      {"id", q.id},
      {"kind", name_of(q.kind)},
      {"text", q.text},
      {"help", help.empty() ? json::value(nullptr) : json::value(help)},
      {"required", q.required},
      {"options", std::move(options)},
      {"maxChoices",
       q.kind == Kind::multiple
           ? json::value(q.max_choices > 0 ? q.max_choices : static_cast<std::int64_t>(q.options.size()))
           : json::value(nullptr)}};
}

std::vector<Question> all_questions(const std::vector<Section>& sections) {
  std::vector<Question> out;
  for (const auto& s : sections) out.insert(out.end(), s.questions.begin(), s.questions.end());
  return out;
}

json::object read_draft(const std::vector<Question>& questions, const std::string& stored) {
  std::error_code ec;
  auto parsed = json::parse(stored, ec);
  if (ec || !parsed.is_object()) return {};
  // A question edited since the draft was saved may no longer take its answer: keep only what still fits.
  json::object fitting;
  for (const auto& [key, v] : parsed.as_object()) {
    json::object one{{key, v}};
    http::FieldErrors errors;
    auto answers = check_answers(questions, one, false, errors);
    if (errors.empty() && !answers.empty()) fitting[key] = v;
  }
  return fitting;
}

json::object answers_json(const std::vector<Question>& questions, const std::vector<Answer>& answers) {
  json::object out;
  for (const auto& a : answers)
    for (const auto& q : questions)
      if (q.id == a.question_id) out[q.id] = answer_json(q, a);
  return out;
}

}  // namespace shopfloor::surveys
