// How much of a broad match a search ranks (search::find's cap): the newest this many documents holding every
// term. Older matches of a query that broad are not ranked at all: an old item with the words in its title
// can lose its place to newer items with them only in the body (docs/PERFORMANCE.md, "Search"). The staff
// search (resources/search.cpp) and the bench (search/bench.cpp) use it.
#pragma once

#include <cstddef>

namespace shopfloor::search {

inline constexpr std::size_t staff_candidates = 1000;

}  // namespace shopfloor::search
