#!/usr/bin/env bash
# Load test with wrk: builds the server if needed, starts it on SQLite with the demo seed on a free port,
# signs in as S1001, then measures GET /api/auth/session (with the session cookie) against nginx serving
# the same answer as a static file (scripts/bench/nginx.sh; prints the session/nginx ratio), and one
# static asset; then the Learning tab's GET /api/learning over `seed --bench-learning` data
# (scripts/bench/learning.mjs); then the leaderboards over `seed --bench-leaderboard` data
# (scripts/bench/leaderboard.mjs; BENCH_BOARD_STAFF staff, default 100000, and BENCH_BOARD_ENTRIES ledger
# entries, default 1000000: the 10,000,000 run of docs/PERFORMANCE.md takes minutes to seed). Then the story
# feed over 100,000 stories and 1,000,000 likes (scripts/bench/story-feed.mjs; BENCH_STORIES, default 100000), and survey results over 100,000 responses
# (scripts/bench/survey-results.mjs; BENCH_SURVEY_RESPONSES). Prints requests/s and p99 latency for each. Tunables: BENCH_THREADS (2),
# BENCH_CONNECTIONS (64), BENCH_DURATION (10s), LOG_LEVEL (info: the access log is written, as in
# production).
# The reports (issue 17) over `seed --bench-reports` (100,000 staff, a year of rollups, BENCH_REPORT_EVENTS raw
# telemetry events, default 5,000,000; the 50,000,000 run of docs/PERFORMANCE.md takes longer to seed): every
# report over 30, 90 and 366 days (scripts/bench/reports.mjs) and telemetry ingestion from 1,000 people at once.
# BENCH=reports runs only those (make bench BENCH=reports); BENCH=session runs only the session check against nginx and the
# WebSockets one process holds (BENCH_WEBSOCKETS, default 10,000); BENCH_REPORT_STAFF (100000), BENCH_REPORT_DAYS (366),
# BENCH_REPORT_RUNS (10).
# The search index over 100,000 documents on SQLite and PostgreSQL (scripts/bench/search.sh; BENCH_SEARCH_ITEMS).
# Last, Lighthouse mobile on the staff app (scripts/lighthouse.sh, make lighthouse: its own demo server);
# BENCH=lighthouse runs only that.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
. scripts/lib/free-port.sh

BUILD_DIR=${BUILD_DIR:-build/server}
BIN=${SHOPFLOOR_BIN:-$ROOT/$BUILD_DIR/shopfloor}
THREADS=${BENCH_THREADS:-2}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
DURATION=${BENCH_DURATION:-10s}
ONLY=${BENCH:-all}
[ "$ONLY" = lighthouse ] && exec scripts/lighthouse.sh
# Web Push (issue 30): BENCH=push runs only scripts/bench/push-broadcast.mjs (its own server and push service).
[ "$ONLY" = push ] && SHOPFLOOR_BIN="$BIN" exec node scripts/bench/push-broadcast.mjs "${BENCH_PUSH_PEOPLE:-10000}"
# The whole-company publish (issue 33): BENCH=audience runs only scripts/bench/audience-publish.mjs (a course
# assigned to, then a broadcast sent to, BENCH_AUDIENCE_STAFF staff, default 100000; PostgreSQL with
# TEST_DATABASE_URL).
[ "$ONLY" = audience ] && SHOPFLOOR_BIN="$BIN" exec node scripts/bench/audience-publish.mjs "${BENCH_AUDIENCE_STAFF:-100000}"
# Issue 33's five figures against their goals (the session check, 10,000 sockets, the Learning tab on both
# databases, the deep rank at 10 M entries, the whole-company publish): BENCH=scale runs scripts/bench/scale.sh.
[ "$ONLY" = scale ] && SHOPFLOOR_BIN="$BIN" exec scripts/bench/scale.sh
# The daily drill (issue 32): BENCH=drill runs only scripts/bench/drill.sh (SQLite and PostgreSQL).
[ "$ONLY" = drill ] && exec scripts/bench/drill.sh "$BIN"
# The Knowledge report (issue 32): BENCH=knowledge runs only scripts/bench/knowledge.sh (SQLite and PostgreSQL).
[ "$ONLY" = knowledge ] && exec scripts/bench/knowledge.sh "$BIN"
others() { [ "$ONLY" = all ]; } # the benches other than the reports
REPORT_EVENTS=${BENCH_REPORT_EVENTS:-5000000}
REPORT_STAFF=${BENCH_REPORT_STAFF:-100000} # in 1,000 stores; fewer for a quick try
REPORT_DAYS=${BENCH_REPORT_DAYS:-366} # of rollups (SQLite writes them in one transaction: a year needs ~40 GB free)

