#!/usr/bin/env bash
# Issue 33's five figures in one run (make bench BENCH=scale), each against its goal:
#   1. the signed-in session check against nginx serving the same answer (>= 1.0x), and 10,000 WebSockets held
#      by one process (< 300 MB): scripts/bench.sh with BENCH=session;
#   2. the Learning tab on PostgreSQL against SQLite on this machine (>= 1.0x): scripts/bench/learning-databases.sh;
#   3. the deep rank at 100,000 staff and BENCH_BOARD_ENTRIES (10,000,000) ledger entries on PostgreSQL, 8
#      clients over the 15 boards (p99 < 50 ms): scripts/bench/leaderboard.mjs (the seed takes ~5 minutes);
#   4. the whole-company publish: a course assigned to, and a broadcast sent to, 100,000 staff on PostgreSQL
#      (the admin's save < 200 ms): scripts/bench/audience-publish.mjs.
# SHOPFLOOR_BIN picks the binary, so the same run of an older build gives the "before". About 20 minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
. scripts/lib/free-port.sh
BIN=${SHOPFLOOR_BIN:-$ROOT/build/server/shopfloor}
export SHOPFLOOR_BIN=$BIN
BOARD_STAFF=${BENCH_BOARD_STAFF:-100000}
BOARD_ENTRIES=${BENCH_BOARD_ENTRIES:-10000000}
AUDIENCE_STAFF=${BENCH_AUDIENCE_STAFF:-100000}
WORK=$(mktemp -d -t shopfloor-scale-bench-XXXXXX)
chmod 755 "$WORK" # the throwaway cluster runs as the postgres user
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill -TERM "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  if [ -d "$WORK/pg" ]; then scripts/test-postgres.sh stop "$WORK/pg" >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
[ -d server/tests/integration/node_modules/ws ] || npm --prefix server/tests/integration ci --silent
json() { node -e 'const o = JSON.parse(process.argv[1]); console.log(process.argv[2].split(".").reduce((v, k) => v?.[k], o) ?? "n/a")' "$1" "$2"; }

echo "1/4 the session check against nginx, and the WebSockets one process holds" >&2
BENCH=session scripts/bench.sh >"$WORK/session.txt" 2>&1 || { cat "$WORK/session.txt" >&2; exit 1; }
sed 's/^/    /' "$WORK/session.txt" >&2
SESSION_RATIO=$(sed -nE 's/^session\/nginx ratio: ([0-9.]+)x.*/\1/p' "$WORK/session.txt" | tail -1)
CPU_LINE=$(grep '^CPU per request' "$WORK/session.txt" | tail -1)
WS_OUT=$(grep '^realtime WebSockets held by one process' "$WORK/session.txt" | tail -1 | grep -o '{.*}')

echo "2/4 the Learning tab, SQLite and PostgreSQL in turn" >&2
LEARN_OUT=$(scripts/bench/learning-databases.sh "$BIN" | tail -1)
echo "    $LEARN_OUT" >&2

echo "3/4 the deep rank: $BOARD_STAFF staff, $BOARD_ENTRIES ledger entries on PostgreSQL" >&2
PG_URL=$(scripts/test-postgres.sh start "$WORK/pg" 2>"$WORK/pg.log") || { cat "$WORK/pg.log" >&2; exit 1; }
mkdir -p "$WORK/board/data"
PORT=$(free_port)
(cd "$WORK/board" && export DATABASE_URL=$PG_URL DATA_DIR=./data LOG_LEVEL=warn && "$BIN" migrate >/dev/null &&
  "$BIN" seed --demo --no-history >/dev/null &&
  "$BIN" seed --bench-leaderboard --board-staff "$BOARD_STAFF" --board-entries "$BOARD_ENTRIES" | sed 's/^/    /' >&2)
psql "$PG_URL" -qc 'VACUUM ANALYZE' >/dev/null # what autovacuum does after a bulk load
(cd "$WORK/board" && DATABASE_URL=$PG_URL DATA_DIR=./data PORT=$PORT HOST=127.0.0.1 LOG_LEVEL=warn WEB_DIR="$WORK" \
  exec "$BIN" serve >"$WORK/board/server.log" 2>&1) &
SERVER_PID=$!
for _ in $(seq 1200); do curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
node scripts/bench/leaderboard.mjs "http://127.0.0.1:$PORT" LB000001 'Bench#2026' 5 8 >/dev/null # warm-up
BOARD_OUT=$(node scripts/bench/leaderboard.mjs "http://127.0.0.1:$PORT" LB000001 'Bench#2026' 10 8)
echo "    $BOARD_OUT" >&2
kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""

echo "4/4 the whole-company publish: $AUDIENCE_STAFF staff on PostgreSQL" >&2
# The ledger's rows are done with (the publish below makes a database of its own).
psql "$PG_URL" -qc 'SET client_min_messages = warning; DROP SCHEMA public CASCADE; CREATE SCHEMA public' >/dev/null
AUDIENCE_OUT=$(TEST_DATABASE_URL=$PG_URL node scripts/bench/audience-publish.mjs "$AUDIENCE_STAFF" | tail -1)
echo "    $AUDIENCE_OUT" >&2

met() { node -e 'process.stdout.write(eval(process.argv[1]) ? "yes" : "NO")' "$1"; }
LEARN_RATIO=$(json "$LEARN_OUT" ratio)
BOARD_P99=$(json "$BOARD_OUT" p99Ms)
WS_MIB=$(json "$WS_OUT" rssAfterMiB)
WS_OPEN=$(json "$WS_OUT" open)
SAVE_MS=$(json "$AUDIENCE_OUT" saveMs)
echo ""
echo "Shopfloor bench (scale, issue 33): $(date -u +%F), load average $(cut -d' ' -f1-3 /proc/loadavg) after the runs, $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
printf '%-66s %-44s %s\n' "goal" "figure" "met"
printf '%-66s %-44s %s\n' "Learning tab: PostgreSQL >= SQLite (median of rounds)" \
  "${LEARN_RATIO}x ($(json "$LEARN_OUT" postgresRequestsPerSecond) vs $(json "$LEARN_OUT" sqliteRequestsPerSecond) req/s)" \
  "$(met "$LEARN_RATIO >= 1.0")"
printf '%-66s %-44s %s\n' "deep rank p99 < 50 ms, 8 clients, $BOARD_STAFF staff / $BOARD_ENTRIES entries" \
  "p99 ${BOARD_P99} ms ($(json "$BOARD_OUT" requestsPerSecond) req/s)" "$(met "$BOARD_P99 < 50")"
printf '%-66s %-44s %s\n' "session check >= 1.0x nginx" "${SESSION_RATIO}x" "$(met "${SESSION_RATIO:-0} >= 1.0")"
printf '%-66s %-44s %s\n' "${BENCH_WEBSOCKETS:-10000} WebSockets in one process < 300 MB" "$WS_OPEN open, ${WS_MIB} MiB" \
  "$(met "$WS_OPEN >= ${BENCH_WEBSOCKETS:-10000} && $WS_MIB < 300")"
printf '%-66s %-44s %s\n' "whole-company publish < 200 ms ($AUDIENCE_STAFF staff, PostgreSQL)" \
  "save ${SAVE_MS} ms (all notified in $(json "$AUDIENCE_OUT" notifiedMs) ms)" "$(met "$SAVE_MS < 200")"
echo "$CPU_LINE"
echo "learning: $LEARN_OUT"
