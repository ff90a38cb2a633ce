// Search text for Thai and English. Thai is written without spaces between words, so search is a substring
// match over a normalised copy of the text (stored in each item's search_text column):
//  - ASCII lower-cased;
//  - zero-width space/joiners, BOM and soft hyphens removed (Thai editors insert U+200B as line-break hints,
//    which would otherwise split "สินค้า" so that it is no longer found);
//  - NIKHAHIT + SARA AA (U+0E4D U+0E32, how some keyboards type SARA AM) composed to SARA AM (U+0E33),
//    also with a tone mark between them;
//  - runs of white space collapsed to one space.
// The query is normalised the same way, then matched with LIKE and the pattern from like_contains()
// (util/text.hpp).
#pragma once

#include <string>
#include <string_view>

namespace shopfloor::learning {

std::string search_key(std::string_view text);

}  // namespace shopfloor::learning
