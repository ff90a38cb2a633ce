// An event as an iCalendar file (RFC 5545): one VEVENT with a stable UID, DTSTAMP and UTC times; text
// values escaped (\\ ; , and newlines) and lines folded at 75 octets without splitting a UTF-8 character.
#pragma once

#include <cstdint>
#include <string>

namespace shopfloor::events {

struct CalendarEvent {
  std::string uid;  // stable per item, e.g. "<id>@shopfloor"
  std::string title, description, location, url;
  std::int64_t starts_at = 0, ends_at = 0, stamp = 0;  // epoch ms
};

std::string ics_escape(const std::string& text);
std::string ics_fold(const std::string& line);  // with CRLF after each physical line
std::string ics_time(std::int64_t epoch_ms);    // 20261125T174500Z
std::string to_ics(const CalendarEvent& e);

}  // namespace shopfloor::events
