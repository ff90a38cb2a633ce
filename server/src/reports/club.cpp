#include "reports/report.hpp"
#include "reports/reports.hpp"

namespace shopfloor::reports {

void define_club() {
  define("club", [](db::Connection&, const Filter&, std::int64_t) { return Report{}; });
}

}  // namespace shopfloor::reports