export PATH=$PATH:/usr/sbin # Debian puts nginx in /usr/sbin
{ command -v wrk && command -v nginx; } >/dev/null || scripts/install-deps.sh
if [ ! -x "$BIN" ] || [ -n "$(find server/src server/migrations server/CMakeLists.txt -newer "$BIN" -print -quit)" ]; then
  echo "building the server ..."
  cmake -S server -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  ninja -C "$BUILD_DIR" shopfloor >/dev/null
fi

WORK=$(mktemp -d -t shopfloor-bench-XXXXXX)
SERVER_PID=""
NGINX_PID=""
cleanup() {
  if [ -n "$NGINX_PID" ]; then kill -QUIT "$NGINX_PID" 2>/dev/null || true; wait "$NGINX_PID" 2>/dev/null || true; fi
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  if [ -n "${PG_SERVER_PID:-}" ]; then kill -KILL "$PG_SERVER_PID" 2>/dev/null || true; fi
  if [ -d "$WORK/pg" ]; then scripts/test-postgres.sh stop "$WORK/pg" >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# The static asset: the largest JS file of web/dist/assets, else a generated 20 KB file.
if compgen -G "web/dist/assets/*.js" >/dev/null; then
  WEB_DIR=$ROOT/web/dist
  # sed, not head: head would close the pipe early and, under pipefail, ls's SIGPIPE would end the script.
  ASSET=/assets/$(cd web/dist/assets && ls -S -- *.js | sed -n 1p)
else
  WEB_DIR=$WORK/web
  mkdir -p "$WEB_DIR/assets"
  echo '<!doctype html><title>bench</title>' >"$WEB_DIR/index.html"
  head -c 16000 /dev/urandom | base64 -w 100 | head -c 20480 >"$WEB_DIR/assets/bench-20kb.js"
  ASSET=/assets/bench-20kb.js
  brotli -q 11 -k "$WEB_DIR$ASSET"
fi
ASSET_BYTES=$(stat -c %s "$WEB_DIR$ASSET")

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null ||
  free_port)
ORIGIN=http://127.0.0.1:$PORT
mkdir -p "$WORK/data"
# Telemetry per-user budgets off: the ingestion figure measures the pipeline, not one person's allowance.
export DATABASE_URL=sqlite://./data/shopfloor.db DATA_DIR=./data WEB_DIR PORT HOST=127.0.0.1 LOG_LEVEL=${LOG_LEVEL:-info}
export TELEMETRY_USER_BURST=0 TELEMETRY_USER_PER_MIN=0
(cd "$WORK" && LOG_LEVEL=warn "$BIN" migrate >/dev/null && LOG_LEVEL=warn "$BIN" seed --demo >/dev/null)
# The Learning tab's data: 10,000 staff and 1,000 published items with audiences, in one transaction.
if others; then
(cd "$WORK" && LOG_LEVEL=warn "$BIN" seed --bench-learning) | sed 's/^/    /'
# The leaderboards' data: staff in 1,000 stores and their ledger, written in SQL in one transaction.
BOARD_STAFF=${BENCH_BOARD_STAFF:-100000}
BOARD_ENTRIES=${BENCH_BOARD_ENTRIES:-1000000}
(cd "$WORK" && LOG_LEVEL=warn "$BIN" seed --bench-leaderboard --board-staff "$BOARD_STAFF" --board-entries "$BOARD_ENTRIES") | sed 's/^/    /'
fi
# The reports' data: 100,000 staff in 1,000 stores, a year of rollups and the raw telemetry, each step timed.
[ "$ONLY" = session ] ||
  (cd "$WORK" && LOG_LEVEL=info "$BIN" seed --bench-reports --report-staff "$REPORT_STAFF" --report-days "$REPORT_DAYS" --report-events "$REPORT_EVENTS" 2>&1) | sed 's/^/    /'
(cd "$WORK" && exec "$BIN" serve >"$WORK/server.log" 2>&1) &
SERVER_PID=$!
for _ in $(seq 200); do
  curl -fs "$ORIGIN/readyz" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; echo "the server exited" >&2; exit 1; }
  sleep 0.1
done
curl -fs "$ORIGIN/readyz" >/dev/null || { cat "$WORK/server.log"; echo "the server is not ready" >&2; exit 1; }

