// One step of the demo company's story (`seed --demo`), taken through the areas' own code at the moment it
// happens.
#pragma once

#include <cstdint>

#include "http/api_error.hpp"
#include "util/ids.hpp"

namespace shopfloor::resources {

// Runs `step` at `at` (the clock pinned: what it writes is stamped `at`). A step the rules refuse (an
// ApiError: closed, out of stock, done already, not for this person) is left out, as the person would have
// been turned away. Answers whether the step was taken.
template <class Step>
bool demo_step(std::int64_t at, Step&& step) {
  PinnedClock clock(at);
  try {
    step();
    return true;
  } catch (const http::ApiError&) {
    return false;
  }
}

}  // namespace shopfloor::resources
