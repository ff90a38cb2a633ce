// A form's questions as the engine sees them, in order, and a stored submission's answers read back.
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "surveys/engine.hpp"

namespace shopfloor::forms {

struct Questions {
  std::vector<surveys::Question> list;
  std::vector<std::string> help;  // per question, beside `list`
};

Questions load_questions(db::Connection& c, const std::string& form_id);

// The staff-facing JSON of question i: {id, kind, text, help, required, options, maxChoices, minValue,
// maxValue}.
boost::json::object question_json(const Questions& qs, std::size_t i);

}  // namespace shopfloor::forms
