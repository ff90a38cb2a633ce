// learning/completion.hpp: the reading clock (text at a Thai reading speed, pictures and pages, floor and
// cap, the share) and what each lesson kind needs before it counts. The server-clock behaviour itself is
// checked through HTTP in tests/integration/lesson-completion.test.mjs.
#include <gtest/gtest.h>

#include "learning/completion.hpp"

using namespace shopfloor::learning;

TEST(ReadingClock, CountsCharactersThatAreNotWhiteSpace) {
  EXPECT_EQ(text_chars("การบริการ ลูกค้า\n"), 15);  // Thai vowels and tone marks are characters too
  EXPECT_EQ(text_chars("a b\tc"), 3);
  EXPECT_EQ(text_chars(""), 0);
}

TEST(ReadingClock, ReadingTimeIsTextPicturesAndPagesBetweenFloorAndCap) {
  EXPECT_EQ(reading_time_ms(0, 0, 0), reading::floor_ms);
  EXPECT_EQ(reading_time_ms(1000, 0, 0), 60'000);  // a thousand characters: a minute
  EXPECT_EQ(reading_time_ms(500, 3, 0), 30'000 + 3 * reading::ms_per_picture);
  EXPECT_EQ(reading_time_ms(0, 0, 4), 4 * reading::ms_per_page);
  EXPECT_EQ(reading_time_ms(1'000'000, 0, 0), reading::cap_ms);
}

TEST(ReadingClock, RequiredTimeIsTheShare) {
  EXPECT_EQ(required_open_ms(60'000, 50), 30'000);
  EXPECT_EQ(required_open_ms(60'000, 0), 0);
  EXPECT_EQ(required_open_ms(60'000, 150), 60'000);
}

TEST(ReadingClock, OpenTimeAddsEarlierSittingsToThisOne) {
  EXPECT_EQ(time_open_ms(std::nullopt, 0, 5000), 0);  // never opened: nothing
  EXPECT_EQ(time_open_ms(1000, 0, 5000), 4000);
  EXPECT_EQ(time_open_ms(1000, 2500, 5000), 6500);
  EXPECT_EQ(time_open_ms(9000, 0, 5000), 0);  // a clock step back counts nothing, never less
  EXPECT_EQ(sitting_ms(1000, 4000), 3000);
  EXPECT_EQ(sitting_ms(std::nullopt, 4000), 0);
  EXPECT_EQ(seconds_left(10'000, 8'500), 2);
  EXPECT_EQ(seconds_left(10'000, 10'000), 0);
}

TEST(Shortfall, TextNeedsItsTime) {
  auto s = shortfall({.kind = "article", .required_ms = 10'000, .open_ms = 2'500});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->code, "TOO_EARLY");
  EXPECT_EQ(s->message.code(), "LESSON_COUNTS_IN");
  EXPECT_EQ(s->seconds, 8);
  EXPECT_FALSE(shortfall({.kind = "article", .required_ms = 10'000, .open_ms = 10'000}));
}

TEST(Shortfall, PicturesAllSeenBeforeTheTimeIsTold) {
  std::set<std::int64_t> seen{0, 2, 9};  // 9 is not in a set of three
  auto s = shortfall({.kind = "images", .required_ms = 1, .open_ms = 0, .pictures = 3, .seen = &seen});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->code, "NOT_ALL_SEEN");
  EXPECT_EQ(s->message.params().at("left").as_int64(), 1);
  seen.insert(1);
  EXPECT_EQ(shortfall({.kind = "images", .required_ms = 1, .open_ms = 0, .pictures = 3, .seen = &seen})->code,
            "TOO_EARLY");
  EXPECT_FALSE(shortfall({.kind = "images", .required_ms = 1, .open_ms = 1, .pictures = 3, .seen = &seen}));
}

TEST(Shortfall, PagesNeedTheLastAndHalf) {
  EXPECT_EQ(pages_needed(1), 1);
  EXPECT_EQ(pages_needed(4), 2);
  EXPECT_EQ(pages_needed(5), 3);
  std::set<std::int64_t> seen{1, 2, 3};
  EXPECT_EQ(shortfall({.kind = "pdf", .pages = 4, .seen = &seen})->code, "NOT_ALL_SEEN");  // not the last
  seen = {4};
  auto s = shortfall({.kind = "ebook", .pages = 4, .seen = &seen});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->message.params().at("needed").as_int64(), 2);
  EXPECT_EQ(s->message.params().at("seen").as_int64(), 1);
  seen = {2, 4};
  EXPECT_FALSE(shortfall({.kind = "pdf", .pages = 4, .seen = &seen}));
  EXPECT_EQ(shortfall({.kind = "pdf", .pages = 0, .seen = &seen})->code, "NOT_ALL_SEEN");  // no page count
}

TEST(Shortfall, LinkMustBeOpenedThenTimed) {
  EXPECT_EQ(shortfall({.kind = "link", .required_ms = 0})->code, "LINK_NOT_OPENED");
  EXPECT_EQ(shortfall({.kind = "link", .required_ms = 5000, .open_ms = 100, .link_opened = true})->code,
            "TOO_EARLY");
  EXPECT_FALSE(shortfall({.kind = "link", .required_ms = 5000, .open_ms = 5000, .link_opened = true}));
}