# sign_in ORIGIN IDENTIFIER JAR: callback/credentials with json=true; sets SIGNED_TOKEN (the session),
# SIGNED_COOKIE (session + CSRF cookies) and SIGNED_CSRF (the token the server renewed at sign-in: the one
# from before it is no longer valid for writes).
sign_in() {
  local csrf csrf_cookie
  csrf=$(curl -fs -c "$3" "$1/api/auth/csrf" | sed -E 's/.*"csrfToken":"([0-9a-f]+)".*/\1/')
  curl -fs -b "$3" -c "$3" -o /dev/null \
    --data-urlencode "csrfToken=$csrf" --data-urlencode "callbackUrl=$1/main" --data-urlencode "json=true" \
    --data-urlencode "identifier=$2" --data-urlencode "password=Demo#2026" "$1/api/auth/callback/credentials"
  SIGNED_TOKEN=$(awk '$6 == "next-auth.session-token" {print $7}' "$3")
  [ -n "$SIGNED_TOKEN" ] || { echo "sign-in as $2 failed: no session cookie" >&2; exit 1; }
  csrf_cookie=$(awk '$6 == "next-auth.csrf-token" {print $7}' "$3")
  SIGNED_COOKIE="next-auth.session-token=$SIGNED_TOKEN; next-auth.csrf-token=$csrf_cookie"
  SIGNED_CSRF=${csrf_cookie%%%7C*}
}

sign_in "$ORIGIN" S1001 "$WORK/cookies.txt"
TOKEN=$SIGNED_TOKEN CSRF=$SIGNED_CSRF FULL_COOKIE=$SIGNED_COOKIE
COOKIE="next-auth.session-token=$TOKEN"
curl -fs -H "Cookie: $COOKIE" "$ORIGIN/api/auth/session" | grep -q '"user"' || {
  echo "the session cookie does not give a session" >&2
  exit 1
}

# cpu_ticks PID... → user+system clock ticks the processes have used so far (/proc/PID/stat fields 14, 15).
cpu_ticks() { local t=0 p; for p in "$@"; do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; }
# run_wrk NAME PATH [header] → appends "NAME|req/s|p99|errors" to $WORK/results. With CPU_PIDS set, also
# sets CPU_US: the CPU time those processes spent per request, in microseconds (on a shared machine wrk's
# requests/s moves with the load; the CPU a server spends on one request does much less).
run_wrk() {
  local name=$1 path=$2 out ticks
  shift 2
  echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency $* $ORIGIN$path"
  [ -z "${CPU_PIDS:-}" ] || ticks=$(cpu_ticks $CPU_PIDS)
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$@" "$ORIGIN$path")
  [ -z "${CPU_PIDS:-}" ] || CPU_US=$(awk -v t=$(($(cpu_ticks $CPU_PIDS) - ticks)) -v hz="$(getconf CLK_TCK)" \
    '/requests in/ { printf "%.1f", t * 1e6 / hz / $1 }' <<<"$out")
  echo "$out" | sed 's/^/    /'
  local rps p99 errors non2xx
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(grep -E 'Socket errors' <<<"$out" | sed -E 's/.*Socket errors: //' || true)
  non2xx=$(awk '/Non-2xx or 3xx responses:/ {print $5}' <<<"$out")
  echo "$name|$rps|$p99|${non2xx:-0}|${errors:-none}" >>"$WORK/results"
}

if others || [ "$ONLY" = session ]; then
# The reference: nginx serving the same session answer as a static file, measured right before ours.
SESSION_BODY=$(curl -fs -H "Cookie: $COOKIE" "$ORIGIN/api/auth/session")
chmod 755 "$WORK" # nginx workers drop root to nobody and read the file through this directory
NGINX_PORT=$(free_port)
scripts/bench/nginx.sh "$WORK/nginx" "$NGINX_PORT" "$SESSION_BODY" &
NGINX_PID=$!
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$NGINX_PORT/session.json" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "http://127.0.0.1:$NGINX_PORT/session.json" | grep -q '"user"' || {
  cat "$WORK/nginx/error.log" 2>/dev/null; echo "nginx did not start" >&2; exit 1
}

echo ""
ORIGIN_APP=$ORIGIN
ORIGIN=http://127.0.0.1:$NGINX_PORT
CPU_PIDS=$(pgrep -P "$(cat "$WORK/nginx/nginx.pid")" | tr '\n' ' ') # the workers
run_wrk "nginx: static session.json (${#SESSION_BODY} bytes)" /session.json -H "Cookie: $COOKIE"
NGINX_CPU_US=$CPU_US
ORIGIN=$ORIGIN_APP
CPU_PIDS=$SERVER_PID
run_wrk "GET /api/auth/session (signed in)" /api/auth/session -H "Cookie: $COOKIE"
SESSION_CPU_US=$CPU_US
CPU_PIDS=""
kill -QUIT "$NGINX_PID" 2>/dev/null || true
wait "$NGINX_PID" 2>/dev/null || true
NGINX_PID=""
NGINX_RPS=$(awk -F'|' 'NR == 1 {print $2}' "$WORK/results")
SESSION_RPS=$(awk -F'|' 'NR == 2 {print $2}' "$WORK/results")
RATIO=$(awk -v a="$SESSION_RPS" -v b="$NGINX_RPS" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "n/a" }')
echo "session/nginx ratio: $RATIO"
CPU_RATIO=$(awk -v a="$SESSION_CPU_US" -v b="$NGINX_CPU_US" 'BEGIN { if (a > 0) printf "%.2fx", b / a; else print "n/a" }')
CPU_LINE="CPU per request: session $SESSION_CPU_US us, nginx $NGINX_CPU_US us (nginx/session: $CPU_RATIO)"
echo "$CPU_LINE"
run_wrk "GET $ASSET ($ASSET_BYTES bytes)" "$ASSET"
if [ -f "$WEB_DIR$ASSET.br" ]; then
  run_wrk "  same, Accept-Encoding: br ($(stat -c %s "$WEB_DIR$ASSET.br") bytes)" "$ASSET" -H "Accept-Encoding: br"
