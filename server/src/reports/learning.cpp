#include "reports/report.hpp"
#include "reports/reports.hpp"

namespace shopfloor::reports {

void define_learning() {
  define("learning", [](db::Connection&, const Filter&, std::int64_t) { return Report{}; });
}

}  // namespace shopfloor::reports
