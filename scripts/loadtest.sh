#!/usr/bin/env bash
# `make loadtest`: the morning shift on two nodes behind nginx (issue 33). A throwaway PostgreSQL cluster
# (pg_stat_statements loaded), migrated and seeded with the demo data plus LOADTEST_STAFF staff in 1,000
# stores (`seed --bench-reports`, password Bench#2026), two `shopfloor serve` nodes on that one DATABASE_URL
# and one DATA_DIR, and Debian's nginx in front rendered from deploy/nginx/shopfloor.conf. Then the load
# generator (scripts/loadtest/generator.mjs) plays LOADTEST_PEOPLE people arriving over LOADTEST_ARRIVAL
# seconds, an admin at work meanwhile, SIGKILLs one node at LOADTEST_KILL_AT of the arrival window, restarts
# it, and ends with the integrity check against the database. It prints the table; the exit status is
# non-zero when the integrity check fails.
# Knobs (defaults): LOADTEST_STAFF (100000), LOADTEST_PEOPLE (10000), LOADTEST_ARRIVAL (300 s: the issue's 10 minutes
# halved to keep the run near 10 min on 2 cores), LOADTEST_STAY (90 s a person keeps the app open), LOADTEST_SIGNIN_EVERY (20: one person in 20 signs in
# with the password; the others come with a session the seed wrote: 10,000 memory-hard hashes are minutes of
# CPU on 2 cores and only measure argon2), LOADTEST_KILL_AT (0.5; "none": no kill), LOADTEST_PORT_BASE
# (unset: free ports; else nginx on BASE, the nodes on BASE+1 and BASE+2), LOADTEST_KEEP=1 keeps the work dir,
# LOADTEST_LOCK_WAIT_MS (100: PostgreSQL logs lock waits longer than this; printed after the run).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
. scripts/lib/free-port.sh
BUILD_DIR=${BUILD_DIR:-build/server}
BIN=${SHOPFLOOR_BIN:-$ROOT/$BUILD_DIR/shopfloor}
export LOADTEST_STAFF=${LOADTEST_STAFF:-100000}
export PATH=$PATH:/usr/sbin # Debian puts nginx in /usr/sbin

{ command -v nginx && command -v psql && command -v pg_config; } >/dev/null || scripts/install-deps.sh
[ -d server/tests/integration/node_modules/ws ] || npm --prefix server/tests/integration ci --silent
if [ ! -x "$BIN" ] || [ -n "$(find server/src server/migrations server/CMakeLists.txt -newer "$BIN" -print -quit)" ]; then
  echo "building the server ..."
  cmake -S server -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  nice ninja -C "$BUILD_DIR" shopfloor >/dev/null
fi

