// When a submitted attempt's review may show the correct answers (and the explanations, which give them
// away): the exam's "show correct answers" setting, as Moodle has it. Whether each question was answered
// right or wrong is always shown; what the right choices were only when this allows it, so a failed
// attempt's review cannot be copied into the next attempt.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace shopfloor::exams {

enum class ShowAnswers {
  never,           // "never"
  passed,          // "passed": once the person has passed the exam
  last_attempt,    // "last_attempt": once the person has no attempts left (never with unlimited attempts)
  passed_or_last,  // "passed_or_last" (the default): whichever of the two comes first
  immediately,     // "immediately": after every submitted attempt
};

// The stored value (exams.show_answers); anything unknown reads as the default.
ShowAnswers parse_show_answers(std::string_view text);

// passed: the person has a passed attempt of the exam. attempts_left: allowed attempts minus the ones
// already submitted (an open attempt still counts as left), nullopt when attempts are unlimited.
bool reveal_answers(ShowAnswers setting, bool passed, std::optional<std::int64_t> attempts_left);

}  // namespace shopfloor::exams
