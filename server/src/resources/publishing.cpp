#include "resources/publishing.hpp"

namespace shopfloor::resources {

Field publish_status_field() {
  auto f = field("status", "status", FieldType::enumeration, {"สถานะ", "Status"});
  f.options = {{"draft", {"ฉบับร่าง", "Draft"}},
               {"published", {"เผยแพร่", "Published"}},
               {"archived", {"เก็บถาวร", "Archived"}}};
  f.required = f.filterable = f.sortable = true;
  f.default_value = boost::json::value("draft");
  return f;
}

std::vector<Field> publish_window_fields(Label start, Label end) {
  auto start_f = field("startAt", "start_at", FieldType::datetime, std::move(start));
  start_f.sortable = true;
  auto end_f = field("endAt", "end_at", FieldType::datetime, std::move(end));
  end_f.sortable = true;
  return {start_f, end_f};
}

}  // namespace shopfloor::resources
