#include "drill/demo.hpp"

#include <algorithm>
#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>
#include <set>

#include "drill/today.hpp"
#include "resources/audience.hpp"

namespace shopfloor::drill {

namespace json = boost::json;

void seed_history_day(db::Connection& c, const demo::Day& d) {
  if (d.index < demo::history_days - demo_drill_days) return;
  auto draws = d.draws("drill");
  std::set<std::string> done;  // one drill a day: the first visit does it
  for (const auto& v : d.visits) {
    const auto& p = *v.who;
    if (p.named || done.contains(p.id) || !draws.chance(0.5 + p.zeal / 2)) continue;
    done.insert(p.id);
    auto viewer = resources::load_viewer(c, p.id);
    auto at = v.at + 30'000;
    for (int guard = 0; guard < static_cast<int>(max_questions) && at < d.end; ++guard) {
      auto served = today(c, resources::StaffGate{viewer, at}, true);
      if (!served.at("question").is_object()) break;
      const auto& q = served.at("question").as_object();
      std::string qid(q.at("id").as_string());
      auto correct =
          json::parse(c.query("SELECT correct_json FROM exam_questions WHERE id = $1", qid).first()->str(0))
              .as_array();
      json::array chosen = correct;
      if (!draws.chance(p.skill) || correct.empty()) {
        // A wrong answer: any choice that is not one of the right ones.
        chosen = {};
        for (const auto& ch : q.at("choices").as_array())
          if (std::find(correct.begin(), correct.end(), ch.at("id")) == correct.end()) {
            chosen.push_back(ch.at("id"));
            break;
          }
        if (chosen.empty()) chosen = correct;
      }
      at += draws.between(3, 20) * 1000;
      if (at >= d.end) break;
      answer(c, resources::StaffGate{viewer, at}, json::object{{"questionId", qid}, {"choices", chosen}});
      at += draws.between(4, 12) * 1000;  // reading the feedback
    }
  }
}

}  // namespace shopfloor::drill