fi

fi
# Telemetry ingestion (events/s through POST /api/telemetry in batches of 50) and realtime capacity
# (concurrent WebSockets one process holds, memory per connection). Node clients in scripts/bench/.
[ -d server/tests/integration/node_modules/ws ] || npm --prefix server/tests/integration ci --silent
# realtime_capacity: WebSockets one process holds (BENCH_WEBSOCKETS, default 10,000) and its memory.
realtime_capacity() {
  local count=${BENCH_WEBSOCKETS:-10000}
  echo "realtime: opening $count WebSockets to one process"
  WS_OUT=$(node scripts/bench/realtime-connections.mjs "$ORIGIN" "$COOKIE" "$SERVER_PID" "$count")
  echo "    $WS_OUT"
}
# BENCH=session: one node's own figures only (issue 33): the session check against nginx, and the sockets held.
if [ "$ONLY" = session ]; then
  realtime_capacity
  echo ""
  echo "Shopfloor bench (session): $(date -u +%F), load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
  while IFS='|' read -r name rps p99 non2xx errors; do
    printf '%-48s %12s %10s %8s\n' "$name" "$rps" "$p99" "$non2xx"
  done <"$WORK/results"
  echo "session/nginx ratio: $RATIO (goal >= 1.0x)"
  echo "$CPU_LINE"
  echo "realtime WebSockets held by one process (goal: 10,000 under 300 MB): $WS_OUT"
  exit 0
fi
ingest() { # NAME ORIGIN COOKIE CSRF
  local out
  out=$(node scripts/bench/telemetry-ingest.mjs "$2" "$3" "$4" "${BENCH_SECONDS:-10}" 16 50)
  echo "    $out"
  echo "$1|$(sed -E 's/.*"eventsPerSecond":([0-9]+).*/\1 events/' <<<"$out")|$(sed -E 's/.*"p99Ms":([0-9.]+).*/\1ms/' <<<"$out")|$(sed -E 's/.*"errors":([0-9]+).*/\1/' <<<"$out")|none" >>"$WORK/results"
}
echo ""
echo "telemetry ingestion on SQLite: 16 clients posting batches of 50 click events"
ingest "POST /api/telemetry (SQLite, 50/batch)" "$ORIGIN" "$FULL_COOKIE" "$CSRF"
if others; then
realtime_capacity

# The Learning tab's main call, signed in as one of the 10,000 bench staff (scripts/bench/learning.mjs).
echo ""
echo "Learning tab: GET /api/learning, 1,000 published items, 10,000 users, 32 keep-alive clients"
LEARN_OUT=$(node scripts/bench/learning.mjs "$ORIGIN" BENCH00001 'Bench#2026' "${BENCH_SECONDS:-10}" 32)
echo "    $LEARN_OUT"
echo "GET /api/learning (1,000 items, 10,000 users)|$(sed -E 's/.*"requestsPerSecond":([0-9]+).*/\1/' <<<"$LEARN_OUT")|$(sed -E 's/.*"p99Ms":([0-9.]+).*/\1ms/' <<<"$LEARN_OUT")|$(sed -E 's/.*"errors":([0-9]+).*/\1/' <<<"$LEARN_OUT")|none" >>"$WORK/results"

# The leaderboards: every board (people by store, region, everyone; stores by region, all; × week, month, all
# time) as LB000001, whose rank is deep in each (scripts/bench/leaderboard.mjs).
board() { # NAME ORIGIN
  local out
  out=$(node scripts/bench/leaderboard.mjs "$2" LB000001 'Bench#2026' "${BENCH_SECONDS:-10}" 8)
  echo "    $out"
  echo "$1|$(sed -E 's/.*"requestsPerSecond":([0-9]+).*/\1/' <<<"$out")|$(sed -E 's/^\{[^{]*"p99Ms":([0-9.]+).*/\1ms/' <<<"$out")|$(sed -E 's/.*"errors":([0-9]+).*/\1/' <<<"$out")|none" >>"$WORK/results"
  BOARD_OUT="${BOARD_OUT:+$BOARD_OUT; }$1: $(sed -E 's/^\{("requestsPerSecond":[0-9]+,"p50Ms":[0-9.]+,"p99Ms":[0-9.]+,"errors":[0-9]+).*/\1/' <<<"$out")"
}
echo ""
echo "leaderboards on SQLite: $BOARD_STAFF staff, $BOARD_ENTRIES ledger entries, 8 keep-alive clients"
board "GET /api/leaderboards* (SQLite)" "$ORIGIN"

