// learning::search_key: the normalisation that lets a substring search find Thai words
// inside unspaced Thai text, and audiences matched against a viewer.
#include <gtest/gtest.h>

#include "learning/audience.hpp"
#include "learning/search_key.hpp"

using namespace shopfloor::learning;

TEST(SearchKey, LowerCasesAsciiAndCollapsesWhiteSpace) {
  EXPECT_EQ(search_key("  Hello   WORLD\t\nAgain  "), "hello world again");
  EXPECT_EQ(search_key(""), "");
  EXPECT_EQ(search_key("   "), "");
}

TEST(SearchKey, KeepsThaiAsIs) {
  EXPECT_EQ(search_key("การบริการลูกค้า"), "การบริการลูกค้า");
  EXPECT_EQ(search_key("ความรู้สินค้า ABC"), "ความรู้สินค้า abc");
}

TEST(SearchKey, RemovesZeroWidthCharacters) {
  // U+200B between words, U+200C/U+200D joiners, U+2060 word joiner, BOM, soft hyphen.
  EXPECT_EQ(search_key("สิน\u200Bค้า"), "สินค้า");
  EXPECT_EQ(search_key("\uFEFFบริการ\u200C\u200Dลูกค้า\u2060"), "บริการลูกค้า");
  EXPECT_EQ(search_key("soft\u00ADhyphen"), "softhyphen");
}

TEST(SearchKey, NoBreakSpaceIsASpace) {
  EXPECT_EQ(search_key("a\u00A0\u00A0b"), "a b");
}

TEST(SearchKey, ComposesSaraAm) {
  // NIKHAHIT + SARA AA → SARA AM; also with a tone mark between them (น + ้ + ํ + า → น้ำ).
  EXPECT_EQ(search_key("น\u0E4D\u0E32"), "น\u0E33");
  EXPECT_EQ(search_key("น\u0E4D\u0E49\u0E32"), "น\u0E49\u0E33");
  EXPECT_EQ(search_key("น้ำ"), "น้ำ");
  // A lone NIKHAHIT stays.
  EXPECT_EQ(search_key("\u0E4D"), "\u0E4D");
}

TEST(SearchKey, AWordInsideUnspacedThaiIsASubstringOfTheKey) {
  std::string text = search_key("วันนี้เรามาเรียนรู้การบริการ\u200Bลูกค้าอย่างมืออาชีพ");
  EXPECT_NE(text.find(search_key("บริการลูกค้า")), std::string::npos);
  EXPECT_NE(text.find(search_key("ลูกค้า")), std::string::npos);
  EXPECT_EQ(text.find(search_key("สินค้า")), std::string::npos);
}

TEST(Audience, KindsAndAndValuesOr) {
  Viewer v;
  v.user_id = "u";
  v.store_id = "s1";
  v.region_id = "r1";
  v.position = "cashier";
  v.groups = {"g1"};
  v.subgroups = {"sg1"};
  EXPECT_TRUE(matches("", v));
  EXPECT_TRUE(matches("{\"stores\":[]}", v));
  EXPECT_TRUE(matches("{\"stores\":[\"s2\",\"s1\"]}", v));
  EXPECT_FALSE(matches("{\"stores\":[\"s2\"]}", v));
  EXPECT_TRUE(matches("{\"regions\":[\"r1\"],\"positions\":[\"Cashier\"]}", v));
  EXPECT_FALSE(matches("{\"regions\":[\"r1\"],\"positions\":[\"sales\"]}", v));
  EXPECT_TRUE(matches("{\"groups\":[\"g1\"],\"subgroups\":[\"sg1\"]}", v));
  EXPECT_FALSE(matches("{\"subgroups\":[\"sg2\"]}", v));
  Viewer nobody;
  EXPECT_FALSE(matches("{\"stores\":[\"s1\"]}", nobody));
}
