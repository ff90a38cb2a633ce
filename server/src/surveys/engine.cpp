#include "surveys/engine.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "util/ids.hpp"
#include "util/text.hpp"

namespace shopfloor::surveys {

namespace json = boost::json;

namespace {

constexpr std::size_t short_text_max = 200, long_text_max = 4000;

struct KindName {
  Kind kind;
  std::string_view name;
};
constexpr KindName kinds[] = {
    {Kind::single, "single"},       {Kind::multiple, "multiple"}, {Kind::short_text, "short_text"},
    {Kind::long_text, "long_text"}, {Kind::rating, "rating"},     {Kind::nps, "nps"},
    {Kind::number, "number"},       {Kind::date, "date"},         {Kind::file, "file"},
    {Kind::multiple, "checkboxes"}};  // alias last

bool is_text(Kind k) {
  return k == Kind::short_text || k == Kind::long_text;
}

// A whole number from JSON (3 or 3.0), nothing else.
std::optional<std::int64_t> whole(const json::value& v) {
  if (v.is_int64()) return v.as_int64();
  if (v.is_uint64() && v.as_uint64() <= 1'000'000) return static_cast<std::int64_t>(v.as_uint64());
  if (v.is_double() && std::isfinite(v.as_double()) && std::floor(v.as_double()) == v.as_double() &&
      std::abs(v.as_double()) < 1e6)
    return static_cast<std::int64_t>(v.as_double());
  return std::nullopt;
}

// Kinds whose answers are counted per value (an option, a score) by Tally.
bool counted(Kind k) {
  return !is_text(k) && k != Kind::number && k != Kind::date && k != Kind::file;
}

// A bound as JSON: whole numbers without a fraction (so a message reads "10", not "10.0").
json::value bound(double x) {
  if (std::floor(x) == x && std::abs(x) < 1e15) return static_cast<std::int64_t>(x);
  return x;
}

// The same as a message parameter (a whole number, or the number as text).
http::Message::Param bound_param(double x) {
  auto v = bound(x);
  if (v.is_int64()) return v.as_int64();
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return std::string(text);
}

bool not_given(const json::value& v) {
  return v.is_null() || (v.is_string() && trim(v.as_string()).empty()) ||
         (v.is_array() && v.as_array().empty());
}

// One answer, or an error message; nullopt answer with no error = not given.
std::optional<Answer> check_one(const Question& q, const json::value& v, http::FieldErrors& errors) {
  auto fail = [&](const http::Message& m) -> std::optional<Answer> {
    errors[q.id] = m;
    return std::nullopt;
  };
  auto range = [&]() {
    return http::Message(msg::ANSWER_RANGE, {{"min", min_value(q)}, {"max", max_value(q)}});
  };
  Answer a{q.id, {}, std::nullopt};
  if (is_text(q.kind)) {
    if (!v.is_string()) return fail(msg::ANSWER_TYPE);
    std::string t = plain_text(v.as_string());
    if (has_control_chars_but_breaks(t) || (q.kind == Kind::short_text && t.find('\n') != std::string::npos))
      return fail(msg::MUST_BE_PLAIN_TEXT);
    auto max = q.kind == Kind::short_text ? short_text_max : long_text_max;
    if (utf8_length(t) > max) return fail(http::Message(msg::MAX_LENGTH, {{"count", max}}));
    a.text = std::move(t);
    return a;
  }
  if (q.kind == Kind::number) {
    if (!v.is_number()) return fail(msg::ANSWER_TYPE);
    double x = v.to_number<double>();
    if (!std::isfinite(x) || std::abs(x) > 1e15) return fail(msg::ANSWER_TYPE);
    bool low = q.min_number && x < *q.min_number, high = q.max_number && x > *q.max_number;
    if ((low || high) && q.min_number && q.max_number)
      return fail(http::Message(msg::ANSWER_RANGE,
                                {{"min", bound_param(*q.min_number)}, {"max", bound_param(*q.max_number)}}));
    if (low) return fail(http::Message(msg::ANSWER_MIN, {{"min", bound_param(*q.min_number)}}));
    if (high) return fail(http::Message(msg::ANSWER_MAX, {{"max", bound_param(*q.max_number)}}));
    a.number = x;
    return a;
  }
  if (q.kind == Kind::date) {
    if (!v.is_string()) return fail(msg::ANSWER_TYPE);
    if (!valid_date(v.as_string())) return fail(msg::ANSWER_DATE);
    a.text = std::string(v.as_string());
    return a;
  }
  if (q.kind == Kind::file) {  // whose upload it is, and whether it is unused, is the area's check
    if (!v.is_string() || !plausible_id(v.as_string())) return fail(msg::ANSWER_TYPE);
    a.text = std::string(v.as_string());
    return a;
  }
  if (q.kind == Kind::multiple) {
    if (!v.is_array()) return fail(msg::ANSWER_TYPE);
    std::set<std::int64_t> seen;
    for (const auto& item : v.as_array()) {
      auto n = whole(item);
      if (!n) return fail(msg::ANSWER_TYPE);
      if (*n < min_value(q) || *n > max_value(q)) return fail(range());
      if (!seen.insert(*n).second) return fail(msg::ANSWER_DUPLICATE);
    }
    auto max = q.max_choices > 0 ? q.max_choices : static_cast<std::int64_t>(q.options.size());
    if (static_cast<std::int64_t>(seen.size()) > max)
      return fail(http::Message(msg::ANSWER_TOO_MANY, {{"max", max}}));
    a.values.assign(seen.begin(), seen.end());
    return a;
  }
  auto n = whole(v);
  if (!n) return fail(msg::ANSWER_TYPE);
  if (*n < min_value(q) || *n > max_value(q)) return fail(range());
  a.values.push_back(*n);
  return a;
}

double one_decimal(double x) {
  return std::round(x * 10.0) / 10.0;
}

}  // namespace

std::optional<Kind> kind_of(std::string_view name) {
  for (const auto& k : kinds)
    if (k.name == name) return k.kind;
  return std::nullopt;
}

std::string_view name_of(Kind kind) {
  for (const auto& k : kinds)
    if (k.kind == kind) return k.name;
  return "single";
}

bool has_options(Kind k) {
  return k == Kind::single || k == Kind::multiple;
}

bool valid_date(std::string_view s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u})
    if (s[i] < '0' || s[i] > '9') return false;
  auto num = [&](std::size_t at, std::size_t n) { return std::stoi(std::string(s.substr(at, n))); };
  int y = num(0, 4), m = num(5, 2), d = num(8, 2);
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return false;
  static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return d <= days[m - 1] + (m == 2 && leap ? 1 : 0);
}

