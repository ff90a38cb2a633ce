// The one question engine (issue 16): surveys now, pulse surveys and forms later share it. It knows the kinds
// of question, checks an answer against its question (422 with a code per question), and sums stored
// answers into results per kind (counts, average, CSAT, NPS, texts). It reads and writes no table: each area
// loads its questions and stores answers as rows of (question_id, value, text) its own way.
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http/api_error.hpp"

namespace shopfloor::surveys {

// number, date and file are the form kinds (issue 16, forms); a form's "checkboxes" is `multiple`.
enum class Kind { single, multiple, short_text, long_text, rating, nps, number, date, file };

std::optional<Kind> kind_of(std::string_view name);
std::string_view name_of(Kind k);
bool has_options(Kind k);  // single, multiple
// A calendar date written YYYY-MM-DD (years 1900-2999).
bool valid_date(std::string_view s);

struct Question {
  std::string id;
  Kind kind = Kind::single;
  std::string text;
  bool required = false;
  std::vector<std::string> options;              // single / multiple; answers name them by index
  std::int64_t max_choices = 0;                  // multiple: at most this many (0 = all)
  std::optional<double> min_number, max_number;  // number: optional bounds
};

// The smallest and largest value an answer may hold: option indexes, 1-5, 0-10 (others: 0, 0).
std::int64_t min_value(const Question& q);
std::int64_t max_value(const Question& q);

// A checked answer as stored: one row per value (a multiple choice has several), or one text.
struct Answer {
  std::string question_id;
  std::vector<std::int64_t> values;
  std::optional<std::string> text;  // text kinds, date (YYYY-MM-DD), file (the upload's id)
  std::optional<double> number;     // number
};

// A submission body's `answers`: the object check_answers reads (400 MUST_BE_OBJECT when it is not one). The
// survey, form and pulse submissions all take their answers this way.
const boost::json::object& answers_of(const boost::json::object& body);

// Checks `answers` ({questionId: value}) against `questions`. `complete` (a submission) also requires the
// required ones; a draft does not. Errors go into `errors` keyed by question id; answers that count as not
// given (null, "", []) are left out of the result.
std::vector<Answer> check_answers(const std::vector<Question>& questions, const boost::json::object& answers,
                                  bool complete, http::FieldErrors& errors);

// The JSON an answer is sent as (for drafts read back).
boost::json::value answer_json(const Question& q, const Answer& a);

// Results of one question from its stored rows: feed the counts per value (or the texts), then read
// to_json(): {id, kind, text, answered, counts (empty for number, date, file), average?, csat?, nps?,
// promoters?, passives?, detractors?, texts?}. `answered` is the number of responses that answered it: add()
// counts it for one-value kinds; a multiple choice names several options per response, so its caller passes
// add_answered(responses).
class Tally {
 public:
  explicit Tally(const Question& q);
  void add(std::int64_t value, std::int64_t count = 1);  // a value `count` times
  void add_text(std::string text);
  void add_answered(std::int64_t n) { answered_ += n; }  // multiple choice: responses, not options
  boost::json::object to_json(bool with_texts) const;
  Kind kind() const { return q_->kind; }

 private:
  const Question* q_;
  std::vector<std::int64_t> counts_;
  std::int64_t answered_ = 0;
  std::vector<std::string> texts_;
};

// NPS = % promoters (9-10) − % detractors (0-6), one decimal; CSAT = % of 4s and 5s, one decimal.
double nps_of(std::int64_t promoters, std::int64_t detractors, std::int64_t answered);
double csat_of(std::int64_t fours_and_fives, std::int64_t answered);

}  // namespace shopfloor::surveys
