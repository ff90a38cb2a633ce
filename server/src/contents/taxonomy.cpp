#include "contents/taxonomy.hpp"

#include "resources/resource.hpp"

namespace shopfloor::contents {

using resources::Field;
using resources::field;
using resources::FieldType;
using resources::Label;

namespace {

// name, description and sort order, shared by the four trees.
std::vector<Field> common_fields(Label name_label) {
  auto name = field("name", "name", FieldType::string, std::move(name_label));
  name.required = name.searchable = name.sortable = true;
  name.max_length = 120;
  auto description = field("description", "description", FieldType::text, {"คำอธิบาย", "Description"});
  description.max_length = 2000;
  description.searchable = true;
  auto order = field("sortOrder", "sort_order", FieldType::integer, {"ลำดับ", "Order"});
  order.sortable = true;
  order.min = -100000;
  order.max = 100000;
  order.default_value = boost::json::value(0);
  return {name, description, order};
}

resources::Resource base(std::string name, std::string table, Label label) {
  resources::Resource r;
  r.name = std::move(name);
  r.table = std::move(table);
  r.label = std::move(label);
  r.title_field = "name";
  r.read_role = resources::Role::editor;
  r.write_role = resources::Role::editor;
  r.default_sort = "sortOrder";
  return r;
}

}  // namespace

void register_taxonomy(http::Services&) {
  auto& reg = resources::registry();
  {
    auto r = base("groups", "content_groups", {"กลุ่ม", "Groups"});
    auto code = field("code", "code", FieldType::string, {"รหัสกลุ่ม", "Group code"});
    code.unique = code.searchable = code.sortable = true;
    code.max_length = 40;
    r.subtitle_field = "code";
    r.fields = common_fields({"ชื่อกลุ่ม", "Group name"});
    r.fields.insert(r.fields.begin(), code);
    reg.add(std::move(r));
  }
  {
    auto r = base("subgroups", "content_subgroups", {"กลุ่มย่อย", "Subgroups"});
    auto code = field("code", "code", FieldType::string, {"รหัสกลุ่มย่อย", "Subgroup code"});
    code.unique = code.searchable = code.sortable = true;
    code.max_length = 40;
    auto parent = field("group", "group_id", FieldType::reference, {"กลุ่มหลัก", "Parent group"});
    parent.reference = "groups";
    parent.required = parent.filterable = true;
    r.subtitle_field = "code";
    r.fields = common_fields({"ชื่อกลุ่มย่อย", "Subgroup name"});
    r.fields.insert(r.fields.begin(), {code, parent});
    reg.add(std::move(r));
  }
  {
    auto r = base("categories", "categories", {"หมวดหมู่", "Categories"});
    r.fields = common_fields({"ชื่อหมวดหมู่", "Category name"});
    reg.add(std::move(r));
  }
  {
    auto r = base("subcategories", "subcategories", {"หมวดหมู่ย่อย", "Sub-categories"});
    auto parent = field("category", "category_id", FieldType::reference, {"หมวดหมู่หลัก", "Parent category"});
    parent.reference = "categories";
    parent.required = parent.filterable = true;
    r.fields = common_fields({"ชื่อหมวดหมู่ย่อย", "Sub-category name"});
    r.fields.insert(r.fields.begin(), parent);
    reg.add(std::move(r));
  }
}

}  // namespace shopfloor::contents