std::int64_t min_value(const Question& q) {
  switch (q.kind) {
    case Kind::rating:
      return 1;
    default:
      return 0;
  }
}

std::int64_t max_value(const Question& q) {
  switch (q.kind) {
    case Kind::single:
    case Kind::multiple:
      return static_cast<std::int64_t>(q.options.size()) - 1;
    case Kind::rating:
      return 5;
    case Kind::nps:
      return 10;
    default:
      return 0;
  }
}

const json::object& answers_of(const json::object& body) {
  const auto* a = body.if_contains("answers");
  if (!a || !a->is_object()) throw http::ApiError::bad_request(msg::MUST_BE_OBJECT);
  return a->as_object();
}

std::vector<Answer> check_answers(const std::vector<Question>& questions, const json::object& answers,
                                  bool complete, http::FieldErrors& errors) {
  std::vector<Answer> out;
  for (const auto& [key, v] : answers) {
    bool known =
        std::any_of(questions.begin(), questions.end(), [&](const Question& q) { return q.id == key; });
    if (!known) errors[std::string(key)] = msg::ANSWER_UNKNOWN;
  }
  for (const auto& q : questions) {
    const auto* v = answers.if_contains(q.id);
    if (!v || not_given(*v)) {
      if (complete && q.required) errors[q.id] = msg::ANSWER_REQUIRED;
      continue;
    }
    if (auto a = check_one(q, *v, errors)) out.push_back(std::move(*a));
  }
  return out;
}

json::value answer_json(const Question& q, const Answer& a) {
  if (a.text) return json::value(*a.text);
  if (a.number) return bound(*a.number);
  if (q.kind == Kind::multiple) {
    json::array list;
    for (auto v : a.values) list.push_back(v);
    return list;
  }
  return a.values.empty() ? json::value(nullptr) : json::value(a.values.front());
}

Tally::Tally(const Question& q) : q_(&q) {
  if (counted(q.kind)) counts_.assign(static_cast<std::size_t>(max_value(q) - min_value(q) + 1), 0);
}

void Tally::add(std::int64_t value, std::int64_t count) {
  auto i = value - min_value(*q_);
  if (i < 0 || i >= static_cast<std::int64_t>(counts_.size())) return;  // an option removed since
  counts_[static_cast<std::size_t>(i)] += count;
  if (q_->kind != Kind::multiple) answered_ += count;
  // number, date, file: no counts (the area lists those answers itself)
}

void Tally::add_text(std::string text) {
  texts_.push_back(std::move(text));
  ++answered_;
}

json::object Tally::to_json(bool with_texts) const {
  json::array counts;
  for (auto n : counts_) counts.push_back(n);
  json::object o{{"id", q_->id},
                 {"kind", name_of(q_->kind)},
                 {"text", q_->text},
                 {"answered", answered_},
                 {"counts", std::move(counts)}};
  if (has_options(q_->kind)) {
    json::array options;
    for (const auto& t : q_->options) options.push_back(json::value(t));
    o["options"] = std::move(options);
  }
  if (q_->kind == Kind::rating || q_->kind == Kind::nps) {
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < counts_.size(); ++i)
      sum += counts_[i] * (static_cast<std::int64_t>(i) + min_value(*q_));
    o["average"] =
        answered_ > 0 ? json::value(std::round(sum * 100.0 / answered_) / 100.0) : json::value(nullptr);
  }
  if (q_->kind == Kind::rating)
    o["csat"] =
        answered_ > 0 ? json::value(csat_of(counts_[3] + counts_[4], answered_)) : json::value(nullptr);
  if (q_->kind == Kind::nps) {
    std::int64_t promoters = counts_[9] + counts_[10], passives = counts_[7] + counts_[8];
    std::int64_t detractors = answered_ - promoters - passives;
    o["promoters"] = promoters;
    o["passives"] = passives;
    o["detractors"] = detractors;
    o["nps"] = answered_ > 0 ? json::value(nps_of(promoters, detractors, answered_)) : json::value(nullptr);
  }
  if (is_text(q_->kind) && with_texts) {
    json::array texts;
    for (const auto& t : texts_) texts.push_back(json::value(t));
    o["texts"] = std::move(texts);
  }
  return o;
}

double nps_of(std::int64_t promoters, std::int64_t detractors, std::int64_t answered) {
  return answered > 0 ? one_decimal((promoters - detractors) * 100.0 / answered) : 0.0;
}

double csat_of(std::int64_t fours_and_fives, std::int64_t answered) {
  return answered > 0 ? one_decimal(fours_and_fives * 100.0 / answered) : 0.0;
}

}  // namespace shopfloor::surveys