# Optimised images: sign in as the admin (uploads are editor+) and run scripts/bench/image-variants.mjs.
sign_in "$ORIGIN" ADMIN01 "$WORK/admin-cookies.txt"
ADMIN_COOKIE=$SIGNED_COOKIE ADMIN_CSRF=$SIGNED_CSRF
echo "optimised images: 3000x2000 PNG source"
IMAGE_OUT=$(node scripts/bench/image-variants.mjs "$ORIGIN" "$ADMIN_COOKIE" "$ADMIN_CSRF")
echo "    $IMAGE_OUT"
echo "database reads while six people sign in at once"
echo "    $(node scripts/bench/signin-burst.mjs "$ORIGIN" "$ADMIN_COOKIE")"

# The members club: 100 bench staff redeeming one reward at once (scripts/bench/redeem-contention.mjs).
contention() { # NAME ORIGIN ADMIN_COOKIE ADMIN_CSRF
  local out
  out=$(node scripts/bench/redeem-contention.mjs "$2" "$3" "$4" "${BENCH_SECONDS:-10}" 100)
  echo "    $out"
  echo "$1|$(sed -E 's/.*"redemptionsPerSecond":([0-9]+).*/\1 redemptions/' <<<"$out")|$(sed -E 's/.*"p99Ms":([0-9.]+).*/\1ms/' <<<"$out")|$(sed -E 's/.*"errors":([0-9]+).*/\1/' <<<"$out")|none" >>"$WORK/results"
  CONTENTION_OUT="${CONTENTION_OUT:+$CONTENTION_OUT; }$1: $out"
}
echo "members club: 100 people redeeming one reward at once (SQLite)"
contention "POST redeem, 100-way on one reward (SQLite)" "$ORIGIN" "$ADMIN_COOKIE" "$ADMIN_CSRF"

# Events (issue 13): 1,000 simultaneous RSVPs for a 300-place event (scripts/bench/rsvp-contention.mjs; exits
# non-zero unless exactly 300 go and 700 wait in order 1..700).
rsvp() { # NAME ORIGIN ADMIN_COOKIE ADMIN_CSRF DATABASE
  local out
  out=$(node scripts/bench/rsvp-contention.mjs "$2" "$3" "$4" "$5" 1000 300)
  echo "    $out"
  echo "$1|$(sed -E 's/.*"rsvpsPerSecond":([0-9]+).*/\1 RSVPs/' <<<"$out")|$(sed -E 's/.*"p99Ms":([0-9.]+).*/\1ms/' <<<"$out")|$(sed -E 's/.*"errors":([0-9]+).*/\1/' <<<"$out")|none" >>"$WORK/results"
}
echo "events: 1,000 simultaneous RSVPs for 300 places (SQLite)"
rsvp "POST rsvp, 1,000 at once for 300 places (SQLite)" "$ORIGIN" "$ADMIN_COOKIE" "$ADMIN_CSRF" "$WORK/data/shopfloor.db"

# Games (issue 14): a live quiz with 300 phones on one node (scripts/bench/live-quiz.mjs; exits non-zero unless
# every answer is scored and every phone gets its result). The figure: question's end → last result out.
livequiz() { # NAME ORIGIN ADMIN_COOKIE ADMIN_CSRF DATABASE
  local out
  out=$(node scripts/bench/live-quiz.mjs "$2" "$3" "$4" "$5" 300)
  echo "    $out"
  echo "$1|300 players|$(sed -E 's/.*"worstOutMs":([0-9.]+).*/\1ms to the last result/' <<<"$out")|$(sed -E 's/.*"errors":([0-9]+).*/\1/' <<<"$out")|none" >>"$WORK/results"
}
echo "games: a live quiz with 300 players (SQLite)"
livequiz "live quiz, 300 players, question end → results out (SQLite)" "$ORIGIN" "$ADMIN_COOKIE" "$ADMIN_CSRF" "$WORK/data/shopfloor.db"

