// people_in() (resources/staff_gate.hpp) a page at a time, for work on a whole audience done in bounded
// batches by a background job (jobs/audience_jobs.hpp): the same people, in user id order.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "resources/audience.hpp"

namespace shopfloor::resources {

struct PeoplePage {
  std::vector<Viewer> people;  // in one of the audiences, among the page's active staff
  std::string last;            // the last user id the page looked at ("" = nobody left): the next cursor
};

// Active staff with an id after `after_user`, at most `limit` of them looked at, and who of them is in any of
// `audiences`.
PeoplePage people_page(db::Connection& c, std::span<const Audience> audiences, const std::string& after_user,
                       int limit);

}  // namespace shopfloor::resources
