// The .ics writer (events/ics.hpp, RFC 5545): escaping of TEXT values, folding at 75 octets without
// splitting a UTF-8 character, UTC times, and the one VEVENT with UID and DTSTAMP.
#include <gtest/gtest.h>

#include "events/ics.hpp"

using namespace shopfloor::events;

TEST(EventsIcs, EscapesTextValues) {
  EXPECT_EQ(ics_escape("a,b;c\\d"), "a\\,b\\;c\\\\d");
  EXPECT_EQ(ics_escape("one\r\ntwo\nthree"), "one\\ntwo\\nthree");
  EXPECT_EQ(ics_escape(std::string("bell\x07") + "ok"), "bellok");
}

TEST(EventsIcs, FoldsAt75OctetsOnCharacterBoundaries) {
  EXPECT_EQ(ics_fold(std::string(75, 'a')), std::string(75, 'a') + "\r\n");
  EXPECT_EQ(ics_fold(std::string(76, 'a')), std::string(75, 'a') + "\r\n a\r\n");
  std::string thai;
  for (int i = 0; i < 40; ++i) thai += "ก";  // 3 octets each: 120 octets
  std::string folded = ics_fold("SUMMARY:" + thai);
  std::size_t start = 0;
  while (start < folded.size()) {
    auto end = folded.find("\r\n", start);
    ASSERT_NE(end, std::string::npos);
    std::string line = folded.substr(start, end - start);
    EXPECT_LE(line.size(), 75u);
    std::string body = start == 0 ? line : line.substr(1);  // a continuation starts with one space
    if (start != 0) EXPECT_EQ(line[0], ' ');
    ASSERT_FALSE(body.empty());
    EXPECT_NE(static_cast<unsigned char>(body[0]) & 0xC0, 0x80) << "a line starts mid-character";
    start = end + 2;
  }
  std::string unfolded;
  for (std::size_t i = 0; i < folded.size(); ++i) {
    if (folded.compare(i, 3, "\r\n ") == 0) {
      i += 2;
      continue;
    }
    if (folded.compare(i, 2, "\r\n") == 0) break;
    unfolded += folded[i];
  }
  EXPECT_EQ(unfolded, "SUMMARY:" + thai);
}

TEST(EventsIcs, OneEventWithUidStampAndUtcTimes) {
  EXPECT_EQ(ics_time(1893553445000), "20300102T030405Z");
  auto text = to_ics({"x@shopfloor.events", "Team day", "", "Bangkok, Siam", "", 1893553445000, 1893560400000,
                      1764000000000});
  EXPECT_NE(text.find("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"), std::string::npos);
  EXPECT_NE(text.find("\r\nUID:x@shopfloor.events\r\n"), std::string::npos);
  EXPECT_NE(text.find("\r\nDTSTAMP:20251124T160000Z\r\n"), std::string::npos);
  EXPECT_NE(text.find("\r\nDTSTART:20300102T030405Z\r\nDTEND:20300102T050000Z\r\n"), std::string::npos);
  EXPECT_NE(text.find("\r\nLOCATION:Bangkok\\, Siam\r\n"), std::string::npos);
  EXPECT_EQ(text.find("DESCRIPTION"), std::string::npos);
  EXPECT_EQ(text.substr(text.size() - 15), "END:VCALENDAR\r\n");
}