# Success stories (issue 15): the feed over 100,000 stories and 1,000,000 likes written straight into the
# database (scripts/bench/story-feed.mjs; sequential requests, p50/p99 of the first page, the next pages by
# cursor, one store's and one region's page; exits non-zero unless every p99 is under 50 ms).
storyfeed() { # NAME ORIGIN COOKIE DATABASE
  local out
  out=$(node scripts/bench/story-feed.mjs "$2" "$3" "$4" "${BENCH_STORIES:-100000}" 10 200)
  echo "    $out"
  echo "$1|$(sed -E 's/.*"first":\{"p50Ms":([0-9.]+).*/p50 \1ms/' <<<"$out")|$(sed -E 's/.*"first":\{"p50Ms":[0-9.]+,"p99Ms":([0-9.]+).*/\1ms/' <<<"$out")|0|none" >>"$WORK/results"
  STORY_OUT="${STORY_OUT:-}${STORY_OUT:+; }$out"
}
echo "success stories: the feed over 100,000 stories and 1,000,000 likes (SQLite)"
storyfeed "GET /api/stories (100k stories, 1M likes, SQLite)" "$ORIGIN" "$COOKIE" "$WORK/data/shopfloor.db"
# Messages (issue 15): a broadcast to 10,000 people, BENCH_BROADCAST_SOCKETS (5,000) of them with an open
# WebSocket (scripts/bench/broadcast.mjs; exits non-zero unless every row is written and every socket has it
# within 2 s). The figures: the send request (rows stored) and send → last socket.
broadcast() { # NAME ORIGIN ADMIN_COOKIE ADMIN_CSRF DATABASE
  local out
  out=$(node scripts/bench/broadcast.mjs "$2" "$3" "$4" "$5" 10000 "${BENCH_BROADCAST_SOCKETS:-5000}")
  echo "    $out"
  echo "$1|$(sed -E 's/.*"sockets":([0-9]+).*/\1 sockets/' <<<"$out")|$(sed -E 's/.*"storeMs":([0-9]+).*"deliverMs":([0-9]+).*/stored \1ms, delivered \2ms/' <<<"$out")|$(sed -E 's/.*"missing":([0-9]+).*/\1/' <<<"$out")|none" >>"$WORK/results"
}
echo "messages: a broadcast to 10,000 people (SQLite)"
broadcast "broadcast to 10,000, stored and on every open socket (SQLite)" "$ORIGIN" "$ADMIN_COOKIE" "$ADMIN_CSRF" "$WORK/data/shopfloor.db"

# Surveys (issue 16): results of an anonymous survey with the six kinds of question and 100,000 responses
# written straight into the database (scripts/bench/survey-results.mjs; sequential requests, p50/p99 of the
# whole survey, by store and by region; exits non-zero unless every p99 is under 1 s).
surveyresults() { # NAME ORIGIN ADMIN_COOKIE DATABASE
  local out
  out=$(node scripts/bench/survey-results.mjs "$2" "$3" "$4" "${BENCH_SURVEY_RESPONSES:-100000}" 20)
  echo "    $out"
  echo "$1|$(sed -E 's/.*"all":\{"p50Ms":([0-9.]+).*"store":\{"p50Ms":([0-9.]+).*/p50 \1ms, by store \2ms/' <<<"$out")|$(sed -E 's/.*"store":\{"p50Ms":[0-9.]+,"p99Ms":([0-9.]+).*/\1ms/' <<<"$out")|0|none" >>"$WORK/results"
}
echo "surveys: results of 100,000 responses (SQLite)"
surveyresults "GET survey results, 100k responses (SQLite)" "$ORIGIN" "$ADMIN_COOKIE" "$WORK/data/shopfloor.db"

fi

# The reports (issue 17): every report, range and filter as an admin (scripts/bench/reports.mjs), then telemetry
# ingestion from 1,000 people (each flush counts hundreds of people seen in the rollups).
reports() { # NAME ORIGIN ADMIN_COOKIE DATABASE
  local out
  out=$(node scripts/bench/reports.mjs "$2" "$3" "${BENCH_REPORT_RUNS:-10}")
  echo "    $out"
  REPORTS_OUT="${REPORTS_OUT:-}${REPORTS_OUT:+; }$1: $out"
  out=$(node scripts/bench/telemetry-ingest.mjs "$2" "" "" "${BENCH_SECONDS:-10}" 16 50 "$4" 1000)
  echo "    $out"
  echo "POST /api/telemetry, 1,000 people ($1)|$(sed -E 's/.*"eventsPerSecond":([0-9]+).*/\1 events/' <<<"$out")|$(sed -E 's/.*"p99Ms":([0-9.]+).*/\1ms/' <<<"$out")|$(sed -E 's/.*"errors":([0-9]+).*/\1/' <<<"$out")|none" >>"$WORK/results"
}
# `shopfloor backup` (issue 34) of the bench data while the server serves it: wall time and archive size.
backup() { # NAME DATABASE_URL
  local archive="$WORK/backup-$1.tar" started out
  started=$(date +%s.%N)
  out=$(cd "$WORK" && DATABASE_URL=$2 LOG_LEVEL=warn "$BIN" backup "$archive" 2>&1) || { echo "    backup failed: $out"; return; }
  out="$(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f s", e - s }'), $(du -m "$archive" | cut -f1) MB"
  echo "    $1: $out"
  BACKUP_OUT="${BACKUP_OUT:-}${BACKUP_OUT:+; }$1 $out"
  rm -f "$archive"
}
sign_in "$ORIGIN" ADMIN01 "$WORK/reports-cookies.txt"
echo "reports over $REPORT_EVENTS telemetry events and a year of rollups (SQLite)"
reports SQLite "$ORIGIN" "$SIGNED_COOKIE" "$WORK/data/shopfloor.db"
echo "backup of the bench data while serving (SQLite)"
backup SQLite "sqlite://./data/shopfloor.db"

