#include "resources/resource.hpp"

#include <stdexcept>

namespace shopfloor::resources {

std::string_view type_name(FieldType t) {
  switch (t) {
    case FieldType::string:
      return "string";
    case FieldType::text:
      return "text";
    case FieldType::integer:
      return "integer";
    case FieldType::boolean:
      return "boolean";
    case FieldType::enumeration:
      return "enum";
    case FieldType::datetime:
      return "datetime";
    case FieldType::reference:
      return "reference";
    case FieldType::json:
      return "json";
    case FieldType::string_list:
      return "string_list";
  }
  return "string";
}

Field string_field(std::string name, std::string column, Label label) {
  Field f;
  f.name = std::move(name);
  f.column = std::move(column);
  f.label = std::move(label);
  return f;
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

Registry& registry() {
  static Registry instance;
  return instance;
}

static auth::Role to_auth(Role r) {
  return r == Role::admin ? auth::Role::admin : auth::Role::editor;
}

bool may_read(const Resource& r, const auth::SessionUser& u) {
  return u.at_least(to_auth(r.read_role));
}
bool may_write(const Resource& r, const auth::SessionUser& u) {
  return u.at_least(to_auth(r.write_role));
}

}  // namespace shopfloor::resources
