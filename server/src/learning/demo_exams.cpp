#include "learning/demo_exams.hpp"

namespace shopfloor::learning {

namespace {
DemoExams& hooks() {
  static DemoExams h;
  return h;
}
}  // namespace

void set_demo_exams(DemoExams exams) {
  hooks() = std::move(exams);
}

const DemoExams& demo_exams() {
  return hooks();
}

}  // namespace shopfloor::learning
