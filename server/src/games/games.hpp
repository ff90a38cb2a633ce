// Games (SPEC §5 Games; issue 14): quizzes scored like Kahoot (own questions and/or drawn from an exam's
// questions), matching boards, the catalogue of game instances with its points rule and the daily points cap.
// The server issues every question and board and measures every answer itself (games/scoring.hpp), so no
// score can be made up in the browser; nothing says which answer or pair is right before it is played.
#pragma once

#include "http/area.hpp"

namespace shopfloor::games {

// The admin resources (declarations.cpp) and the staff routes (plays.cpp, catalogue.cpp).
void register_routes(http::Services& app);

// `seed --demo`: a 5-question quiz, a 6-pair matching board, two games open to everyone, the daily cap.
void seed_demo(db::Connection& c, const std::string& data_dir);

}  // namespace shopfloor::games
