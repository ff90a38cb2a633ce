#include "surveys/counting.hpp"

#include <spdlog/spdlog.h>

#include <boost/json/parse.hpp>
#include <set>

#include "rollups/rollups.hpp"
#include "surveys/questions.hpp"
#include "surveys/staff.hpp"
#include "util/ids.hpp"

namespace shopfloor::surveys {

namespace json = boost::json;

std::string box_of(const std::string& survey_id) {
  return "survey:" + survey_id;
}

void write_response(db::Connection& c, const std::string& survey_id, const std::string& user_id,
                    const Placement& where, const std::vector<Answer>& answers, std::int64_t now) {
  bool anonymous = user_id.empty();
  std::string response = anonymous ? random_uuid() : uuid_v7();
  auto text_or_null = [](const std::string& v) { return v.empty() ? db::Value{} : db::Value{v}; };
  c.query(
      "INSERT INTO survey_responses (id, survey_id, user_id, store_id, region_id, position, created_at) "
      "VALUES "
      "($1, $2, $3, $4, $5, $6, $7)",
      response, survey_id, text_or_null(user_id), text_or_null(where.store), text_or_null(where.region),
      text_or_null(where.position), anonymous ? db::Value{} : db::Value{now});
  for (const auto& a : answers) {
    if (a.text)
      c.query(
          "INSERT INTO survey_answers (response_id, survey_id, question_id, value, text) VALUES ($1, $2, $3, "
          "0, "
          "$4)",
          response, survey_id, a.question_id, *a.text);
    for (auto v : a.values)
      c.query(
          "INSERT INTO survey_answers (response_id, survey_id, question_id, value) VALUES ($1, $2, $3, $4)",
          response, survey_id, a.question_id, v);
  }
  add_to_totals(c, survey_id, where, answers);
  count_for_reports(c, survey_id, where, answers);
}

void count_for_reports(db::Connection& c, const std::string& survey_id, const Placement& where,
                       const std::vector<Answer>& answers) {
  // Counted on the day the response is counted (an anonymous one when its ballot box opens: no time of its
  // own), where the person stood; nps answers as promoter (9-10), passive (7-8) or detractor (0-6).
  rollups::Where at{where.store, where.position, where.region};
  auto day = rollups::day_of(now_ms());
  rollups::add(c, "survey.response", day, at, survey_id);
  auto nps = c.query(
                  "SELECT q.id FROM survey_questions q JOIN survey_sections s ON s.id = q.section_id "
                  "WHERE s.survey_id = $1 AND q.kind = 'nps'",
                  survey_id)
                 .first_column<std::set<std::string>>();
  for (const auto& a : answers) {
    if (!nps.count(a.question_id) || a.values.empty()) continue;
    auto v = a.values.front();
    const char* group = v >= 9 ? "promoter" : v >= 7 ? "passive" : "detractor";
    rollups::add(c, "survey.nps", day, at, survey_id + ":" + group, 1, v);
  }
}

int count_ballots(db::Connection& c, const ballots::Key& key, const std::string& survey_id) {
  auto payloads = ballots::open(c, key, box_of(survey_id));
  if (payloads.empty()) return 0;
  auto questions = all_questions(load_sections(c, survey_id));
  int counted = 0;
  for (const auto& p : payloads) {
    std::error_code ec;
    auto v = json::parse(p, ec);
    if (ec || !v.is_object()) continue;
    const auto& o = v.as_object();
    auto str = [&](const char* k) {
      auto x = o.if_contains(k);
      return x && x->is_string() ? std::string(x->as_string()) : std::string();
    };
    auto given = o.if_contains("answers");
    if (!given || !given->is_object()) continue;
    // Checked again against the questions as they are now (kind and options are fixed once answered).
    http::FieldErrors errors;
    auto answers = check_answers(questions, given->as_object(), false, errors);
    if (!errors.empty())
      spdlog::warn("survey {}: a ballot's answers no longer fit; those are left out", survey_id);
    write_response(c, survey_id, "", Placement{str("store"), str("region"), str("position")}, answers, 0);
    ++counted;
  }
  return counted;
}

}  // namespace shopfloor::surveys
