#include "drill/drill.hpp"

namespace shopfloor::drill {

// The scheduler (drill/fsrs.hpp) is reached through `shopfloor fsrs-replay` so far; the drill's staff
// routes come with its question bank.
void register_routes(http::Services&) {}

}  // namespace shopfloor::drill
