#include "pulse/questions.hpp"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <set>

namespace shopfloor::pulse {

namespace json = boost::json;

Pulse pulse_of(const db::Row& r) {
  return Pulse{r.str(0), r.str(1), r.opt_str(2), recurrence_of(r.str(3)), r.i64(4), r.i64(5), r.boolean(6)};
}

Questions load_questions(db::Connection& c, const std::string& pulse_id) {
  Questions out;
  for (const auto& r :
       c.query("SELECT id, kind, text, help, required, options_json FROM pulse_questions WHERE pulse_id = $1 "
               "ORDER BY position, id",
               pulse_id)
           .rows) {
    surveys::Question q;
    q.id = r.str(0);
    q.kind = surveys::kind_of(r.str(1)).value_or(surveys::Kind::short_text);
    q.text = r.str(2);
    q.required = r.boolean(4);
    if (!r.is_null(5)) {
      std::error_code ec;
      auto parsed = json::parse(r.str(5), ec);
      if (!ec && parsed.is_array())
        for (const auto& o : parsed.as_array())
          if (o.is_string()) q.options.emplace_back(o.as_string());
    }
    out.list.push_back(std::move(q));
    out.help.push_back(r.opt_str(3).value_or(""));
  }
  return out;
}

std::vector<surveys::Question> asked_in(db::Connection& c, const Pulse& p, const Questions& all,
                                        const std::string& user, std::int64_t period) {
  std::set<std::string> cooling;
  if (p.cooldown > 0)
    for (const auto& r :
         c.query("SELECT DISTINCT question_id FROM pulse_asks WHERE pulse_id = $1 AND user_id = "
                 "$2 AND period >= $3 AND period < $4",
                 p.id, user, period - p.cooldown, period)
             .rows)
      cooling.insert(r.str(0));
  std::vector<surveys::Question> out;
  for (const auto& q : all.list) {
    if (static_cast<std::int64_t>(out.size()) >= p.per_period) break;
    if (!cooling.contains(q.id)) out.push_back(q);
  }
  return out;
}

}  // namespace shopfloor::pulse
