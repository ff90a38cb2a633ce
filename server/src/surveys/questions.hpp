// A survey's questions as the engine sees them, in order (sections by position, then questions by
// position), with the section they belong to.
#pragma once

#include <string>
#include <vector>

#include "db/database.hpp"
#include "surveys/engine.hpp"

namespace shopfloor::surveys {

struct Section {
  std::string id, title, description;
  std::vector<Question> questions;
  std::vector<std::string> help;  // per question, beside `questions`
};

std::vector<Section> load_sections(db::Connection& c, const std::string& survey_id);

// One question from the columns every question table has, selected from `first` on in this order: id, kind,
// text, help, required, options_json. Sets `help` to the help text. Surveys, pulse surveys and forms share
// it.
Question question_of(const db::Row& r, std::size_t first, std::string& help);
// A question as the staff screens get it: {id, kind, text, help, required, options, maxChoices} (maxChoices
// for a multiple choice, all its options when unset; null for other kinds).
boost::json::object question_json(const Question& q, const std::string& help);
std::vector<Question> all_questions(const std::vector<Section>& sections);

// A stored draft's answers, read back into the shape they were sent in (dropping what no longer fits).
boost::json::object read_draft(const std::vector<Question>& questions, const std::string& answers_json);
boost::json::object answers_json(const std::vector<Question>& questions, const std::vector<Answer>& answers);

}  // namespace shopfloor::surveys
