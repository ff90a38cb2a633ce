// Voice: survey responses over time and NPS ('survey.response' / 'survey.nps', written with the survey totals
// when a response is counted: at once for a named survey, when the ballot box opens for an anonymous one),
// and satisfaction ratings over time ('satisfaction.rating').
// Anonymity: an anonymous survey with fewer than surveys::min_group responses under the filter (range and
// places) shows no numbers (its row's cells are null and `hidden` is true), and is left out of every figure
// and chart, so no filter narrows it to a few people; its row links nowhere.
#include <cmath>

#include "db/params.hpp"
#include "reports/report.hpp"
#include "reports/reports.hpp"
#include "rollups/rollups.hpp"
#include "surveys/results.hpp"

namespace shopfloor::reports {

namespace json = boost::json;

namespace {

double d(std::int64_t v) {
  return static_cast<double>(v);
}

// NPS: promoters minus detractors, in percent of the answers (whole numbers, like the survey results).
double nps(std::int64_t promoters, std::int64_t detractors, std::int64_t answers) {
  return answers > 0 ? std::round(100.0 * d(promoters - detractors) / d(answers)) : 0.0;
}

struct Survey {
  std::string title;
  bool anonymous = false;
  std::int64_t responses = 0, promoters = 0, passives = 0, detractors = 0;
  bool hidden() const { return anonymous && responses < surveys::min_group; }
};

// The surveys counted under the filter, with the survey's name and anonymity.
std::map<std::string, Survey> surveys_in(db::Connection& c, const Filter& f) {
  std::map<std::string, Survey> out;
  for (const auto& s : sum(c, "survey.response", f, "key")) out[s.group].responses = s.n;
  for (const auto& s : sum(c, "survey.nps", f, "key")) {
    auto colon = s.group.rfind(':');
    if (colon == std::string::npos) continue;
    auto& v = out[s.group.substr(0, colon)];
    auto group = s.group.substr(colon + 1);
    (group == "promoter" ? v.promoters : group == "passive" ? v.passives : v.detractors) += s.n;
  }
  for (auto& [id, v] : out)
    if (auto row = c.query("SELECT title, anonymous FROM surveys WHERE id = $1", id).first()) {
      v.title = row->str(0);
      v.anonymous = row->boolean(1);
    }
  return out;
}

struct Shown {
  std::int64_t responses = 0, promoters = 0, detractors = 0, answers = 0;
};
Shown shown(const std::map<std::string, Survey>& all) {
  Shown s;
  for (const auto& [id, v] : all) {
    if (v.hidden()) continue;
    s.responses += v.responses;
    s.promoters += v.promoters;
    s.detractors += v.detractors;
    s.answers += v.promoters + v.passives + v.detractors;
  }
  return s;
}

double average(const Sum& s) {
  return s.n > 0 ? std::round(100.0 * d(s.total) / d(s.n)) / 100.0 : 0.0;
}

}  // namespace

Report voice_report(db::Connection& c, const Filter& f, std::int64_t) {
  Report r;
  auto prev = f.previous();
  auto now_surveys = surveys_in(c, f), before_surveys = surveys_in(c, prev);
  auto now_shown = shown(now_surveys), before_shown = shown(before_surveys);
  auto ratings = total(c, "satisfaction.rating", f), ratings_before = total(c, "satisfaction.rating", prev);
  r.figures = {
      {"responses", d(now_shown.responses), d(before_shown.responses), "", ""},
      {"nps", nps(now_shown.promoters, now_shown.detractors, now_shown.answers),
       nps(before_shown.promoters, before_shown.detractors, before_shown.answers), "", ""},
      {"npsAnswers", d(now_shown.answers), d(before_shown.answers), "", ""},
      {"ratings", d(ratings.n), d(ratings_before.n), "", "/admin/satisfactions"},
      {"averageRating", average(ratings), average(ratings_before), "score", "/admin/satisfactions"},
  };

  // Per day, the surveys shown only: responses, NPS; satisfaction ratings and their average.
  std::vector<db::Value> params;
  std::string where = f.where("r", params);
  auto next = [&](db::Value v) { return db::bind(params, std::move(v)); };
  std::string hidden_keys;  // anonymous surveys under the small-group rule, left out of the charts
  for (const auto& [id, v] : now_surveys)
    if (v.hidden()) hidden_keys += (hidden_keys.empty() ? "" : ", ") + next(id);
  auto n = static_cast<std::size_t>(f.days());
  std::vector<double> responses(n, 0), promoters(n, 0), detractors(n, 0), answers(n, 0);
  std::string metric_responses = next(std::string("survey.response")),
              metric_nps = next(std::string("survey.nps"));
  std::string survey_of = "CASE WHEN r.metric = " + metric_nps + " THEN " +
                          (c.is_sqlite() ? std::string("substr(r.key, 1, instr(r.key, ':') - 1)")
                                         : std::string("split_part(r.key, ':', 1)")) +
                          " ELSE r.key END";
  auto rows = c.exec("SELECT r.day, r.metric, r.key, SUM(r.n) FROM report_counts r WHERE r.metric IN (" +
                         metric_responses + ", " + metric_nps + ")" + where +
                         (hidden_keys.empty() ? "" : " AND " + survey_of + " NOT IN (" + hidden_keys + ")") +
                         " GROUP BY r.day, r.metric, r.key",
                     params)
                  .rows;
  for (const auto& row : rows) {
    auto i = static_cast<std::size_t>(row.i64(0) - f.from);
    auto k = row.str(2);
    auto count = d(row.i64(3));
    if (row.str(1) == "survey.response") {
      responses[i] += count;
      continue;
    }
    answers[i] += count;
    if (k.ends_with(":promoter")) promoters[i] += count;
    if (k.ends_with(":detractor")) detractors[i] += count;
  }
  Chart daily{"surveys", "line", {}, {{"responses", {}}, {"nps", {}}}};
  auto rating_days = sum(c, "satisfaction.rating", f, "day");
  Chart satisfaction{"satisfaction", "line", {}, {{"ratings", {}}, {"averageRating", {}}}};
  for (std::size_t i = 0; i < n; ++i) {
    auto day = rollups::day_text(f.from + static_cast<std::int64_t>(i));
    daily.x.push_back(day);
    daily.series[0].values.push_back(responses[i]);
    daily.series[1].values.push_back(nps(static_cast<std::int64_t>(promoters[i]),
                                         static_cast<std::int64_t>(detractors[i]),
                                         static_cast<std::int64_t>(answers[i])));
    satisfaction.x.push_back(day);
    satisfaction.series[0].values.push_back(d(rating_days[i].n));
    satisfaction.series[1].values.push_back(average(rating_days[i]));
  }
  r.charts.push_back(std::move(daily));
  r.charts.push_back(std::move(satisfaction));

  // Per survey: responses and NPS in the period; an anonymous one under the small-group rule is hidden.
  Table by_survey{"surveys",
                  {{"survey", "Survey", "text"},
                   {"anonymous", "Anonymous", "boolean"},
                   {"responses", "Responses", "number"},
                   {"promoters", "Promoters", "number"},
                   {"passives", "Passives", "number"},
                   {"detractors", "Detractors", "number"},
                   {"nps", "NPS", "number"},
                   {"hidden", "Hidden (too few responses)", "boolean"}},
                  {},
                  {}};
  for (const auto& [id, v] : now_surveys) {
    auto answered = v.promoters + v.passives + v.detractors;
    if (v.hidden())
      by_survey.rows.push_back(
          {json::value(v.title), true, nullptr, nullptr, nullptr, nullptr, nullptr, true});
    else
      by_survey.rows.push_back(
          {json::value(v.title), v.anonymous, v.responses, v.promoters, v.passives, v.detractors,
           answered > 0 ? json::value(nps(v.promoters, v.detractors, answered)) : json::value(nullptr),
           false});
    by_survey.links.push_back(v.hidden() ? "" : "/admin/survey/" + id);
  }
  r.tables.push_back(std::move(by_survey));

  // Satisfaction by what was rated (content, course, event).
  Table by_kind{"satisfaction",
                {{"itemType", "Rated", "text"},
                 {"ratings", "Ratings", "number"},
                 {"averageRating", "Average stars", "number"}},
                {},
                {}};
  for (const auto& s : sum(c, "satisfaction.rating", f, "key"))
    by_kind.rows.push_back({json::value(s.group), s.n, average(s)});
  r.tables.push_back(std::move(by_kind));
  return r;
}

}  // namespace shopfloor::reports
