#include "surveys/results.hpp"

#include <algorithm>
#include <map>

#include "surveys/questions.hpp"

namespace shopfloor::surveys {

namespace json = boost::json;

namespace {

// A group's key as stored ("" for none), its response count and the final group it is shown in.
struct Group {
  std::string key;
  std::int64_t responses = 0;
  bool other = false;
};

// Merges groups under min_group into "other"; while "other" holds 1-4, the smallest shown group joins it.
void merge_small(std::vector<Group>& groups) {
  for (auto& g : groups) g.other = g.responses < min_group;
  auto other_total = [&] {
    std::int64_t n = 0;
    for (const auto& g : groups)
      if (g.other) n += g.responses;
    return n;
  };
  while (other_total() > 0 && other_total() < min_group) {
    auto smallest = std::min_element(groups.begin(), groups.end(), [](const Group& a, const Group& b) {
      if (a.other != b.other) return !a.other;  // shown groups first
      return a.responses < b.responses;
    });
    if (smallest == groups.end() || smallest->other) break;
    smallest->other = true;
  }
}

std::string label_of(db::Connection& c, const std::string& by, const std::string& key) {
  if (key.empty()) return "";
  if (by == "store" || by == "region") {
    auto r = c.query(by == "store" ? "SELECT name FROM stores WHERE id = $1"
                                   : "SELECT name FROM regions WHERE id = $1",
                     key)
                 .first();
    return r ? r->str(0) : key;
  }
  return key;
}

// Tallies of `questions` from aggregated rows (group, question, value, count) and (group, question,
// answered).
struct Tallies {
  std::vector<Tally> list;
  explicit Tallies(const std::vector<Question>& qs) {
    for (const auto& q : qs) list.emplace_back(q);
  }
  Tally* find(const std::vector<Question>& qs, const std::string& id) {
    for (std::size_t i = 0; i < qs.size(); ++i)
      if (qs[i].id == id) return &list[i];
    return nullptr;
  }
  json::array to_json(bool with_texts) const {
    json::array out;
    for (const auto& t : list) out.push_back(t.to_json(with_texts));
    return out;
  }
};

}  // namespace

std::optional<json::object> results_of(db::Connection& c, const std::string& id, const std::string& by) {
  auto s = c.query("SELECT anonymous, responses_count FROM surveys WHERE id = $1", id).first();
  if (!s) return std::nullopt;
  bool anonymous = s->boolean(0);
  std::int64_t responses = s->i64(1);
  json::object out{{"responses", responses}, {"anonymous", anonymous}, {"withheld", false}};
  if (anonymous && responses < min_group) {
    out["withheld"] = true;
    out["questions"] = json::array{};
    return out;
  }
  auto questions = all_questions(load_sections(c, id));
  Tallies overall(questions);
  // Text answers (value 0 of a text question) fall outside every Tally's counts: no "text IS NULL" needed, so
  // these read the (survey_id, question_id, value) index alone.
  for (const auto& r :
       c.query("SELECT question_id, value, COUNT(*) FROM survey_answers WHERE survey_id = $1 GROUP BY "
               "question_id, value",
               id)
           .rows)
    if (auto* t = overall.find(questions, r.str(0))) t->add(r.i64(1), r.i64(2));
  // A multiple choice is answered once per response, however many options it names.
  for (const auto& r : c.query("SELECT question_id, COUNT(DISTINCT response_id) FROM survey_answers WHERE "
                               "survey_id = $1 GROUP BY question_id",
                               id)
                           .rows)
    if (auto* t = overall.find(questions, r.str(0)); t && t->kind() == Kind::multiple)
      t->add_answered(r.i64(1));
  for (const auto& r :
       c.query("SELECT question_id, text FROM survey_answers WHERE survey_id = $1 AND text IS NOT "
               "NULL ORDER BY response_id, question_id",
               id)
           .rows)
    if (auto* t = overall.find(questions, r.str(0))) t->add_text(r.str(1));
  out["questions"] = overall.to_json(true);
  if (by.empty()) return out;

  const std::string column = by == "store" ? "store_id" : by == "region" ? "region_id" : "position";
  std::vector<Group> groups;
  for (const auto& r : c.query("SELECT COALESCE(" + column +
                                   ", ''), COUNT(*) FROM survey_responses WHERE "
                                   "survey_id = $1 GROUP BY 1 ORDER BY 1",
                               id)
                           .rows)
    groups.push_back(Group{r.str(0), r.i64(1), false});
  if (anonymous) merge_small(groups);
  // Final group of each stored key: itself, or "other".
  std::map<std::string, std::string> final_of;
  for (const auto& g : groups) final_of[g.key] = g.other ? std::string("\x01other") : g.key;
  std::map<std::string, Tallies> tallies;
  std::map<std::string, std::int64_t> counts;
  for (const auto& g : groups) {
    tallies.try_emplace(final_of[g.key], questions);
    counts[final_of[g.key]] += g.responses;
  }
  for (const auto& r : c.query("SELECT COALESCE(r." + column +
                                   ", ''), a.question_id, a.value, COUNT(*) FROM "
                                   "survey_answers a JOIN survey_responses r ON "
                                   "r.id = a.response_id WHERE a.survey_id = $1 GROUP BY 1, 2, 3",
                               id)
                           .rows) {
    auto it = final_of.find(r.str(0));
    if (it == final_of.end()) continue;
    if (auto* t = tallies.at(it->second).find(questions, r.str(1))) t->add(r.i64(2), r.i64(3));
  }
  for (const auto& r : c.query("SELECT COALESCE(r." + column +
                                   ", ''), a.question_id, COUNT(DISTINCT "
                                   "a.response_id) FROM survey_answers a JOIN survey_responses r ON r.id = "
                                   "a.response_id WHERE a.survey_id = $1 GROUP BY 1, 2",
                               id)
                           .rows) {
    auto it = final_of.find(r.str(0));
    if (it == final_of.end()) continue;
    if (auto* t = tallies.at(it->second).find(questions, r.str(1)); t && t->kind() == Kind::multiple)
      t->add_answered(r.i64(2));
  }
  json::array list;
  for (auto& [key, t] : tallies) {
    bool other = key == "\x01other";
    list.push_back(json::object{{"key", other || key.empty() ? json::value(nullptr) : json::value(key)},
                                {"label", other ? std::string("other") : label_of(c, by, key)},
                                {"responses", counts[key]},
                                {"questions", t.to_json(false)}});
  }
  out["groups"] = std::move(list);
  return out;
}

}  // namespace shopfloor::surveys
