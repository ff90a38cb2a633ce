#include "pulse/questions.hpp"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <set>

#include "surveys/questions.hpp"

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
    std::string help;
    auto q = surveys::question_of(r, 0, help);
    out.list.push_back(std::move(q));
    out.help.push_back(std::move(help));
  }
  return out;
}

std::vector<surveys::Question> asked_in(db::Connection& c, const Pulse& p, const Questions& all,
                                        const std::string& user, std::int64_t period) {
  std::set<std::string> cooling;
  if (p.cooldown > 0)
    cooling = c.query(
                   "SELECT DISTINCT question_id FROM pulse_asks WHERE pulse_id = $1 AND user_id = "
                   "$2 AND period >= $3 AND period < $4",
                   p.id, user, period - p.cooldown, period)
                  .first_column<std::set<std::string>>();
  std::vector<surveys::Question> out;
  for (const auto& q : all.list) {
    if (static_cast<std::int64_t>(out.size()) >= p.per_period) break;
    if (!cooling.contains(q.id)) out.push_back(q);
  }
  return out;
}

}  // namespace shopfloor::pulse
