#include "resources/traits.hpp"

#include "http/api_error.hpp"
#include "resources/audience.hpp"
#include "resources/builders.hpp"
#include "util/ids.hpp"

namespace shopfloor::resources {

namespace json = boost::json;

Resource area(std::string name, std::string table, Label label) {
  Resource r;
  r.name = std::move(name);
  r.table = std::move(table);
  r.label = std::move(label);
  r.title_field = "title";
  r.read_role = Role::editor;
  r.write_role = Role::editor;
  r.default_sort = "-updatedAt";
  return r;
}

Resource admin_area(std::string name, std::string table, Label label) {
  auto r = area(std::move(name), std::move(table), std::move(label));
  r.read_role = Role::admin;
  r.write_role = Role::admin;
  return r;
}

Resource settings_area(std::string name, std::string table, Label label, std::string title_field,
                       Role readers) {
  auto r = area(std::move(name), std::move(table), std::move(label));
  r.title_field = std::move(title_field);
  r.read_role = readers;
  r.write_role = Role::admin;
  r.allow_create = r.allow_delete = false;
  return r;
}

std::function<void(WriteContext&)> ends_after(std::string later, std::string earlier,
                                              const http::MessageDef& message, bool may_equal) {
  return [later, earlier, &message, may_equal](WriteContext& w) {
    if (w.errors.count(earlier) || w.errors.count(later)) return;
    auto first = w.time_of(earlier), last = w.time_of(later);
    if (first && last && (*last < *first || (*last == *first && !may_equal))) w.errors[later] = message;
  };
}

namespace {

// Sets the status through the area's rules (an item that cannot be published stays as it is: 422).
Action status_action(std::string status) {
  Action a;
  a.min_role = Role::editor;
  a.run = [status](ActionContext& a) {
    const Resource* r = a.resource;
    std::map<std::string, db::Value> values{{"status", status}};
    http::FieldErrors errors;
    WriteContext w{a.http, a.c, a.actor, a.body, values, errors, a.id, &a.before, r};
    for (const auto& rule : r->rules) rule(w);
    if (r->before_update) r->before_update(w);
    if (!errors.empty()) throw http::ApiError::validation(errors);
    std::vector<db::Value> params{now_ms()};
    std::string sets = "updated_at = $1, version = version + 1";
    for (auto& [col, val] : values) {
      params.push_back(val);
      sets += ", " + col + " = $" + std::to_string(params.size());
    }
    params.push_back(a.id);
    a.c.exec("UPDATE " + r->table + " SET " + sets + " WHERE id = $" + std::to_string(params.size()), params);
    return json::object{};
  };
  return a;
}

}  // namespace

void publishable(Resource& r, Label start, Label end) {
  r.fields.push_back(choice("status", {"สถานะ", "Status"},
                            {{"draft", {"ฉบับร่าง", "Draft"}},
                             {"published", {"เผยแพร่", "Published"}},
                             {"archived", {"เก็บถาวร", "Archived"}}})
                         .required()
                         .filterable()
                         .sortable()
                         .fallback("draft"));
  r.fields.push_back(datetime("startAt", std::move(start)).sortable());
  r.fields.push_back(datetime("endAt", std::move(end))
                         .sortable()
                         .hint({"เว้นว่างไว้หากไม่มีกำหนดสิ้นสุด", "Leave empty for no end"}));
  r.rules.push_back(ends_after("endAt", "startAt"));
  r.publishable = true;
  r.actions["publish"] = status_action("published");
  r.actions["archive"] = status_action("archived");
}

void ordered(Resource& r, FieldBuilder parent, std::string audit_action) {
  parent.required().filterable().create_only();
  std::string name = parent.get().name;
  r.fields.insert(r.fields.begin(), parent);
  ordered(r, std::move(name), std::move(audit_action));
}

void ordered(Resource& r, std::string parent_field, std::string audit_action) {
  if (!r.field("position"))
    r.fields.push_back(integer("position", {"ลำดับ", "Position"}).sortable().read_only());
  r.default_sort = "position";
  Ordering o;
  o.parent_field = std::move(parent_field);
  o.audit_action = std::move(audit_action);
  const Field* parent = o.parent_field.empty() ? nullptr : r.field(o.parent_field);
  std::string parent_column = parent ? parent->column : "";
  std::string table = r.table, position = o.position_field;
  // New items go last within their parent unless a position is sent.
  r.rules.push_back([parent_column, table, position](WriteContext& w) {
    if (w.before || w.values.count(position)) return;
    std::string sql = "SELECT COALESCE(MAX(" + position + "), -1) + 1 FROM " + table;
    if (parent_column.empty()) {
      w.values[position] = w.c.query(sql).first()->i64(0);
      return;
    }
    auto it = w.values.find(parent_column);
    if (it == w.values.end() || !std::holds_alternative<std::string>(it->second)) return;
    w.values[position] = w.c.query(sql + " WHERE " + parent_column + " = $1", it->second).first()->i64(0);
  });
  r.ordering = std::move(o);
}

}  // namespace shopfloor::resources
