#include "rollups/cubes.hpp"

#include "util/ids.hpp"

namespace shopfloor::rollups {

std::vector<CubeRow> cube_rows(std::string_view metric, std::int64_t day, const Where& where,
                               const std::string& region) {
  std::string m(metric), month_suffix(per_month);
  std::vector<CubeRow> out;
  for (const auto& [suffix, place] :
       {std::pair{by_region, Where{region, where.position}},
        std::pair{by_position, Where{"", where.position}}, std::pair{all_places, Where{}}}) {
    out.push_back({m + std::string(suffix), day, place});
    out.push_back({m + std::string(suffix) + month_suffix, month_start(day), place});
  }
  return out;
}

std::string region_of(db::Connection& c, const std::string& store_id) {
  if (store_id.empty()) return "";
  auto row = c.query("SELECT region_id FROM stores WHERE id = $1", store_id).first();
  return row && !row->is_null(0) ? row->str(0) : "";
}

void count_cubes(db::Connection& c, std::string_view metric, const std::string& user_id, std::string_view key,
                 std::int64_t n, std::int64_t total) {
  auto where = where_of(c, user_id);
  for (const auto& row : cube_rows(metric, day_of(now_ms()), where, region_of(c, where.store_id)))
    add(c, row.metric, row.day, row.where, key, n, total);
}

}  // namespace shopfloor::rollups
