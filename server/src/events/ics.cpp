#include "events/ics.hpp"

#include "util/ids.hpp"

namespace shopfloor::events {

std::string ics_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char ch = text[i];
    if (ch == '\\' || ch == ';' || ch == ',') {
      out += '\\';
      out += ch;
    } else if (ch == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      out += "\\n";
    } else if (ch == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t') {
      // other control characters are not allowed in TEXT
    } else {
      out += ch;
    }
  }
  return out;
}

std::string ics_fold(const std::string& line) {
  std::string out;
  std::size_t start = 0, limit = 75;  // the first line 75 octets, the next ones 74 after their space
  while (line.size() - start > limit) {
    std::size_t cut = start + limit;
    while (cut > start && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;  // not mid-character
    out.append(line, start, cut - start);
    out += "\r\n ";
    start = cut;
    limit = 74;
  }
  out.append(line, start);
  out += "\r\n";
  return out;
}

std::string ics_time(std::int64_t epoch_ms) {
  return utc_format(epoch_ms, "%Y%m%dT%H%M%SZ");
}

std::string to_ics(const CalendarEvent& e) {
  std::string out;
  auto line = [&](const std::string& l) { out += ics_fold(l); };
  line("BEGIN:VCALENDAR");
  line("VERSION:2.0");
  line("PRODID:-//Shopfloor//Events//EN");
  line("CALSCALE:GREGORIAN");
  line("METHOD:PUBLISH");
  line("BEGIN:VEVENT");
  line("UID:" + e.uid);
  line("DTSTAMP:" + ics_time(e.stamp));
  line("DTSTART:" + ics_time(e.starts_at));
  line("DTEND:" + ics_time(e.ends_at));
  line("SUMMARY:" + ics_escape(e.title));
  if (!e.description.empty()) line("DESCRIPTION:" + ics_escape(e.description));
  if (!e.location.empty()) line("LOCATION:" + ics_escape(e.location));
  if (!e.url.empty()) line("URL:" + e.url);
  line("END:VEVENT");
  line("END:VCALENDAR");
  return out;
}

}  // namespace shopfloor::events