# The same ingestion against PostgreSQL: a throwaway cluster and a second server process.
PG_SERVER_PID=""
chmod 755 "$WORK" # the throwaway cluster runs as the postgres user
if [ -x scripts/test-postgres.sh ] && PG_URL=$(scripts/test-postgres.sh start "$WORK/pg" 2>"$WORK/pg.log"); then
  PG_PORT=$(free_port)
  PG_ORIGIN=http://127.0.0.1:$PG_PORT
  (cd "$WORK" && DATABASE_URL=$PG_URL PORT=$PG_PORT LOG_LEVEL=warn "$BIN" migrate >/dev/null && DATABASE_URL=$PG_URL LOG_LEVEL=warn "$BIN" seed --demo >/dev/null)
  if others; then (cd "$WORK" && DATABASE_URL=$PG_URL LOG_LEVEL=warn "$BIN" seed --bench-learning --bench-users 100 --bench-items 10 >/dev/null &&
    DATABASE_URL=$PG_URL LOG_LEVEL=warn "$BIN" seed --bench-leaderboard --board-staff "$BOARD_STAFF" --board-entries "$BOARD_ENTRIES" | sed 's/^/    /'); fi
  (cd "$WORK" && DATABASE_URL=$PG_URL LOG_LEVEL=info "$BIN" seed --bench-reports --report-staff "$REPORT_STAFF" --report-days "$REPORT_DAYS" --report-events "$REPORT_EVENTS" 2>&1) | sed 's/^/    /'
  # What autovacuum would do after a bulk load: the visibility map lets the rank counts use index-only scans.
  psql "$PG_URL" -qc 'VACUUM ANALYZE' >/dev/null
  (cd "$WORK" && DATABASE_URL=$PG_URL PORT=$PG_PORT exec "$BIN" serve >"$WORK/server-pg.log" 2>&1) &
  PG_SERVER_PID=$!
  # Up to 2 minutes: over 100,000 staff the start indexes what the search lacks (a run at load 5 took over 20 s).
  for _ in $(seq 1200); do curl -fs "$PG_ORIGIN/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
  sign_in "$PG_ORIGIN" S1001 "$WORK/pg-cookies.txt"
  PG_COOKIE=$SIGNED_COOKIE PG_CSRF=$SIGNED_CSRF
  echo "telemetry ingestion on PostgreSQL"
  ingest "POST /api/telemetry (PostgreSQL, 50/batch)" "$PG_ORIGIN" "$PG_COOKIE" "$PG_CSRF"
  sign_in "$PG_ORIGIN" ADMIN01 "$WORK/pg-admin-cookies.txt"
  PG_ADMIN_COOKIE=$SIGNED_COOKIE PG_ADMIN_CSRF=$SIGNED_CSRF
  if others; then
  echo "leaderboards on PostgreSQL"
  board "GET /api/leaderboards* (PostgreSQL)" "$PG_ORIGIN"
  echo "members club: 100 people redeeming one reward at once (PostgreSQL)"
  contention "POST redeem, 100-way on one reward (PostgreSQL)" "$PG_ORIGIN" "$PG_ADMIN_COOKIE" "$PG_ADMIN_CSRF"
  echo "events: 1,000 simultaneous RSVPs for 300 places (PostgreSQL)"
  rsvp "POST rsvp, 1,000 at once for 300 places (PostgreSQL)" "$PG_ORIGIN" "$PG_ADMIN_COOKIE" "$PG_ADMIN_CSRF" "$PG_URL"
  echo "games: a live quiz with 300 players (PostgreSQL)"
  livequiz "live quiz, 300 players, question end → results out (PostgreSQL)" "$PG_ORIGIN" "$PG_ADMIN_COOKIE" "$PG_ADMIN_CSRF" "$PG_URL"
  echo "success stories: the feed over 100,000 stories and 1,000,000 likes (PostgreSQL)"
  storyfeed "GET /api/stories (100k stories, 1M likes, PostgreSQL)" "$PG_ORIGIN" "$PG_COOKIE" "$PG_URL"
  echo "messages: a broadcast to 10,000 people (PostgreSQL)"
  broadcast "broadcast to 10,000, stored and on every open socket (PostgreSQL)" "$PG_ORIGIN" "$PG_ADMIN_COOKIE" "$PG_ADMIN_CSRF" "$PG_URL"
  echo "surveys: results of 100,000 responses (PostgreSQL)"
  surveyresults "GET survey results, 100k responses (PostgreSQL)" "$PG_ORIGIN" "$PG_ADMIN_COOKIE" "$PG_URL"
  fi
  echo "reports over $REPORT_EVENTS telemetry events and a year of rollups (PostgreSQL)"
  reports PostgreSQL "$PG_ORIGIN" "$PG_ADMIN_COOKIE" "$PG_URL"
  echo "backup of the bench data while serving (PostgreSQL)"
  backup PostgreSQL "$PG_URL"
  kill -TERM "$PG_SERVER_PID" 2>/dev/null; wait "$PG_SERVER_PID" 2>/dev/null || true
  scripts/test-postgres.sh stop "$WORK/pg" >/dev/null 2>&1 || true
