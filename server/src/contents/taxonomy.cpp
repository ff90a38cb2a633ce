#include "contents/taxonomy.hpp"

#include "auth/session_registry.hpp"
#include "http/services.hpp"
#include "resources/builders.hpp"
#include "resources/traits.hpp"

namespace shopfloor::contents {

using namespace resources;

namespace {

// One of the four trees: name, description and sort order, listed in their order; `extra` comes first (a
// code, a parent).
Resource tree(std::string name, std::string table, Label label, Label name_label,
              std::vector<Field> extra = {}) {
  auto r = area(std::move(name), std::move(table), std::move(label));
  r.title_field = "name";
  r.default_sort = "sortOrder";
  r.fields = std::move(extra);
  r.fields.push_back(text("name", std::move(name_label)).required().searchable().sortable().max(120));
  r.fields.push_back(long_text("description", {"คำอธิบาย", "Description"}).max(2000).searchable());
  r.fields.push_back(integer("sortOrder", {"ลำดับ", "Order"}).sortable().min(-100000).max(100000).fallback(0));
  return r;
}

FieldBuilder code(Label label) {
  return text("code", std::move(label)).unique().searchable().sortable().max(40);
}

// People's groups resolve against content groups and subgroups (resources/audience.cpp), and every node
// keeps a copy of both tables with its cached sessions: an edit drops them everywhere.
void audience_changed(WriteContext& w) {
  w.http.app.get<auth::SessionRegistry>().audience_changed(w.c);
}

}  // namespace

void register_taxonomy(http::Services&) {
  auto& reg = registry();
  auto groups = tree("groups", "content_groups", {"กลุ่ม", "Groups"}, {"ชื่อกลุ่ม", "Group name"},
                     {code({"รหัสกลุ่ม", "Group code"})});
  groups.subtitle_field = "code";
  groups.after_write = audience_changed;
  reg.add(std::move(groups));
  auto subgroups =
      tree("subgroups", "content_subgroups", {"กลุ่มย่อย", "Subgroups"}, {"ชื่อกลุ่มย่อย", "Subgroup name"},
           {code({"รหัสกลุ่มย่อย", "Subgroup code"}),
            reference("group", {"กลุ่มหลัก", "Parent group"}, "groups").required().filterable()});
  subgroups.subtitle_field = "code";
  subgroups.after_write = audience_changed;
  reg.add(std::move(subgroups));
  reg.add(tree("categories", "categories", {"หมวดหมู่", "Categories"}, {"ชื่อหมวดหมู่", "Category name"}));
  reg.add(tree(
      "subcategories", "subcategories", {"หมวดหมู่ย่อย", "Sub-categories"}, {"ชื่อหมวดหมู่ย่อย", "Sub-category name"},
      {reference("category", {"หมวดหมู่หลัก", "Parent category"}, "categories").required().filterable()}));
}

}  // namespace shopfloor::contents
