// The drill's back-office resources besides its settings: drill-only questions (declarations.cpp).
#pragma once

namespace shopfloor::drill {

void register_resources();

}  // namespace shopfloor::drill
