// Coarser copies of a rollup ("cubes", docs/API.md "Reports", `engagement`): per region ("<metric>@region":
// store_id holds the region, with the position), per position only ("<metric>@position": store '') and over
// all places ("<metric>@all": store and position ''), each also per month ("<cube>@month", day = the month's
// first day). At 100,000 people a person does about one counted thing a day, so the rows per store and
// position hardly sum anything: a report without a store filter reads a cube instead, and whole months of a
// long range from its month rows, a few rows per period and key.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rollups/rollups.hpp"

namespace shopfloor::rollups {

inline constexpr std::string_view by_region = "@region";
inline constexpr std::string_view by_position = "@position";
inline constexpr std::string_view all_places = "@all";
inline constexpr std::string_view per_month = "@month";

// One counter a cube adds to.
struct CubeRow {
  std::string metric;
  std::int64_t day;
  Where where;
};

// The six cube counters of something counted on `day` where a person stands (in `region`).
std::vector<CubeRow> cube_rows(std::string_view metric, std::int64_t day, const Where& where,
                               const std::string& region);

// The region of a person's store ('' when none).
std::string region_of(db::Connection& c, const std::string& store_id);

// Counts into the cubes what rollups::count counted for the person now (a happening's listener).
void count_cubes(db::Connection& c, std::string_view metric, const std::string& user_id, std::string_view key,
                 std::int64_t n, std::int64_t total);

}  // namespace shopfloor::rollups
