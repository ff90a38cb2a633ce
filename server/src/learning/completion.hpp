// Whether a lesson has been learnt, decided on the server (docs/LEARNING.md "Lesson completion"): from the
// open the server stamped and how long the lesson has been open since, the pictures and pages the reader's
// app reports seen, and the link opened. The client only claims "I reached the end"; these rules decide.
// Video keeps its own rule on the playback time seen (progress.hpp, watch_time_between).
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "http/error_codes.hpp"
#include "http/message.hpp"

namespace shopfloor::learning {

// The reading clock, in this one place. A lesson's reading time is its text at a Thai reading speed plus a
// look at each picture and each page, kept between a floor and a cap; the lesson counts once it has been
// open for LESSON_TIME_PERCENT of that (Config::lesson_time_percent, default 50: reading at twice the
// speed). A link counts once the reader has been away on it for that share of the floor.
namespace reading {
inline constexpr std::int64_t chars_per_minute = 1000;  // Thai prose, characters that are not white space
inline constexpr std::int64_t ms_per_picture = 6'000;
inline constexpr std::int64_t ms_per_page = 20'000;
inline constexpr std::int64_t floor_ms = 20'000;  // the shortest text
inline constexpr std::int64_t cap_ms = 600'000;   // the longest text, the thickest PDF
inline constexpr std::int64_t pages_seen_percent =
    50;  // of a PDF's or ebook's pages, the last one among them
}  // namespace reading

// Characters of a text that are not white space (UTF-8 code points; Thai vowel and tone marks count).
std::int64_t text_chars(std::string_view text);

// Reading time of a lesson with `chars` characters of text, `pictures` pictures and `pages` pages, between
// the floor and the cap.
std::int64_t reading_time_ms(std::int64_t chars, std::int64_t pictures, std::int64_t pages);

// The time a lesson must have been open: `percent` (0-100) of its reading time.
std::int64_t required_open_ms(std::int64_t reading_ms, std::int64_t percent);

// Time the lesson has been open: the earlier sittings (`open_ms`) plus this one, from its open to `now`
// (no open stamped yet: nothing).
std::int64_t time_open_ms(std::optional<std::int64_t> opened_at, std::int64_t open_ms, std::int64_t now);

// A sitting that ends because the lesson is opened again counts from its open to its last report.
std::int64_t sitting_ms(std::optional<std::int64_t> opened_at, std::int64_t last_report_at);

// What the server knows of one person and one lesson when the app says the reader reached the end.
struct Evidence {
  std::string_view kind;                         // article, images, pdf, link, ebook
  std::int64_t required_ms = 0;                  // open time needed; for a link, time away on it
  std::int64_t open_ms = 0;                      // open so far; for a link, away so far
  bool link_opened = false;                      // link: the reader left for it
  std::int64_t pictures = 0;                     // images: the set's size
  std::int64_t pages = 0;                        // pdf, ebook: the document's page count
  const std::set<std::int64_t>* seen = nullptr;  // picture indexes (from 0) or page numbers (from 1)
};

// Why a claimed completion does not count yet: the error code, the message (with what is left), and for a
// wait, the seconds to wait (also sent as Retry-After).
struct Shortfall {
  std::string code;  // err::NOT_ALL_SEEN, LINK_NOT_OPENED, TOO_EARLY (http/error_codes.hpp)
  http::Message message;
  std::int64_t seconds = 0;
};

// nullopt: the lesson is learnt. What is seen is checked before the time, so the reader is told what to
// do before being told to wait.
std::optional<Shortfall> shortfall(const Evidence& e);

// Seconds (rounded up) until the time part of the rule is met; 0 once it is.
std::int64_t seconds_left(std::int64_t required_ms, std::int64_t open_ms);

// Pages a document of `pages` pages needs seen (the last one among them).
std::int64_t pages_needed(std::int64_t pages);

}  // namespace shopfloor::learning
