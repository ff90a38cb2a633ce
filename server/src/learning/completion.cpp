#include "learning/completion.hpp"

#include <algorithm>

#include "http/messages.hpp"

namespace shopfloor::learning {

std::int64_t text_chars(std::string_view text) {
  std::int64_t n = 0;
  for (unsigned char ch : text) {
    if ((ch & 0xC0) == 0x80) continue;  // a continuation byte: part of the code point already counted
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v') continue;
    ++n;
  }
  return n;
}

std::int64_t reading_time_ms(std::int64_t chars, std::int64_t pictures, std::int64_t pages) {
  std::int64_t ms = std::max<std::int64_t>(chars, 0) * 60'000 / reading::chars_per_minute +
                    std::max<std::int64_t>(pictures, 0) * reading::ms_per_picture +
                    std::max<std::int64_t>(pages, 0) * reading::ms_per_page;
  return std::clamp(ms, reading::floor_ms, reading::cap_ms);
}

std::int64_t required_open_ms(std::int64_t reading_ms, std::int64_t percent) {
  return reading_ms * std::clamp<std::int64_t>(percent, 0, 100) / 100;
}

std::int64_t time_open_ms(std::optional<std::int64_t> opened_at, std::int64_t open_ms, std::int64_t now) {
  return open_ms + (opened_at ? std::max<std::int64_t>(now - *opened_at, 0) : 0);
}

std::int64_t sitting_ms(std::optional<std::int64_t> opened_at, std::int64_t last_report_at) {
  return opened_at ? std::max<std::int64_t>(last_report_at - *opened_at, 0) : 0;
}

std::int64_t seconds_left(std::int64_t required_ms, std::int64_t open_ms) {
  std::int64_t left = required_ms - open_ms;
  return left > 0 ? (left + 999) / 1000 : 0;
}

std::int64_t pages_needed(std::int64_t pages) {
  return std::max<std::int64_t>((pages * reading::pages_seen_percent + 99) / 100, 1);
}

std::optional<Shortfall> shortfall(const Evidence& e) {
  static const std::set<std::int64_t> none;
  const auto& seen = e.seen ? *e.seen : none;
  if (e.kind == "images") {
    std::int64_t seen_of_set =
        std::count_if(seen.begin(), seen.end(), [&](std::int64_t i) { return i >= 0 && i < e.pictures; });
    if (seen_of_set < e.pictures)
      return Shortfall{std::string(err::NOT_ALL_SEEN.name),
                       http::Message(msg::SEE_EVERY_PICTURE, {{"left", e.pictures - seen_of_set}})};
  }
  if (e.kind == "pdf" || e.kind == "ebook") {
    std::int64_t seen_of_doc =
        std::count_if(seen.begin(), seen.end(), [&](std::int64_t p) { return p >= 1 && p <= e.pages; });
    std::int64_t needed = pages_needed(e.pages);
    if (e.pages < 1 || !seen.contains(e.pages) || seen_of_doc < needed)
      return Shortfall{std::string(err::NOT_ALL_SEEN.name),
                       http::Message(msg::SEE_MORE_PAGES, {{"needed", needed}, {"seen", seen_of_doc}})};
  }
  if (e.kind == "link" && !e.link_opened)
    return Shortfall{std::string(err::LINK_NOT_OPENED.name), msg::OPEN_THE_LINK};
  if (auto s = seconds_left(e.required_ms, e.open_ms); s > 0)
    return Shortfall{std::string(err::TOO_EARLY.name), http::Message(msg::LESSON_COUNTS_IN, {{"seconds", s}}),
                     s};
  return std::nullopt;
}

}  // namespace shopfloor::learning
