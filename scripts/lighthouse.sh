#!/usr/bin/env bash
# Lighthouse mobile on the staff app (issue 29): starts a demo server as the e2e suite does (a temp DATA_DIR,
# migrate, seed --demo, serve web/dist on a free loopback port), then runs scripts/bench/lighthouse/run.mjs:
# Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown) on /main, /learning, /stores, /club, the
# profile (/p/<id>), /login and Home's return visit, signed in as S1001, LIGHTHOUSE_RUNS times each (default
# 3), and prints the table of medians. Builds the server and the web app first when their sources are newer.
#   make lighthouse                       (make bench runs it too)
#   LIGHTHOUSE_RUNS=1 LIGHTHOUSE_PAGES=/main,/login scripts/lighthouse.sh
#   LIGHTHOUSE_JSON=/tmp/lh.json scripts/lighthouse.sh      (every run's figures as JSON)
#   LIGHTHOUSE_REPORTS=/tmp/lhr scripts/lighthouse.sh       (every run's whole Lighthouse report, to read its audits)
#   LIGHTHOUSE_WEB_DIR=/tmp/old-dist scripts/lighthouse.sh  (serve another build, e.g. a "before"; no web build)
# Then (unless LIGHTHOUSE_PAGES leaves out the return visit) return-visit.mjs times Home's real content on a return
# visit over slow 4G at 4x CPU, the goal's "under 1 s".
# The simulated throttling scales with the CPU Lighthouse measures: take figures on a quiet machine (the table's
# heading prints the load average).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
. scripts/lib/free-port.sh

BUILD_DIR=${BUILD_DIR:-build/server}
BIN=${SHOPFLOOR_BIN:-$ROOT/$BUILD_DIR/shopfloor}
RUNS=${LIGHTHOUSE_RUNS:-3}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}

if [ ! -x "$BIN" ] || [ -n "$(find server/src server/migrations server/CMakeLists.txt -newer "$BIN" -print -quit)" ]; then
  echo "building the server ..."
  cmake -S server -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  ninja -C "$BUILD_DIR" shopfloor >/dev/null
fi
WEB=${LIGHTHOUSE_WEB_DIR:-}
[ -n "$WEB" ] || { scripts/build-web.sh; WEB=$ROOT/web/dist; }
[ -d scripts/bench/lighthouse/node_modules/lighthouse ] || npm --prefix scripts/bench/lighthouse ci --silent

WORK=$(mktemp -d -t shopfloor-lighthouse-XXXXXX)
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

PORT=${LIGHTHOUSE_PORT:-$(free_port)}
ORIGIN=http://127.0.0.1:$PORT
mkdir -p "$WORK/data"
export DATABASE_URL=sqlite://./data/shopfloor.db DATA_DIR=./data WEB_DIR=$WEB PORT HOST=127.0.0.1 LOG_LEVEL=warn
(cd "$WORK" && "$BIN" migrate >/dev/null && "$BIN" seed --demo >/dev/null)
(cd "$WORK" && exec "$BIN" serve >"$WORK/server.log" 2>&1) &
SERVER_PID=$!
for _ in $(seq 200); do
  curl -fs "$ORIGIN/readyz" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; echo "the server exited" >&2; exit 1; }
  sleep 0.1
done
curl -fs "$ORIGIN/readyz" >/dev/null || { cat "$WORK/server.log"; echo "the server is not ready" >&2; exit 1; }

echo "Lighthouse mobile against $ORIGIN (demo data), $RUNS run(s) per page"
node scripts/bench/lighthouse/run.mjs "$ORIGIN" --runs "$RUNS" \
  ${LIGHTHOUSE_PAGES:+--pages "$LIGHTHOUSE_PAGES"} ${LIGHTHOUSE_JSON:+--json "$LIGHTHOUSE_JSON"} ${LIGHTHOUSE_REPORTS:+--reports "$LIGHTHOUSE_REPORTS"}
# Home's real content on a return visit (the goal's "under 1 s"), timed in the page itself.
case ",${LIGHTHOUSE_PAGES:-return}," in
  *return*) node scripts/bench/lighthouse/return-visit.mjs "$ORIGIN" "${LIGHTHOUSE_RUNS:-3}" ;;
esac
