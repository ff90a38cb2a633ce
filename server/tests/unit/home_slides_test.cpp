// Home slides on the kit (server/src/home/): the app_link builder (resources/builders.hpp) and the slides
// declaration. Their behaviour through the real server is in tests/integration/home-slides.test.mjs.
#include <gtest/gtest.h>

#include "home/slides.hpp"
#include "resources/builders.hpp"

namespace json = boost::json;
using namespace shopfloor::resources;

TEST(Builders, AppLinksAreInAppPathsOrHttps) {
  Field link = app_link("link", {"ลิงก์", "Link"});
  EXPECT_EQ(link.column, "link");
  EXPECT_EQ(link.max_length, 2000u);
  for (const char* bad :
       {"javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "http://shop.example/",
        "//evil.example", "/\\evil.example", "https://", "https:///x", "ftp://x.example/", "learning",
        "/learning x", "mailto:a@b.example", " /learning", ""}) {
    json::value v = bad;
    EXPECT_TRUE(link.check(v)) << bad;
  }
  for (const char* ok : {"/", "/learning", "/learning/course/0193?x=1#top", "https://shop.example/promo?x=1",
                         "HTTPS://shop.example"}) {
    json::value v = ok;
    EXPECT_FALSE(link.check(v)) << ok;
  }
  json::value number = 5;
  EXPECT_TRUE(link.check(number));
  json::value long_path(json::string("/" + std::string(2000, 'a')));
  EXPECT_TRUE(link.check(long_path));
}

TEST(HomeSlides, DeclaredOnTheKit) {
  Resource r = shopfloor::home::slides_resource();
  EXPECT_EQ(r.name, "home-slides");
  EXPECT_EQ(r.table, "home_slides");
  ASSERT_TRUE(r.field("image"));
  EXPECT_EQ(r.field("image")->media_kind, "image");
  EXPECT_TRUE(r.field("image")->required);
  EXPECT_TRUE(r.field("title")->required);
  EXPECT_EQ(r.field("title")->max_length, 200u);
  EXPECT_TRUE(r.field("impressions")->read_only);
  EXPECT_TRUE(r.field("taps")->read_only);
  ASSERT_TRUE(r.field("audience"));
  ASSERT_TRUE(r.field("status"));
  EXPECT_TRUE(r.actions.count("publish") && r.actions.count("archive"));
  ASSERT_TRUE(r.ordering);
  EXPECT_EQ(r.ordering->parent_field, "") << "one order across all slides";
}
