#!/usr/bin/env bash
# The Learning tab on SQLite and on PostgreSQL on this machine (issue 33: PostgreSQL >= SQLite). Both
# databases get the same data (`seed --demo --no-history`, then `seed --bench-learning`: 10,000 staff and
# 1,000 published items), a server each, and BENCH_LEARNING_ROUNDS (3) rounds that run each server in turn
# (scripts/bench/learning.mjs as BENCH00001, 32 keep-alive clients, BENCH_SECONDS (10) s, after a 3 s
# warm-up; one server under load at a time), and a third server on the PostgreSQL database with its learning
# read cache's time limit at 0 (every read from the database: a person's first, and after each write). Per run: requests/s, p99, and the CPU each request cost the
# server and the PostgreSQL backends (from /proc). Prints one line per run, then one JSON line with the
# medians and the ratio. Run by scripts/bench/scale.sh; alone: scripts/bench/learning-databases.sh [BIN].
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
. scripts/lib/free-port.sh
BIN=${1:-${SHOPFLOOR_BIN:-$ROOT/build/server/shopfloor}}
ROUNDS=${BENCH_LEARNING_ROUNDS:-3}
SECONDS_PER_RUN=${BENCH_SECONDS:-10}
WORK=$(mktemp -d -t shopfloor-learning-bench-XXXXXX)
chmod 755 "$WORK" # the throwaway cluster runs as the postgres user
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  if [ -d "$WORK/pg" ]; then scripts/test-postgres.sh stop "$WORK/pg" >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT


# serve NAME DATABASE_URL [seed|noseed] [ENV=VALUE...]: seeds (unless noseed) and starts a server in $WORK/NAME;
# sets PORT_OF_NAME and PID_OF_NAME.
serve() {
  local name=$1 url=$2 seed=${3:-seed} port
  shift 3 || shift $#
  port=$(free_port)
  mkdir -p "$WORK/$name/data"
  [ "$seed" = noseed ] || (cd "$WORK/$name" && export DATABASE_URL=$url DATA_DIR=./data LOG_LEVEL=warn &&
    "$BIN" migrate >/dev/null && "$BIN" seed --demo --no-history >/dev/null && "$BIN" seed --bench-learning >/dev/null)
  (cd "$WORK/$name" && { [ $# -eq 0 ] || export "$@"; } && DATABASE_URL=$url DATA_DIR=./data PORT=$port HOST=127.0.0.1 LOG_LEVEL=info \
    WEB_DIR="$WORK" exec "$BIN" serve >"$WORK/$name/server.log" 2>&1) &
  PIDS+=($!)
  printf -v "PORT_OF_$name" '%s' "$port"
  printf -v "PID_OF_$name" '%s' "$!"
  for _ in $(seq 300); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && return; sleep 0.1; done
  cat "$WORK/$name/server.log" >&2
  echo "the $name server did not start" >&2
  exit 1
}

PG_URL=$(scripts/test-postgres.sh start "$WORK/pg" 2>"$WORK/pg.log") || { cat "$WORK/pg.log" >&2; exit 1; }
serve sqlite "sqlite://./data/shopfloor.db"
serve postgres "$PG_URL"
# The same database with the node's learning read cache at a time limit of 0: every read asks PostgreSQL, as
# a person's first read and their read after each of their writes do.
serve postgres_uncached "$PG_URL" noseed LEARNING_CACHE_TTL_MS=0

ticks() { local t=0 p; for p in "$@"; do [ -r "/proc/$p/stat" ] && t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; }
# This cluster's processes: its postmaster's children (the backends), not another cluster's on the machine.
backends() { pgrep -P "$(head -1 "$WORK/pg/data/postmaster.pid")" | tr '\n' ' ' || true; }
HZ=$(getconf CLK_TCK)

# run NAME → "NAME rps p99 server_us pg_us"
run() {
  local name=$1 port pid out a b pa pb
  port=PORT_OF_$1 pid=PID_OF_$1
  node scripts/bench/learning.mjs "http://127.0.0.1:${!port}" BENCH00001 'Bench#2026' 3 32 >/dev/null
  local pg; pg=$(backends)
  a=$(ticks "${!pid}"); pa=$(ticks $pg)
  out=$(node scripts/bench/learning.mjs "http://127.0.0.1:${!port}" BENCH00001 'Bench#2026' "$SECONDS_PER_RUN" 32)
  b=$(ticks "${!pid}"); pb=$(ticks $pg)
  node -e '
    const [name, out, server, pg, hz, load] = process.argv.slice(1);
    const r = JSON.parse(out);
    const n = r.requestsPerSecond * r.seconds;
    const us = (t) => Math.round((Number(t) * 1e6) / Number(hz) / n);
    console.log(JSON.stringify({ database: name, requestsPerSecond: r.requestsPerSecond, p99Ms: r.p99Ms, errors: r.errors,
      serverCpuUsPerRequest: us(server), postgresCpuUsPerRequest: name.startsWith("postgres") ? us(pg) : 0, load: Number(load) }));
  ' "$name" "$out" $((b - a)) $((pb - pa)) "$HZ" "$(cut -d' ' -f1 /proc/loadavg)"
}

RESULTS=()
for round in $(seq "$ROUNDS"); do
  for db in sqlite postgres postgres_uncached; do
    line=$(run "$db")
    echo "  round $round: $line" >&2
    RESULTS+=("$line")
  done
done
printf '%s\n' "${RESULTS[@]}" | node -e '
  const runs = require("fs").readFileSync(0, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
  const of = (db, k) => median(runs.filter((r) => r.database === db).map((r) => r[k]));
  const ratios = [];
  for (let i = 0; i + 1 < runs.length; i += 3) ratios.push(runs[i + 1].requestsPerSecond / runs[i].requestsPerSecond);
  console.log(JSON.stringify({
    sqliteRequestsPerSecond: of("sqlite", "requestsPerSecond"), postgresRequestsPerSecond: of("postgres", "requestsPerSecond"),
    ratio: Number((of("postgres", "requestsPerSecond") / of("sqlite", "requestsPerSecond")).toFixed(2)),
    ratioPerRound: ratios.map((r) => Number(r.toFixed(2))),
    sqliteP99Ms: of("sqlite", "p99Ms"), postgresP99Ms: of("postgres", "p99Ms"),
    serverCpuUs: { sqlite: of("sqlite", "serverCpuUsPerRequest"), postgres: of("postgres", "serverCpuUsPerRequest") },
    postgresBackendCpuUs: of("postgres", "postgresCpuUsPerRequest"),
    uncached: { requestsPerSecond: of("postgres_uncached", "requestsPerSecond"), p99Ms: of("postgres_uncached", "p99Ms"),
      ratio: Number((of("postgres_uncached", "requestsPerSecond") / of("sqlite", "requestsPerSecond")).toFixed(2)),
      serverCpuUs: of("postgres_uncached", "serverCpuUsPerRequest"), postgresBackendCpuUs: of("postgres_uncached", "postgresCpuUsPerRequest") },
    errors: runs.reduce((n, r) => n + r.errors, 0),
  }));
'
