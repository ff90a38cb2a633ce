#include "surveys/totals.hpp"

#include <map>
#include <tuple>

namespace shopfloor::surveys {

void add_to_totals(db::Connection& c, const std::string& survey_id, const Placement& where,
                   const std::vector<Answer>& answers) {
  // (dim, group, question, value) → increment; a std::map, so every transaction upserts in the same order.
  std::map<std::tuple<std::string, std::string, std::string, std::int64_t>, std::int64_t> rows;
  const std::pair<const char*, const std::string*> dims[] = {
      {"", nullptr}, {"store", &where.store}, {"region", &where.region}, {"position", &where.position}};
  for (const auto& [dim, key] : dims) {
    std::string group = key ? *key : "";
    rows[{dim, group, "", 0}] += 1;
    for (const auto& a : answers) {
      rows[{dim, group, a.question_id, answered_value}] += 1;
      for (auto v : a.values) rows[{dim, group, a.question_id, v}] += 1;
    }
  }
  std::string sql =
      "INSERT INTO survey_totals (survey_id, dim, group_key, question_id, value, count) VALUES ";
  std::vector<db::Value> params{db::Value{survey_id}};
  for (const auto& [k, n] : rows) {
    auto p = params.size();
    if (p > 1) sql += ", ";
    sql += "($1, $" + std::to_string(p + 1) + ", $" + std::to_string(p + 2) + ", $" + std::to_string(p + 3) +
           ", $" + std::to_string(p + 4) + ", $" + std::to_string(p + 5) + ")";
    params.emplace_back(std::get<0>(k));
    params.emplace_back(std::get<1>(k));
    params.emplace_back(std::get<2>(k));
    params.emplace_back(std::get<3>(k));
    params.emplace_back(n);
  }
  sql +=
      " ON CONFLICT (survey_id, dim, group_key, question_id, value) DO UPDATE SET count = "
      "survey_totals.count + "
      "excluded.count";
  c.exec(sql, params);
}

void rebuild_totals(db::Connection& c, const std::string& survey_id) {
  c.query("DELETE FROM survey_totals WHERE survey_id = $1", survey_id);
  const std::pair<const char*, const char*> dims[] = {
      {"", "''"}, {"store", "r.store_id"}, {"region", "r.region_id"}, {"position", "r.position"}};
  for (const auto& [dim, column] : dims) {
    std::string group = std::string("COALESCE(") + column + ", '')";
    std::string head =
        "INSERT INTO survey_totals (survey_id, dim, group_key, question_id, value, count) SELECT $1, '" +
        std::string(dim) + "', " + group + ", ";
    c.query(head + "'', 0, COUNT(*) FROM survey_responses r WHERE r.survey_id = $1 GROUP BY " + group,
            survey_id);
    c.query(head +
                "a.question_id, a.value, COUNT(*) FROM survey_answers a JOIN survey_responses r ON r.id = "
                "a.response_id WHERE a.survey_id = $1 AND a.text IS NULL GROUP BY " +
                group + ", a.question_id, a.value",
            survey_id);
    c.query(
        head +
            "a.question_id, -1, COUNT(DISTINCT a.response_id) FROM survey_answers a JOIN survey_responses r "
            "ON r.id = a.response_id WHERE a.survey_id = $1 GROUP BY " +
            group + ", a.question_id",
        survey_id);
  }
}

}  // namespace shopfloor::surveys
