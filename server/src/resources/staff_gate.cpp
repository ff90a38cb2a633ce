#include "resources/staff_gate.hpp"

namespace shopfloor::resources {

std::vector<db::Row> StaffGate::rows(db::Connection& c, const std::string& sql,
                                     const std::vector<db::Value>& params, std::size_t audience_column,
                                     std::size_t limit) const {
  std::vector<db::Row> out;
  for (auto& row : c.exec(sql, params).rows) {
    if (out.size() >= limit) break;
    if (admits(row.str(audience_column))) out.push_back(std::move(row));
  }
  return out;
}

std::optional<db::Row> StaffGate::item(db::Connection& c, std::string_view table, std::string_view columns,
                                       const std::string& id) const {
  std::string sql = "SELECT " + std::string(columns) + ", audience_json FROM " + std::string(table) +
                    " WHERE id = $1" + published("", 2);
  auto row = c.query(sql, id, now_).first();
  if (!row || !admits(row->str(row->size() - 1))) return std::nullopt;
  return row;
}

}  // namespace shopfloor::resources
