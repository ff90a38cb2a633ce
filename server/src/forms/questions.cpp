#include "forms/questions.hpp"

#include <boost/json/parse.hpp>

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
    surveys::Question q;
    q.id = r.str(0);
    q.kind = surveys::kind_of(r.str(1)).value_or(Kind::short_text);
    q.text = r.str(2);
    q.required = r.boolean(4);
    if (!r.is_null(5)) {
      std::error_code ec;
      auto parsed = json::parse(r.str(5), ec);
      if (!ec && parsed.is_array())
        for (const auto& o : parsed.as_array())
          if (o.is_string()) q.options.emplace_back(o.as_string());
    }
    q.max_choices = r.opt_i64(6).value_or(0);
    if (q.kind == Kind::number) {
      if (auto v = r.opt_i64(7)) q.min_number = static_cast<double>(*v);
      if (auto v = r.opt_i64(8)) q.max_number = static_cast<double>(*v);
    }
    out.list.push_back(std::move(q));
    out.help.push_back(r.opt_str(3).value_or(""));
  }
  return out;
}

json::object question_json(const Questions& qs, std::size_t i) {
  const auto& q = qs.list[i];
  json::array options;
  for (const auto& o : q.options) options.push_back(json::value(o));
  auto number = [](const std::optional<double>& x) {
    return x ? json::value(static_cast<std::int64_t>(*x)) : json::value(nullptr);
  };
  return json::object{
      {"id", q.id},
      {"kind", surveys::name_of(q.kind)},
      {"text", q.text},
      {"help", qs.help[i].empty() ? json::value(nullptr) : json::value(qs.help[i])},
      {"required", q.required},
      {"options", std::move(options)},
      {"maxChoices",
       q.kind == Kind::multiple
           ? json::value(q.max_choices > 0 ? q.max_choices : static_cast<std::int64_t>(q.options.size()))
           : json::value(nullptr)},
      {"minValue", number(q.min_number)},
      {"maxValue", number(q.max_number)}};
}

}  // namespace shopfloor::forms
