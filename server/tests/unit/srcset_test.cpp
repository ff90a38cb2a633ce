// The server's guess of the browser's srcset pick must be the browser's own: a wrong one downloads the photo
// twice. The expected widths are what Chromium chose for these screens (e2e/first-screen.spec.ts checks a
// real one).
#include "http/srcset.hpp"

#include <gtest/gtest.h>

using namespace shopfloor::http;

namespace {
const std::vector<std::int64_t> widths{640, 750, 828, 1080, 1200, 1920, 2048, 3840};
constexpr std::string_view feed = "(max-width: 600px) 100vw, 560px";
}  // namespace

TEST(Srcset, SlotWidthFromSizes) {
  EXPECT_EQ(slot_width(feed, 390), 390);
  EXPECT_EQ(slot_width(feed, 600), 600);
  EXPECT_EQ(slot_width(feed, 1440), 560);
  EXPECT_EQ(slot_width("100vw", 412), 412);
  EXPECT_EQ(slot_width("50vw", 412), 206);
  EXPECT_EQ(slot_width("(max-width: 400px) 90vw, (max-width: 800px) 300px, 50vw", 1000), 500);
  EXPECT_EQ(slot_width("(max-width: 400px) 90vw, (max-width: 800px) 300px, 50vw", 500), 300);
  EXPECT_FALSE(slot_width("(min-width: 600px) 50vw, 100vw", 412));
  EXPECT_FALSE(slot_width("calc(100vw - 32px)", 412));
  EXPECT_FALSE(slot_width("", 412));
}

TEST(Srcset, PicksAsChromiumDoes) {
  EXPECT_EQ(srcset_pick(widths, feed, {412, 1.75}), 750);  // Lighthouse's phone: 721 px, 750 is nearest above
  EXPECT_EQ(srcset_pick(widths, feed, common_phone), 750);           // 360 at 2x: 720 px
  EXPECT_EQ(srcset_pick(widths, feed, {390, 3}), 1200);              // 1170 px
  EXPECT_EQ(srcset_pick(widths, feed, {412, 2.625}), 1080);          // 1081.5 px: 1080 is nearer than 1200
  EXPECT_EQ(srcset_pick(widths, feed, {1440, 1}), 640);              // the 560 px column on a desktop
  EXPECT_EQ(srcset_pick(widths, feed, {1440, 2}), 1080);             // 1120 px: 1080 is nearer than 1200
  EXPECT_EQ(srcset_pick(widths, feed, {390, 8}), 3840);              // beyond the largest
  EXPECT_EQ(srcset_pick({3840, 640, 750}, feed, {412, 1.75}), 750);  // in any order
  EXPECT_EQ(srcset_pick(widths, "calc(100vw - 32px)", {412, 1.75}), 750);  // another form: as 100vw
}

TEST(Srcset, ScreenFromHints) {
  auto s = screen_from_hints("412", "2.625");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->width, 412);
  EXPECT_EQ(s->dpr, 2.625);
  EXPECT_FALSE(screen_from_hints("", "2"));
  EXPECT_FALSE(screen_from_hints("412", ""));
  EXPECT_FALSE(screen_from_hints("412px", "2"));
  EXPECT_FALSE(screen_from_hints("412", "0"));
  EXPECT_FALSE(screen_from_hints("412", "nan"));
  EXPECT_FALSE(screen_from_hints("99999999", "2"));
}
