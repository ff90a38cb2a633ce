// The resources kit's declaration pieces (resources/builders.hpp, resources/traits.hpp): builder defaults,
// the traits' fields, actions and rules. Their behaviour on writes is covered through the real server in
// tests/integration/kit.test.mjs on both databases.
#include <gtest/gtest.h>

#include "resources/builders.hpp"
#include "resources/traits.hpp"

namespace json = boost::json;
using namespace shopfloor::resources;

TEST(Builders, ColumnsAreSnakeCaseOfTheApiNameUnlessGiven) {
  EXPECT_EQ(snake_case("startAt"), "start_at");
  EXPECT_EQ(snake_case("timeLimitSeconds"), "time_limit_seconds");
  EXPECT_EQ(snake_case("title"), "title");
  Field t = text("bodyHtml", {"เนื้อหา", "Body"});
  EXPECT_EQ(t.column, "body_html");
  Field given = text("target", {"รายการ", "Item"}).column("target_id");
  EXPECT_EQ(given.column, "target_id");
  Field ref = reference("category", {"หมวดหมู่", "Category"}, "categories");
  EXPECT_EQ(ref.column, "category_id");
  EXPECT_EQ(ref.reference, "categories");
  EXPECT_EQ(Field(tags("tags", {"แท็ก", "Tags"})).column, "tags_json");
  EXPECT_EQ(Field(json_field("choices", {"ตัวเลือก", "Choices"})).column, "choices_json");
}

TEST(Builders, MediaFieldsNameTheirKind) {
  Field cover = image("cover", {"ภาพปก", "Cover"});
  EXPECT_EQ(cover.column, "cover_media_id");
  EXPECT_EQ(cover.type, FieldType::reference);
  EXPECT_EQ(cover.reference, "medias");
  EXPECT_EQ(cover.media_kind, "image");
  EXPECT_EQ(Field(pdf("pdf", {"PDF", "PDF"})).media_kind, "pdf");
  EXPECT_EQ(Field(video("clip", {"วิดีโอ", "Video"})).media_kind, "video");
  Field images = image_list("images", {"ภาพ", "Images"});
  EXPECT_EQ(images.type, FieldType::json);
  EXPECT_EQ(images.media_kind, "image");
  json::value dup = json::array{"0a", "0a", "0b"};
  EXPECT_FALSE(images.check(dup));
  EXPECT_EQ(dup.as_array().size(), 2u) << "duplicates dropped";
  json::value bad = json::array{"not an id"};
  EXPECT_TRUE(images.check(bad));
}

TEST(Builders, FlagsAndLimitsGoWhereTheTypeNeedsThem) {
  Field title = text("title", {"ชื่อ", "Title"}).required().max(200).searchable().sortable();
  EXPECT_TRUE(title.required && title.searchable && title.sortable);
  EXPECT_EQ(title.max_length, 200u);
  EXPECT_FALSE(title.max);
  Field n = integer("count", {"จำนวน", "Count"}).min(1).max(9);
  EXPECT_EQ(n.min, 1);
  EXPECT_EQ(n.max, 9);
  EXPECT_FALSE(n.max_length);
  Field p = points();
  EXPECT_EQ(p.name, "points");
  EXPECT_EQ(p.min, 0);
  EXPECT_EQ(p.max, 100000);
  EXPECT_EQ(*p.default_value, json::value(0));
}

TEST(Builders, LinksAreHttpOnly) {
  Field link = web_link("linkUrl", {"ลิงก์", "Link"});
  for (const char* bad :
       {"javascript:alert(1)", "data:text/html,x", "ftp://x.example/", "https://a b.example/", "http://"}) {
    json::value v = bad;
    EXPECT_TRUE(link.check(v)) << bad;
  }
  json::value ok = "https://shop.example/promo?x=1";
  EXPECT_FALSE(link.check(ok));
}

TEST(Builders, HtmlIsSanitised) {
  Field body = html("bodyHtml", {"เนื้อหา", "Body"});
  json::value v = "<p onclick=\"x()\">สวัสดี<script>alert(1)</script></p>";
  EXPECT_FALSE(body.check(v));
  std::string out(v.as_string());
  EXPECT_EQ(out.find("script"), std::string::npos);
  EXPECT_EQ(out.find("onclick"), std::string::npos);
  EXPECT_NE(out.find("สวัสดี"), std::string::npos);
  json::value number = 3;
  EXPECT_TRUE(body.check(number));
}

TEST(Traits, PublishableAddsStatusWindowActionsAndTheWindowRule) {
  Resource r = area("things", "things", {"สิ่งของ", "Things"});
  r.fields = {text("title", {"ชื่อ", "Title"})};
  publishable(r, {"เริ่ม", "Starts"}, {"สิ้นสุด", "Ends"});
  ASSERT_EQ(r.fields.size(), 4u);
  const Field* status = r.field("status");
  ASSERT_TRUE(status);
  EXPECT_EQ(status->options.size(), 3u);
  EXPECT_EQ(*status->default_value, json::value("draft"));
  EXPECT_EQ(r.field("startAt")->column, "start_at");
  EXPECT_EQ(r.field("endAt")->label.en, "Ends");
  EXPECT_EQ(r.field("endAt")->type, FieldType::datetime);
  EXPECT_TRUE(r.actions.count("publish"));
  EXPECT_TRUE(r.actions.count("archive"));
  EXPECT_EQ(r.actions.at("publish").min_role, Role::editor);
  EXPECT_EQ(r.rules.size(), 1u);
}

TEST(Traits, OrderedKeepsItsParentAndAuditName) {
  Resource r = area("lessons", "lessons", {"บทเรียน", "Lessons"});
  r.fields = {reference("course", {"หลักสูตร", "Course"}, "courses"),
              integer("position", {"ลำดับ", "Position"})};
  ordered(r, "course", "lessons.order");
  ASSERT_TRUE(r.ordering);
  EXPECT_EQ(r.ordering->parent_field, "course");
  EXPECT_EQ(r.ordering->position_field, "position");
  EXPECT_EQ(r.ordering->audit_action, "lessons.order");
  EXPECT_EQ(r.rules.size(), 1u) << "new children go last";
}

TEST(Traits, AreaDefaultsAreAnEditorRunContentArea) {
  Resource r = area("things", "things", {"สิ่งของ", "Things"});
  EXPECT_EQ(r.read_role, Role::editor);
  EXPECT_EQ(r.write_role, Role::editor);
  EXPECT_EQ(r.title_field, "title");
  EXPECT_EQ(r.default_sort, "-updatedAt");
}
