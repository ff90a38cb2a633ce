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
std::vector<Question> all_questions(const std::vector<Section>& sections);

// A stored draft's answers, read back into the shape they were sent in (dropping what no longer fits).
boost::json::object read_draft(const std::vector<Question>& questions, const std::string& answers_json);
boost::json::object answers_json(const std::vector<Question>& questions, const std::vector<Answer>& answers);

}  // namespace shopfloor::surveys
