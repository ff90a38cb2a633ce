#include "pulse/counting.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "http/json_time.hpp"
#include "surveys/staff.hpp"
#include "util/text.hpp"

namespace shopfloor::pulse {

namespace json = boost::json;

std::string box_of(const std::string& pulse_id, std::int64_t period) {
  return "pulse:" + pulse_id + ":" + std::to_string(period);
}

std::string ballot_of(const std::vector<surveys::Answer>& answers) {
  json::array out;
  for (const auto& a : answers)
    out.push_back(json::object{{"q", a.question_id},
                               {"v", a.values.empty() ? 0 : a.values.front()},  // pulse kinds hold one value
                               {"t", http::value_or_null(a.text)}});
  return json::serialize(out);
}

int count_ballots(db::Connection& c, const surveys::ballots::Key& key, const std::string& pulse_id,
                  std::int64_t period, bool all) {
  int counted = 0;
  auto box = box_of(pulse_id, period);
  for (const auto& payload :
       all ? surveys::ballots::open_all(c, key, box) : surveys::ballots::open(c, key, box)) {
    std::error_code ec;
    auto v = json::parse(payload, ec);
    if (ec || !v.is_array()) continue;
    for (const auto& item : v.as_array()) {
      const auto* o = item.if_object();
      if (!o || !o->contains("q") || !o->at("q").is_string() || !o->contains("v") || !o->at("v").is_int64())
        continue;
      const auto& t = o->contains("t") ? o->at("t") : json::value(nullptr);
      c.query(
          "INSERT INTO pulse_answers (id, pulse_id, question_id, period, value, text) VALUES ($1, $2, $3, "
          "$4, "
          "$5, $6)",
          surveys::random_uuid(), pulse_id, std::string(o->at("q").as_string()), period,
          o->at("v").as_int64(), t.is_string() ? db::Value{std::string(t.as_string())} : db::Value{});
    }
    ++counted;
  }
  return counted;
}

void count_past(db::Connection& c, const surveys::ballots::Key& key, const std::string& pulse_id,
                std::int64_t current, bool anonymous) {
  std::string prefix = "pulse:" + pulse_id + ":";
  for (const auto& r : c.query("SELECT DISTINCT box FROM ballots WHERE box LIKE $1", prefix + "%").rows) {
    auto period = parse_int(std::string_view(r.str(0)).substr(prefix.size()));
    if (period && *period < current) count_ballots(c, key, pulse_id, *period, !anonymous);
  }
}

}  // namespace shopfloor::pulse
