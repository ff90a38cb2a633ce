// The search bench (`shopfloor bench-search`, run by `make bench`): the index at scale on the database of
// DATABASE_URL. Writes `items` documents of generated Thai text (a few hundred real words, common ones more
// often, titles typed without spaces as Thai is), then measures
//   - the index update inside a write's transaction: put() of one item, each in its own transaction;
//   - a two-word Thai query typed without a space (two common words, so thousands of documents match):
//     parse, find over every kind (the staff search's candidate cap) and the highlighted titles and
//     snippets of the first page, in one read transaction.
// Documents are of the kind "bench" and are removed at the end (pass keep to leave them).
#pragma once

#include <cstddef>
#include <string>

#include "db/database.hpp"

namespace shopfloor::search {

struct BenchOptions {
  std::size_t items = 100000;
  std::size_t queries = 1000;
  std::size_t writes = 500;
  bool keep = false;   // leave the documents in the index afterwards
  bool reuse = false;  // time over the documents an earlier run kept, when there are `items` of them
};

struct Spread {
  double p50 = 0, p95 = 0, p99 = 0, max = 0;  // milliseconds
};

struct BenchFigures {
  std::size_t items = 0;
  double seed_seconds = 0;
  Spread put_ms, query_ms;
  double mean_matches = 0;  // documents each query matched (up to the cap)
};

BenchFigures bench(db::Database& db, const BenchOptions& options);

// The figures as one JSON object (what scripts/bench.sh prints).
std::string figures_json(const BenchFigures& f, std::string_view backend);

}  // namespace shopfloor::search
