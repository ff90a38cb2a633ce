// A pulse as the staff routes and results read it, its questions as the survey engine sees them, and the
// choice of this period's questions for one person (the cooldown).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "pulse/periods.hpp"
#include "surveys/engine.hpp"

namespace shopfloor::pulse {

struct Pulse {
  std::string id, title;
  std::optional<std::string> description;
  Recurrence recurrence = Recurrence::weekly;
  std::int64_t per_period = 3, cooldown = 0;
  bool anonymous = false;
};

// The columns Pulse is read from (in this order), of the pulse `p`.
inline constexpr const char* pulse_columns =
    "p.id, p.title, p.description, p.recurrence, p.questions_per_period, p.cooldown, p.anonymous";
Pulse pulse_of(const db::Row& r);

struct Questions {
  std::vector<surveys::Question> list;
  std::vector<std::string> help;  // beside `list`
};
Questions load_questions(db::Connection& c, const std::string& pulse_id);

// In question order, up to per_period questions `user` was not asked in the `cooldown` periods before
// `period`.
std::vector<surveys::Question> asked_in(db::Connection& c, const Pulse& p, const Questions& all,
                                        const std::string& user, std::int64_t period);

}  // namespace shopfloor::pulse
