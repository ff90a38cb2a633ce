#!/usr/bin/env bash
# The search index at scale (issue 31), on SQLite and on a throwaway PostgreSQL: `shopfloor bench-search`
# indexes BENCH_SEARCH_ITEMS (100,000) documents of generated Thai text, then times the index update inside a
# write's transaction (target p99 < 5 ms) and two-word Thai queries typed without a space, with the first
# page's highlights (target p99 < 30 ms). Prints one JSON line per database. Run by scripts/bench.sh; alone:
#   scripts/bench/search.sh [path/to/shopfloor]
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:-${SHOPFLOOR_BIN:-$PWD/build/server/shopfloor}}
ITEMS=${BENCH_SEARCH_ITEMS:-100000}
QUERIES=${BENCH_SEARCH_QUERIES:-1000}
WORK=$(mktemp -d -t shopfloor-search-bench-XXXXXX)
chmod 755 "$WORK" # the throwaway cluster runs as the postgres user
cleanup() {
  if [ -d "$WORK/pg" ]; then scripts/test-postgres.sh stop "$WORK/pg" >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

(cd "$WORK" && DATABASE_URL=sqlite://./search.db LOG_LEVEL=warn "$BIN" bench-search --items "$ITEMS" --queries "$QUERIES")
if PG_URL=$(scripts/test-postgres.sh start "$WORK/pg" 2>"$WORK/pg.log"); then
  (cd "$WORK" && DATABASE_URL=$PG_URL LOG_LEVEL=warn "$BIN" bench-search --items "$ITEMS" --queries "$QUERIES")
else
  echo "PostgreSQL could not start: the search figures are SQLite's only" >&2
  cat "$WORK/pg.log" >&2 || true
fi
