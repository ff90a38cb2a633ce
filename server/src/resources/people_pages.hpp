// people_in() (resources/staff_gate.hpp) a page at a time, for work on a whole audience done in bounded
// batches by a background job (jobs/audience_jobs.hpp): the same people, in user id order.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "resources/audience.hpp"

namespace shopfloor::resources {

struct PeoplePage {
  std::vector<Viewer> people;  // in one of the audiences, among the page's active staff
  std::string last;            // the last user id the page looked at ("" = nobody left): the next cursor
  bool done = false;           // fewer than `limit` looked at: nobody is left after `last`
};

// Active staff with an id after `after_user`, at most `limit` of them looked at, and who of them is in any of
// `audiences`.
// How many people a whole-audience job will reach (the same people as people_in()): one COUNT(*) when SQL
// alone decides (audiences of stores and regions, or everyone), else people_in()'s size.
std::int64_t count_people(db::Connection& c, std::span<const Audience> audiences);

PeoplePage people_page(db::Connection& c, std::span<const Audience> audiences, const std::string& after_user,
                       int limit);

}  // namespace shopfloor::resources
