#include "exams/review.hpp"

namespace shopfloor::exams {

ShowAnswers parse_show_answers(std::string_view text) {
  if (text == "never") return ShowAnswers::never;
  if (text == "passed") return ShowAnswers::passed;
  if (text == "last_attempt") return ShowAnswers::last_attempt;
  if (text == "immediately") return ShowAnswers::immediately;
  return ShowAnswers::passed_or_last;
}

bool reveal_answers(ShowAnswers setting, bool passed, std::optional<std::int64_t> attempts_left) {
  const bool none_left = attempts_left && *attempts_left <= 0;
  switch (setting) {
    case ShowAnswers::never:
      return false;
    case ShowAnswers::passed:
      return passed;
    case ShowAnswers::last_attempt:
      return none_left;
    case ShowAnswers::passed_or_last:
      return passed || none_left;
    case ShowAnswers::immediately:
      return true;
  }
  return false;
}

}  // namespace shopfloor::exams
