// `shopfloor seed --demo`: one coherent demo company. Each area's seed writes its catalogue (what the back
// office would make) and what the demo logins did; with the history, the company around them (three regions,
// twelve stores, ~150 staff) lives its last 90 days through the areas' own functions, day by day, with the
// clock pinned to each moment, so every report, the dashboard and every area screen read the same rows.
// Idempotent: a second run adds nothing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "accounts/demo.hpp"
#include "app/app.hpp"
#include "users/users.hpp"

namespace shopfloor {

struct DemoSeeded {
  std::vector<users::DemoLogin> logins;
  accounts::DemoActivation activation;
  bool history = false;  // the company and its 90 days were written by this run
  std::int64_t visits = 0, events = 0;
};

// Runs in one transaction on the app's database. The app is built as for serving (every area's routes and
// happening listeners registered), so what the seed does is counted as it is when serving.
DemoSeeded seed_demo(App& app, bool with_history);

}  // namespace shopfloor
