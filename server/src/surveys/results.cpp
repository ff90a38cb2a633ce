// Back office only: a survey's results per question (NPS, CSAT), broken down, small groups merged away.
#include "surveys/results.hpp"

#include <algorithm>
#include <map>

#include "surveys/counting.hpp"
#include "surveys/questions.hpp"
#include "surveys/totals.hpp"

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

// Text kinds (answers listed, not counted per value). Own name: engine.cpp keeps its is_text private.
bool text_kind(Kind k) {
  return k == Kind::short_text || k == Kind::long_text;
}

// Feeds one group's totals rows (question, value, count) into its tallies; the "answered" rows (-1) only
// for the kinds whose answers do not count themselves (multiple choice, texts).
void add_totals(Tallies& t, const std::vector<Question>& qs, const std::string& question, std::int64_t value,
                std::int64_t count) {
  auto* tally = t.find(qs, question);
  if (!tally) return;  // the group's response count (question ""), or a question removed since
  if (value != answered_value)
    tally->add(value, count);
  else if (tally->kind() == Kind::multiple || text_kind(tally->kind()))
    tally->add_answered(count);
}

}  // namespace

std::optional<json::object> results_of(db::Connection& c, const std::string& id, const std::string& by,
                                       std::int64_t texts_limit) {
  auto s = c.query("SELECT anonymous, responses_count FROM surveys WHERE id = $1", id).first();
  if (!s) return std::nullopt;
  bool anonymous = s->boolean(0);
  // Anonymous answers still in the ballot box are not counted yet (surveys/ballots.hpp).
  std::int64_t waiting = anonymous ? ballots::waiting(c, box_of(id)) : 0;
  std::int64_t responses = s->i64(1) - waiting;
  json::object out{
      {"responses", responses}, {"waiting", waiting}, {"anonymous", anonymous}, {"withheld", false}};
  if (anonymous && responses < min_group) {
    out["withheld"] = true;
    out["questions"] = json::array{};
    return out;
  }
  auto questions = all_questions(load_sections(c, id));
  // Everything but the texts comes from the running totals (survey_totals): a few rows per question and
  // value, whatever the number of responses.
  Tallies overall(questions);
  for (const auto& r :
       c.query("SELECT question_id, value, count FROM survey_totals WHERE survey_id = $1 AND dim = "
               "'' AND group_key = ''",
               id)
           .rows)
    add_totals(overall, questions, r.str(0), r.i64(1), r.i64(2));
  // Text answers, in response order (random for anonymous surveys), at most texts_limit per question; the
  // total already counted them as answered, so each listed text takes one off before add_text counts it back.
  for (const auto& q : questions) {
    if (!text_kind(q.kind)) continue;
    auto* t = overall.find(questions, q.id);
    std::string sql = "SELECT text FROM survey_answers WHERE survey_id = $1 AND question_id = $2 AND ";
    sql += "text IS NOT NULL ORDER BY response_id";
    if (texts_limit > 0) sql += " LIMIT " + std::to_string(texts_limit);
    for (const auto& r : c.query(sql, id, q.id).rows) {
      t->add_answered(-1);
      t->add_text(r.str(0));
    }
  }
  out["questions"] = overall.to_json(true);
  if (by.empty()) return out;

  auto rows =
      c.query(
           "SELECT group_key, question_id, value, count FROM survey_totals WHERE survey_id = $1 AND dim = $2",
           id, by)
          .rows;
  std::vector<Group> groups;
  for (const auto& r : rows)
    if (r.str(1).empty()) groups.push_back(Group{r.str(0), r.i64(3), false});
  std::sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) { return a.key < b.key; });
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
  for (const auto& r : rows) {
    auto it = final_of.find(r.str(0));
    if (it == final_of.end()) continue;
    add_totals(tallies.at(it->second), questions, r.str(1), r.i64(2), r.i64(3));
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