else
  echo "PostgreSQL could not start: skipping the PostgreSQL ingestion figure"; cat "$WORK/pg.log" 2>/dev/null || true
fi

# The search index: 100,000 documents on SQLite and PostgreSQL (scripts/bench/search.sh).
if others; then
  echo "search: 100,000 indexed items, index updates and two-word Thai queries (SQLite, PostgreSQL)"
  SEARCH_OUT=$(scripts/bench/search.sh "$BIN" | tr '\n' ' ')
fi

# The daily drill: today's drill for one person with 5,000 question states (scripts/bench/drill.sh).
if others; then
  echo "daily drill: today's drill for one person with 5,000 question states (SQLite, PostgreSQL)"
  DRILL_OUT=$(scripts/bench/drill.sh "$BIN" | tr '\n' ' ')
fi

# The Knowledge report over 1,000,000 drill memory states (scripts/bench/knowledge.sh).
if others; then
  echo "knowledge report: 10,000 staff x 100 drilled questions (SQLite, PostgreSQL)"
  KNOWLEDGE_OUT=$(scripts/bench/knowledge.sh "$BIN" | tr '\n' ' ')
fi

# Web Push: 10,000 subscribed people pushed at once, GET /api/home read meanwhile (scripts/bench/push-broadcast.mjs).
if others; then
  echo "web push: 10,000 pushes queued at once, drained by the senders while GET /api/home is read (SQLite)"
  PUSH_OUT=$(SHOPFLOOR_BIN="$BIN" node scripts/bench/push-broadcast.mjs "${BENCH_PUSH_PEOPLE:-10000}")
fi

echo ""
echo "Shopfloor bench: $(date -u +%F), load average $(cut -d' ' -f1-3 /proc/loadavg) after the runs, $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), wrk -t$THREADS -c$CONNECTIONS -d$DURATION"
printf '%-48s %12s %10s %8s\n' "endpoint" "requests/s" "p99" "non-2xx"
while IFS='|' read -r name rps p99 non2xx errors; do
  printf '%-48s %12s %10s %8s\n' "$name" "$rps" "$p99" "$non2xx"
  [ "$errors" = none ] || echo "    socket errors: $errors"
done <"$WORK/results"
echo "reports (p50/p99 per report, range and filter, budget p99 < 1 s): ${REPORTS_OUT:-not run}"
echo "backup while serving (shopfloor backup: wall time, archive size): ${BACKUP_OUT:-not run}"
others || exit 0
echo "realtime WebSockets held by one process: $WS_OUT"
echo "optimised images (/_image): $IMAGE_OUT"
echo "learning tab (GET /api/learning): $LEARN_OUT"
echo "members club contention: ${CONTENTION_OUT:-not run}"
echo "leaderboards (p50/p99 over all 15 boards, target p99 < 50 ms): ${BOARD_OUT:-not run}"
echo "story feed (p50/p99 per kind of page, target p99 < 50 ms): ${STORY_OUT:-not run}"
echo "search (index update p99 < 5 ms, two-word Thai query p99 < 30 ms): ${SEARCH_OUT:-not run}"
echo "daily drill (today's drill, 5,000 states, target p99 < 20 ms): ${DRILL_OUT:-not run}"
echo "knowledge report (1 M states; the issue's budget < 1 s at 50 M, not met: docs/PERFORMANCE.md): ${KNOWLEDGE_OUT:-not run}"
echo "web push (10,000 pushes: drain time, GET /api/home p50/p99 idle and while draining): ${PUSH_OUT:-not run}"
echo "session/nginx ratio: $RATIO (GET /api/auth/session signed in $SESSION_RPS requests/s, nginx static $NGINX_RPS)"
echo "$CPU_LINE"
echo ""
scripts/lighthouse.sh
