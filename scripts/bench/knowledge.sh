#!/usr/bin/env bash
# The Knowledge report over many drill memory states (issue 32; scripts/bench/knowledge.mjs) on SQLite and on a
# throwaway PostgreSQL. BENCH_KNOWLEDGE_PEOPLE (100000) x BENCH_KNOWLEDGE_QUESTIONS (500), the report's
# summary seeded directly. Prints one JSON line per database. Run by scripts/bench.sh (alone: make bench BENCH=knowledge, or scripts/bench/knowledge.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
export SHOPFLOOR_BIN=${1:-${SHOPFLOOR_BIN:-$PWD/build/server/shopfloor}}
WORK=$(mktemp -d -t shopfloor-knowledge-bench-XXXXXX)
chmod 755 "$WORK" # the throwaway cluster runs as the postgres user
cleanup() {
  if [ -d "$WORK/pg" ]; then scripts/test-postgres.sh stop "$WORK/pg" >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

env -u TEST_DATABASE_URL node scripts/bench/knowledge.mjs
if PG_URL=$(scripts/test-postgres.sh start "$WORK/pg" 2>"$WORK/pg.log"); then
  TEST_DATABASE_URL=$PG_URL node scripts/bench/knowledge.mjs
else
  echo "PostgreSQL could not start: the knowledge figures are SQLite's only" >&2
  cat "$WORK/pg.log" >&2 || true
fi
