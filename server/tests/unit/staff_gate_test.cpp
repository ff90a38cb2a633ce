// The staff-read gate's query builder (resources/staff_gate.hpp): what it adds to an area's read (status,
// window, the audience column, by the declaration's names) and how it numbers the fragments' parameters. Its
// behaviour on real data is covered by every area's integration tests, on both databases.
#include "resources/staff_gate.hpp"

#include <gtest/gtest.h>

#include "resources/builders.hpp"
#include "resources/traits.hpp"

using namespace shopfloor;
using namespace shopfloor::resources;

namespace {

// A publishable table with an audience, and one without (like badges), declared once for these tests.
void declare() {
  static bool done = [] {
    auto with = area("gate-things", "gate_things", {"สิ่งของ", "Things"});
    with.fields = {text("title", {"ชื่อ", "Title"}), audience_field()};
    publishable(with);
    registry().add(std::move(with));
    auto without = area("gate-plain", "gate_plain", {"สิ่งของ", "Plain"});
    without.fields = {text("title", {"ชื่อ", "Title"})};
    publishable(without);
    registry().add(std::move(without));
    return true;
  }();
  (void)done;
}

std::int64_t as_int(const db::Value& v) {
  return std::get<std::int64_t>(v);
}

}  // namespace

TEST(StaffGate, AddsStatusWindowAndTheAudienceColumnByName) {
  declare();
  StaffGate gate(Viewer{}, 1000);
  auto [sql, params] = gate.from("gate_things", "t").select("t.id, t.title").order_by("t.title").sql();
  EXPECT_EQ(
      sql,
      "SELECT t.id, t.title, t.audience_json FROM gate_things t WHERE t.status = 'published' AND "
      "(t.start_at IS NULL OR t.start_at <= $1) AND (t.end_at IS NULL OR t.end_at > $1) ORDER BY t.title");
  ASSERT_EQ(params.size(), 1u);
  EXPECT_EQ(as_int(params[0]), 1000);
}

TEST(StaffGate, NumbersEachFragmentsParametersAfterThoseBefore) {
  declare();
  StaffGate gate(Viewer{}, 1000);
  auto [sql, params] =
      gate.from("gate_things", "t")
          .select("t.id, (SELECT COUNT(*) FROM likes l WHERE l.user_id = $1)", {std::string("u")})
          .where("t.kind = $1 AND t.size > $2", {std::string("a"), std::int64_t{5}})
          .order_by("CASE WHEN t.end_at > $1 THEN 0 ELSE 1 END", {std::int64_t{7}})
          .sql();
  EXPECT_NE(sql.find("l.user_id = $1"), std::string::npos) << sql;
  EXPECT_NE(sql.find("t.start_at <= $2"), std::string::npos) << sql;
  EXPECT_NE(sql.find("(t.kind = $3 AND t.size > $4)"), std::string::npos) << sql;
  EXPECT_NE(sql.find("WHEN t.end_at > $5"), std::string::npos) << sql;
  ASSERT_EQ(params.size(), 5u);
  EXPECT_EQ(std::get<std::string>(params[0]), "u");
  EXPECT_EQ(as_int(params[1]), 1000);
  EXPECT_EQ(std::get<std::string>(params[2]), "a");
  EXPECT_EQ(as_int(params[3]), 5);
  EXPECT_EQ(as_int(params[4]), 7);
}

TEST(StaffGate, WindowOptions) {
  declare();
  StaffGate gate(Viewer{}, 10'000);
  auto after = gate.from("gate_things", "t").shown_after_end(3'000).sql();
  EXPECT_NE(after.first.find("(t.end_at IS NULL OR t.end_at > $2)"), std::string::npos) << after.first;
  EXPECT_EQ(as_int(after.second[1]), 7'000);
  auto forever = gate.from("gate_things", "t").shown_after_end().sql();
  EXPECT_EQ(forever.first.find("t.end_at"), std::string::npos) << "started is enough: " << forever.first;
  auto any = gate.from("gate_things", "t").any_window().sql();
  EXPECT_EQ(any.first.find("start_at"), std::string::npos) << any.first;
  EXPECT_NE(any.first.find("t.status = 'published'"), std::string::npos) << any.first;
  EXPECT_TRUE(any.second.empty());
}

TEST(StaffGate, NoAudienceColumnWhereTheDeclarationHasNone) {
  declare();
  auto [sql, _] = StaffGate(Viewer{}, 1).from("gate_plain", "p").select("p.id").sql();
  EXPECT_EQ(sql.find("audience"), std::string::npos) << sql;
}

TEST(StaffGate, ThePreviewLetsEverythingThrough) {
  declare();
  auto [sql, params] = StaffGate::preview(1).from("gate_things", "t").select("t.id").sql();
  EXPECT_EQ(sql.find("status"), std::string::npos) << sql;
  EXPECT_TRUE(params.empty());
  Audience stores_only;
  stores_only.stores = {"s1"};
  EXPECT_TRUE(StaffGate::preview(1).admits(stores_only));
  EXPECT_FALSE(StaffGate::anyone(1).admits(stores_only));
}

TEST(StaffGate, AdmitsRowsInMemoryByTheSameRule) {
  Viewer v;
  v.store_id = "s1";
  StaffGate gate(v, 100);
  Audience mine, other;
  mine.stores = {"s1"};
  other.stores = {"s2"};
  EXPECT_TRUE(gate.admits("published", 50, 200, mine));
  EXPECT_FALSE(gate.admits("published", 50, 200, other));
  EXPECT_FALSE(gate.admits("draft", std::nullopt, std::nullopt, mine));
  EXPECT_FALSE(gate.admits("published", 150, std::nullopt, mine)) << "not started";
  EXPECT_FALSE(gate.admits("published", std::nullopt, 100, mine)) << "ended: the end is exclusive";
}

TEST(StaffGate, ShiftPlaceholders) {
  EXPECT_EQ(shift_placeholders("a = $1 AND b = $12", 3), "a = $4 AND b = $15");
  EXPECT_EQ(shift_placeholders("no params", 3), "no params");
}

TEST(Traits, OrderedDeclaresItsParentPositionAndSort) {
  Resource r = area("options", "options", {"ตัวเลือก", "Options"});
  r.fields = {text("text", {"ข้อความ", "Text"})};
  ordered(r, reference("poll", {"โหวต", "Poll"}, "polls"), "options.order");
  ASSERT_EQ(r.fields.size(), 3u);
  EXPECT_EQ(r.fields.front().name, "poll");
  EXPECT_TRUE(r.fields.front().required && r.fields.front().filterable && r.fields.front().create_only);
  ASSERT_TRUE(r.field("position"));
  EXPECT_TRUE(r.field("position")->read_only);
  EXPECT_TRUE(r.field("position")->sortable);
  EXPECT_EQ(r.default_sort, "position");
  EXPECT_EQ(r.ordering->parent_field, "poll");
  EXPECT_EQ(r.ordering->audit_action, "options.order");
}
