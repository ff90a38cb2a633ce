#include "forms/questions.hpp"

#include <boost/json/parse.hpp>

#include "surveys/questions.hpp"

namespace shopfloor::forms {

namespace json = boost::json;
using surveys::Kind;

Questions load_questions(db::Connection& c, const std::string& form_id) {
  Questions out;
  auto rows = c.query(
      "SELECT id, kind, text, help, required, options_json, max_choices, min_value, max_value FROM "
      "form_questions WHERE form_id = $1 ORDER BY position, id",
      form_id);
  for (const auto& r : rows.rows) {
    std::string help;
    auto q = surveys::question_of(r, 0, help);
    q.max_choices = r.opt_i64(6).value_or(0);
    if (q.kind == Kind::number) {
      if (auto v = r.opt_i64(7)) q.min_number = static_cast<double>(*v);
      if (auto v = r.opt_i64(8)) q.max_number = static_cast<double>(*v);
    }
    out.list.push_back(std::move(q));
    out.help.push_back(std::move(help));
  }
  return out;
}

json::object question_json(const Questions& qs, std::size_t i) {
  const auto& q = qs.list[i];
  auto number = [](const std::optional<double>& x) {
    return x ? json::value(static_cast<std::int64_t>(*x)) : json::value(nullptr);
  };
  auto out = surveys::question_json(q, qs.help[i]);
  out["minValue"] = number(q.min_number);
  out["maxValue"] = number(q.max_number);
  return out;
}

}  // namespace shopfloor::forms
