// Words of a text, the same way for what is indexed and for what people type (ICU, Debian libicu-dev).
//
// Thai (and Lao, Khmer, Myanmar) is written without spaces between words, so words come from ICU's
// dictionary-based word break iterator: "บริการลูกค้า" is the two words บริการ and ลูกค้า. Before that the text
// is made comparable:
//  - NFKC with case folding (full-width and compatibility forms, "ﬁ" → "fi", "Straße" → "strasse"), which
//    also drops invisible characters (zero-width space and joiners, soft hyphens, BOM);
//  - accents folded for Latin, Greek and Cyrillic letters ("café" → "cafe"), never for Thai, whose vowels
//    and tone marks are combining characters that make the word;
//  - Thai marks in one order whatever order they were typed in (vowel above or below, then tone mark, then
//    the others) and NIKHAHIT + SARA AA written as SARA AM, so "น้ำ" typed either way is the same word.
// Only words, numbers and ideographs are kept; spaces and punctuation are not words.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace shopfloor::search {

// The comparable form of a text (the steps above), for words and for anything compared with them.
std::string normalize(std::string_view text);

// The words of a text in order, each in its comparable form (at most max_word_chars code points).
std::vector<std::string> words(std::string_view text);

// Ill-formed UTF-8 (a query string can carry any bytes) as U+FFFD, which is never part of a word.
std::string valid_utf8(std::string_view text);

// A word with where it is in the original text (UTF-8 byte offsets, [begin, end)), for highlighting.
// The text must be valid UTF-8 (stored text is; otherwise pass it through valid_utf8 first).
struct Located {
  std::string word;
  std::size_t begin = 0, end = 0;
};
std::vector<Located> located_words(std::string_view valid);

inline constexpr std::size_t max_word_chars = 60;

// Number of UTF-16 code units in valid UTF-8 text (what a JavaScript string's indexes count).
std::size_t utf16_length(std::string_view utf8);

}  // namespace shopfloor::search
