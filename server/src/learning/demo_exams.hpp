// The exams' part of the learning demo (seed --demo with its history). Exams sit above learning (a course
// lesson can be an exam), so learning's seed does not call them: app/demo_seed.cpp hands over the exams'
// functions before seeding, the way the exam preview is registered (add_preview).
#pragma once

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <functional>
#include <string>

#include "db/database.hpp"

namespace shopfloor::learning {

struct DemoExams {
  // The safety course's exam (made once); its id.
  std::function<std::string(db::Connection&)> safety_exam;
  // POST /api/exams/:id/attempts and POST /api/exam-attempts/:id/submit for the person at `at`.
  std::function<boost::json::object(db::Connection&, const std::string& uid, const std::string& exam_id,
                                    std::int64_t at)>
      start;
  std::function<void(db::Connection&, const std::string& uid, const std::string& attempt_id,
                     const boost::json::value& answers, std::int64_t at)>
      submit;
};

void set_demo_exams(DemoExams exams);
const DemoExams& demo_exams();

}  // namespace shopfloor::learning