WORK=$(mktemp -d -t shopfloor-loadtest-XXXXXX)
chmod 755 "$WORK" # the cluster runs as the postgres user; nginx workers read nothing from here but logs
NODE_PIDS=()
NGINX_PID=""
cleanup() {
  if [ -n "$NGINX_PID" ]; then kill -QUIT "$NGINX_PID" 2>/dev/null || true; wait "$NGINX_PID" 2>/dev/null || true; fi
  for pid in "${NODE_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${NODE_PIDS[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  scripts/test-postgres.sh stop "$WORK/pg" >/dev/null 2>&1 || true
  if [ "${LOADTEST_KEEP:-}" = 1 ]; then echo "work dir kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

if [ -n "${LOADTEST_PORT_BASE:-}" ]; then
  LB_PORT=$LOADTEST_PORT_BASE NODE_PORTS=($((LOADTEST_PORT_BASE + 1)) $((LOADTEST_PORT_BASE + 2)))
else
  LB_PORT=$(free_port) NODE_PORTS=($(free_port) $(free_port))
fi

stamp() { echo "[$(date -u +%H:%M:%S)] $*"; }
stamp "PostgreSQL: a throwaway cluster with pg_stat_statements"
# log_lock_waits: every lock wait longer than deadlock_timeout is logged, summarised after the run.
PG_URL=$(PG_OPTIONS="-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all -c max_connections=200 -c log_lock_waits=on -c deadlock_timeout=${LOADTEST_LOCK_WAIT_MS:-100}ms" \
  scripts/test-postgres.sh start "$WORK/pg")
psql "$PG_URL" -qc 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements' >/dev/null

mkdir -p "$WORK/data"
# One DATA_DIR for both nodes (uploads, the generated AUTH_SECRET and VAPID key must be the same on each).
export DATABASE_URL=$PG_URL DATA_DIR=$WORK/data HOST=127.0.0.1 LOG_LEVEL=${LOG_LEVEL:-warn} TRUST_PROXY=1
export PUBLIC_URL=http://127.0.0.1:$LB_PORT
stamp "migrate, seed the demo and $LOADTEST_STAFF staff in 1,000 stores"
"$BIN" migrate >/dev/null
"$BIN" seed --demo --no-history >/dev/null # the demo accounts (ADMIN01); its history is minutes of seeding
# LOADTEST_REPORT_DAYS (2) days of rollups and 100,000 raw events for the admin's reports: the staff are what
# matters here (rollup rows grow with staff x days: 30 days of 100,000 staff take ~20 min to seed on 2 cores;
# the reports over a year are measured by `make bench BENCH=reports`).
"$BIN" seed --bench-reports --report-staff "$LOADTEST_STAFF" --report-days "${LOADTEST_REPORT_DAYS:-2}" --report-events 100000 2>&1 | sed 's/^/    /'
psql "$PG_URL" -qc 'VACUUM ANALYZE' >/dev/null

start_node() { # INDEX: node INDEX on NODE_PORTS[INDEX]; sets NODE_PIDS[INDEX]
  local i=$1
  PORT=${NODE_PORTS[$i]} "$BIN" serve >>"$WORK/node$i.log" 2>&1 &
  NODE_PIDS[$i]=$!
  local t0=$SECONDS
  for _ in $(seq 1800); do # up to 3 min: a node builds its caches (search index, standings) before it is ready
    curl -fs "http://127.0.0.1:${NODE_PORTS[$i]}/readyz" >/dev/null 2>&1 && { stamp "node $i ready in $((SECONDS - t0)) s"; return 0; }
    kill -0 "${NODE_PIDS[$i]}" 2>/dev/null || { tail -20 "$WORK/node$i.log"; echo "node $i exited" >&2; exit 1; }
    sleep 0.1
  done
  tail -20 "$WORK/node$i.log"
  echo "node $i is not ready" >&2
  exit 1
}
stamp "two nodes on ports ${NODE_PORTS[*]}"
start_node 0
start_node 1

# nginx: deploy/nginx/shopfloor.conf with this run's ports, inside a minimal main config whose paths are all
# under the work dir (no root, no /etc, /var or /run).
mkdir -p "$WORK/nginx/tmp"
awk -v lb="$LB_PORT" -v a="${NODE_PORTS[0]}" -v b="${NODE_PORTS[1]}" '
  /# loadtest: node/ { n++; sub(/127\.0\.0\.1:[0-9]+/, "127.0.0.1:" (n == 1 ? a : b)) }
  /# loadtest: listen/ { sub(/listen [0-9]+;/, "listen 127.0.0.1:" lb ";") }
  { print }' deploy/nginx/shopfloor.conf >"$WORK/nginx/shopfloor.conf"
[ "$(grep -c "127.0.0.1:\(${NODE_PORTS[0]}\|${NODE_PORTS[1]}\)" "$WORK/nginx/shopfloor.conf")" = 2 ] ||
  { echo "deploy/nginx/shopfloor.conf: the two 'loadtest: node' lines were not found" >&2; exit 1; }
cat >"$WORK/nginx/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
worker_rlimit_nofile 65536;
events { worker_connections 30000; }
http {
  access_log off;
  client_body_temp_path $WORK/nginx/tmp/body;
  proxy_temp_path $WORK/nginx/tmp/proxy;
  fastcgi_temp_path $WORK/nginx/tmp/fastcgi;
  uwsgi_temp_path $WORK/nginx/tmp/uwsgi;
  scgi_temp_path $WORK/nginx/tmp/scgi;
  include $WORK/nginx/shopfloor.conf;
}
EOF
nginx -t -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -e "$WORK/nginx/error.log" 2>&1 | grep -v 'successful\|syntax is ok' || true
nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -e "$WORK/nginx/error.log" &
NGINX_PID=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$LB_PORT/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "http://127.0.0.1:$LB_PORT/readyz" >/dev/null || { cat "$WORK/nginx/error.log"; echo "nginx did not start" >&2; exit 1; }
stamp "nginx on $LB_PORT in front of both"

ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
# The generator kills and restarts node 1 itself: it runs scripts/loadtest/node.sh with these.
export LOADTEST_NODE_PIDS="${NODE_PIDS[*]}" LOADTEST_NODE_PORTS="${NODE_PORTS[*]}" LOADTEST_BIN=$BIN LOADTEST_WORK=$WORK
set +e
node scripts/loadtest/generator.mjs "http://127.0.0.1:$LB_PORT" "$PG_URL"
STATUS=$?
set -e
# Lock waits over LOADTEST_LOCK_WAIT_MS (100 ms) during the run, by lock and waiting statement (the seed's
# are before the generator's "people ready" line and are few); the whole log is kept with LOADTEST_KEEP=1.
PGLOG=$WORK/pg/postgres.log
cp "$PGLOG" "$WORK/postgres.log" 2>/dev/null || true
if grep -q 'still waiting for' "$PGLOG" 2>/dev/null; then
  echo "PostgreSQL lock waits over ${LOADTEST_LOCK_WAIT_MS:-100} ms (count | lock | statement):"
  # "ShareLock on transaction N" + the CONTEXT's relation ("tuple in rewards"); "object 0 of class 1262" is the
  # database-wide lock NOTIFY takes at commit.
  awk '/still waiting for/ { w = $0; sub(/.*still waiting for /, "", w); sub(/ after [0-9.]+ ms.*/, "", w); gsub(/[0-9]+/, "N", w); waiting = 1; next }
       waiting && /CONTEXT:.*in relation/ { r = $0; sub(/.*in relation /, "", r); w = w " (" r ")"; next }
       waiting && /STATEMENT:/ { st = $0; sub(/.*STATEMENT: +/, "", st); print w " | " substr(st, 1, 100); waiting = 0 }' "$PGLOG" |
    sort | uniq -c | sort -rn | head -12
fi
# The restarted node's pid (written by the generator) so that cleanup stops it too.
[ -f "$WORK/restarted.pid" ] && NODE_PIDS[1]=$(cat "$WORK/restarted.pid")
if grep -q ' 5[0-9][0-9] ' "$WORK"/node*.log 2>/dev/null; then echo "server 5xx lines:"; grep ' 5[0-9][0-9] ' "$WORK"/node*.log | head -20; fi
grep -i -E 'error|fatal' "$WORK"/node*.log | grep -v -i 'warn' | head -10 || true
exit $STATUS
