#!/usr/bin/env bash
# Today's drill for one person with BENCH_DRILL_STATES (5,000) question states (issue 32), on SQLite and on a
# throwaway PostgreSQL: `shopfloor bench-drill` seeds the person once, then times BENCH_DRILL_RUNS (300) first
# GET /api/drill/today's of a fresh day (target p99 < 20 ms). Prints one JSON line per database. Run by
# scripts/bench.sh (alone: make bench BENCH=drill, or scripts/bench/drill.sh [path/to/shopfloor]).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${1:-${SHOPFLOOR_BIN:-$PWD/build/server/shopfloor}}
STATES=${BENCH_DRILL_STATES:-5000}
RUNS=${BENCH_DRILL_RUNS:-300}
WORK=$(mktemp -d -t shopfloor-drill-bench-XXXXXX)
chmod 755 "$WORK" # the throwaway cluster runs as the postgres user
cleanup() {
  if [ -d "$WORK/pg" ]; then scripts/test-postgres.sh stop "$WORK/pg" >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

(cd "$WORK" && DATABASE_URL=sqlite://./drill.db LOG_LEVEL=warn "$BIN" bench-drill --states "$STATES" --runs "$RUNS")
if PG_URL=$(scripts/test-postgres.sh start "$WORK/pg" 2>"$WORK/pg.log"); then
  (cd "$WORK" && DATABASE_URL=$PG_URL LOG_LEVEL=warn "$BIN" bench-drill --states "$STATES" --runs "$RUNS")
else
  echo "PostgreSQL could not start: the drill figures are SQLite's only" >&2
  cat "$WORK/pg.log" >&2 || true
fi
