#include "resources/resource.hpp"

#include <boost/json/parse.hpp>
#include <stdexcept>

#include "resources/fields.hpp"
#include "resources/search.hpp"
#include "util/enum_names.hpp"

namespace shopfloor::resources {

std::string_view type_name(FieldType t) {
  static constexpr EnumNames<FieldType, 9> names{{{FieldType::string, "string"},
                                                  {FieldType::text, "text"},
                                                  {FieldType::integer, "integer"},
                                                  {FieldType::boolean, "boolean"},
                                                  {FieldType::enumeration, "enum"},
                                                  {FieldType::datetime, "datetime"},
                                                  {FieldType::reference, "reference"},
                                                  {FieldType::json, "json"},
                                                  {FieldType::string_list, "string_list"}}};
  return names.name(t, "string");
}

Field string_field(std::string name, std::string column, Label label) {
  Field f;
  f.name = std::move(name);
  f.column = std::move(column);
  f.label = std::move(label);
  return f;
}

boost::json::value WriteContext::value_of(std::string_view name) const {
  const Field* f = resource ? resource->field(name) : nullptr;
  if (f && !f->column.empty()) {
    if (auto it = values.find(f->column); it != values.end()) {
      if (auto* s = std::get_if<std::string>(&it->second)) {
        if (f->type != FieldType::json && f->type != FieldType::string_list) return boost::json::value(*s);
        boost::system::error_code ec;
        auto v = boost::json::parse(*s, ec);
        return ec ? boost::json::value(nullptr) : v;
      }
      if (auto* i = std::get_if<std::int64_t>(&it->second)) return *i;
      if (auto* d = std::get_if<double>(&it->second)) return *d;
      return nullptr;
    }
  }
  if (before)
    if (auto* v = before->if_contains(name)) return *v;
  return nullptr;
}

std::optional<std::int64_t> WriteContext::time_of(std::string_view name) const {
  auto v = value_of(name);
  if (v.is_int64()) return v.as_int64();
  if (v.is_string()) return parse_iso8601(v.as_string());
  return std::nullopt;
}

std::string WriteContext::text_of(std::string_view name) const {
  auto v = value_of(name);
  return v.is_string() ? std::string(v.as_string()) : std::string();
}

const Field* Resource::field(std::string_view n) const {
  for (const auto& f : fields)
    if (f.name == n) return &f;
  return nullptr;
}

void Registry::add(Resource r) {
  for (const auto& f : r.fields)
    if (f.type == FieldType::reference && f.reference.empty())
      throw std::logic_error("reference field without a target: " + r.name + "." + f.name);
  for (const auto& c : r.list_columns)
    if (c != "createdAt" && c != "updatedAt" && !r.field(c))
      throw std::logic_error("list column that is not a field: " + r.name + "." + c);
  if (r.search) add_search_source(r);
  // Declaring a name again replaces it (several App instances in one process, as in tests).
  for (auto& existing : resources_)
    if (existing->name == r.name) {
      *existing = std::move(r);
      return;
    }
  resources_.push_back(std::make_unique<Resource>(std::move(r)));
}

const Resource* Registry::find(std::string_view name) const {
  for (const auto& r : resources_)
    if (r->name == name) return r.get();
  return nullptr;
}

const Resource* Registry::publishable_table(std::string_view table) const {
  for (const auto& r : resources_)
    if (r->publishable && r->table == table) return r.get();
  return nullptr;
}

Registry& registry() {
  static Registry instance;
  return instance;
}

bool may_read(const Resource& r, const auth::SessionUser& u) {
  return u.at_least(r.read_role);
}
bool may_write(const Resource& r, const auth::SessionUser& u) {
  return u.at_least(r.write_role);
}

}  // namespace shopfloor::resources
