#!/usr/bin/env bash
# Runs every test of Shopfloor, stage by stage, and stops at the first failing stage:
#   install-deps → clang-format check → server build (incl. unit_tests) → unit tests (ctest)
#   → web typecheck, unit tests, build (only when web/package.json exists)
#   → throwaway PostgreSQL → unit tests on PostgreSQL → integration tests on SQLite and on PostgreSQL,
#     side by side → stop PostgreSQL
#   → end-to-end tests (web)
# The last line is always "N passed, N failed": real test counts where the runner reports them
# (ctest, node --test, vitest, playwright); a stage without counts (format, build, typecheck) counts as one.
# CI=true: only a line per stage is printed, plus the tail of the log of a failing stage. Nothing is skipped.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

BUILD_DIR=${BUILD_DIR:-build/server}
export SHOPFLOOR_BIN=${SHOPFLOOR_BIN:-$ROOT/$BUILD_DIR/shopfloor}
QUIET=false
[ "${CI:-}" = "true" ] && QUIET=true

LOG_DIR=$(mktemp -d -t shopfloor-test-XXXXXX)
PG_DIR=""
PASSED=0
FAILED=0
STARTED=$SECONDS

cleanup() {
  local rc=$?
  if [ -n "$PG_DIR" ]; then
    echo "── stopping the throwaway PostgreSQL"
    scripts/test-postgres.sh stop "$PG_DIR/pg" >/dev/null 2>&1 || echo "warning: could not stop PostgreSQL in $PG_DIR" >&2
    rm -rf "$PG_DIR"
    PG_DIR=""
  fi
  rm -rf "$LOG_DIR"
  exit "$rc"
}
trap cleanup EXIT
trap 'echo "interrupted"; exit 130' INT TERM

summary() {
  echo "$PASSED passed, $FAILED failed"
}

# Counts in a stage log. Sets C_PASS and C_FAIL, or leaves them empty when the runner printed none.
count_tests() {
  local kind=$1 log=$2 text
  C_PASS="" C_FAIL="" C_SKIP=0
  text=$(sed 's/\x1b\[[0-9;]*[A-Za-z]//g' "$log")
  case $kind in
    ctest)
      # "100% tests passed, 0 tests failed out of 42" (once per ctest run)
      local line
      while read -r line; do
        local failed total
        failed=$(sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\1/' <<<"$line")
        total=$(sed -E 's/.* tests failed out of ([0-9]+).*/\1/' <<<"$line")
        C_PASS=$(( ${C_PASS:-0} + total - failed ))
        C_FAIL=$(( ${C_FAIL:-0} + failed ))
      done < <(grep -E 'tests passed, [0-9]+ tests failed out of [0-9]+' <<<"$text")
      if [ -z "$C_PASS" ] && grep -q 'No tests were found' <<<"$text"; then C_PASS=0 C_FAIL=0; fi
      # ctest counts skipped tests (GTEST_SKIP) as passed; they are listed as "NN - name (Skipped)".
      if [ -n "$C_PASS" ]; then
        C_SKIP=$(grep -cE '^[[:space:]]*[0-9]+ - .*\(Skipped\)$' <<<"$text")
        C_PASS=$((C_PASS - C_SKIP))
      fi
      ;;
    node)
      # spec reporter: "ℹ pass 12" / "ℹ fail 0" / "ℹ cancelled 0"; TAP: "# pass 12"
      local p f c
      # (a stage may hold several runs, e.g. SQLite and PostgreSQL: their summaries add up)
      p=$(grep -E '^(ℹ|#) pass [0-9]+$' <<<"$text" | awk '{s+=$3; n++} END {if (n) print s}')
      f=$(grep -E '^(ℹ|#) fail [0-9]+$' <<<"$text" | awk '{s+=$3} END {print s+0}')
      c=$(grep -E '^(ℹ|#) cancelled [0-9]+$' <<<"$text" | awk '{s+=$3} END {print s+0}')
      [ -n "$p" ] && C_PASS=$p && C_FAIL=$(( ${f:-0} + ${c:-0} ))
      C_SKIP=$(grep -E '^(ℹ|#) (skipped|todo) [0-9]+$' <<<"$text" | awk '{s+=$3} END {print s+0}')
      ;;
    vitest)
      # " Tests  1 failed | 41 passed | 2 skipped (44)"
      local line
      line=$(grep -E '^ *Tests +' <<<"$text" | tail -1)
      if [ -n "$line" ]; then
        C_PASS=$(grep -oE '[0-9]+ passed' <<<"$line" | awk '{print $1}')
        C_FAIL=$(grep -oE '[0-9]+ failed' <<<"$line" | awk '{print $1}')
        C_SKIP=$(grep -oE '[0-9]+ skipped' <<<"$line" | awk '{print $1}')
        C_PASS=${C_PASS:-0} C_FAIL=${C_FAIL:-0} C_SKIP=${C_SKIP:-0}
      fi
      ;;
    playwright)
      # "  12 passed (30.1s)", "  1 failed", "  2 flaky"
      local p f
      p=$(grep -E '^ +[0-9]+ passed' <<<"$text" | tail -1 | awk '{print $1}')
      f=$(grep -E '^ +[0-9]+ (failed|flaky|interrupted|timed out)' <<<"$text" | awk '{s+=$1} END {print s+0}')
      C_SKIP=$(grep -E '^ +[0-9]+ skipped' <<<"$text" | awk '{s+=$1} END {print s+0}')
      if [ -n "$p" ] || [ "${f:-0}" -gt 0 ]; then C_PASS=${p:-0} C_FAIL=${f:-0}; fi
      ;;
  esac
}

# stage NAME KIND TIMEOUT_SECONDS COMMAND...   KIND: check | ctest | node | vitest | playwright
stage() {
  local name=$1 kind=$2 limit=$3
  shift 3
  local log="$LOG_DIR/stage.log" start=$SECONDS rc
  if $QUIET; then
    printf '── %s ... ' "$name"
    timeout --kill-after=10 "$limit" bash -c '"$@"' "$name" "$@" </dev/null >"$log" 2>&1
    rc=$?
  else
    echo "══ $name"
    timeout --kill-after=10 "$limit" bash -c '"$@"' "$name" "$@" </dev/null 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
  fi
  local took=$((SECONDS - start))
  count_tests "$kind" "$log"
  local p=${C_PASS:-} f=${C_FAIL:-}
  if [ -z "$p" ]; then
    # No counts reported: the stage counts as one check.
    if [ $rc -eq 0 ]; then p=1 f=0; else p=0 f=1; fi
  elif [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then
    f=1 # the runner failed without a failing test (crash, timeout, build error)
  fi
  PASSED=$((PASSED + p))
  FAILED=$((FAILED + f))
  local counts=""
  if [ "$kind" != check ]; then
    counts=" ($p passed, $f failed"
    [ "${C_SKIP:-0}" -gt 0 ] && counts+=", $C_SKIP skipped"
    counts+=")"
  fi
  if [ $rc -eq 0 ]; then
    if $QUIET; then echo "ok${counts} ${took}s"; else echo "── $name: ok${counts} in ${took}s"; fi
    return 0
  fi
  $QUIET && { echo "FAILED"; echo "---- last 150 lines of the log of '$name' ----"; tail -n 150 "$log"; echo "----"; }
  [ $rc -eq 124 ] && echo "stage '$name' timed out after ${limit}s"
  echo ""
  echo "FAILED at stage: $name (exit $rc)${counts}"
  summary
  exit 1
}

have_web() { [ -f web/package.json ]; }

format_check() {
  local files
  mapfile -t files < <(find server/src server/tests -type f \
    \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' -o -name '*.cc' \) 2>/dev/null | sort)
  if [ ${#files[@]} -eq 0 ]; then
    echo "no C++ files to check"
    return 0
  fi
  echo "checking ${#files[@]} files"
  clang-format --dry-run --Werror "${files[@]}"
}

build_server() {
  cmake -S server -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo && ninja -C "$BUILD_DIR"
}

unit_tests() {
  ctest --test-dir "$BUILD_DIR" --output-on-failure --no-tests=error -j2 --timeout 120
}

# A file that takes longer than 3 minutes has hung: the longest, demo.test.mjs (the demo company's 90 days
# seeded on PostgreSQL, then every report checked), takes about 1 minute alone on the 2-core CI machine.
integration_tests() {
  local files=(server/tests/integration/*.test.mjs)
  node --test --test-reporter=spec --test-concurrency=2 --test-timeout=180000 "${files[@]}"
}

# The SQLite and the PostgreSQL runs side by side: every file starts its own server and database, and the
# runs wait on HTTP more than they compute, so together they take about two thirds of one after the other
# on the 2-core CI machine. Both logs are printed whole; the stage fails if either run fails.
integration_tests_both_databases() {
  local dir rc_sqlite rc_pg
  dir=$(mktemp -d -t shopfloor-int-XXXXXX)
  (unset TEST_DATABASE_URL && integration_tests) >"$dir/sqlite.log" 2>&1 &
  local sqlite_pid=$!
  integration_tests >"$dir/postgres.log" 2>&1 &
  local pg_pid=$!
  wait "$sqlite_pid"
  rc_sqlite=$?
  wait "$pg_pid"
  rc_pg=$?
  # A failing run is printed last, so the tail that CI shows of a failed stage is its own.
  if [ "$rc_sqlite" -ne 0 ] && [ "$rc_pg" -eq 0 ]; then
    echo "════ PostgreSQL (exit $rc_pg)" && cat "$dir/postgres.log"
    echo "════ SQLite (exit $rc_sqlite)" && cat "$dir/sqlite.log"
  else
    echo "════ SQLite (exit $rc_sqlite)" && cat "$dir/sqlite.log"
    echo "════ PostgreSQL (exit $rc_pg)" && cat "$dir/postgres.log"
  fi
  rm -rf "$dir"
  [ "$rc_sqlite" -eq 0 ] && [ "$rc_pg" -eq 0 ]
}

start_postgres() {
  if [ ! -x scripts/test-postgres.sh ]; then
    echo "scripts/test-postgres.sh is missing or not executable: the PostgreSQL stages cannot run"
    return 1
  fi
  PG_DIR=$(mktemp -d -t shopfloor-pg-XXXXXX)
  chmod 755 "$PG_DIR" # the cluster may run as the postgres user
  local out
  out=$(scripts/test-postgres.sh start "$PG_DIR/pg") || { echo "$out"; return 1; }
  echo "$out"
  TEST_DATABASE_URL=$(grep -E '^postgres(ql)?://' <<<"$out" | tail -1)
  if [ -z "$TEST_DATABASE_URL" ]; then
    echo "scripts/test-postgres.sh start printed no postgres:// URL"
    return 1
  fi
}

stop_postgres() {
  scripts/test-postgres.sh stop "$PG_DIR/pg" && rm -rf "$PG_DIR" && PG_DIR=""
}

# The stages run under `timeout` in a child bash, which sees these functions and variables.
export -f format_check build_server unit_tests integration_tests integration_tests_both_databases
export BUILD_DIR

# ---------------------------------------------------------------------------------------------------------

stage "install dependencies" check 1800 scripts/install-deps.sh
stage "clang-format check" check 300 format_check
stage "build server and unit tests" check 2400 build_server
stage "unit tests (SQLite)" ctest 900 unit_tests

if have_web; then
  stage "web: typecheck" check 600 npm --prefix web run typecheck
  stage "web: unit tests" vitest 900 npm --prefix web test
  stage "web: build" check 900 npm --prefix web run build
else
  echo ""
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  echo "!!  web/package.json not found: SKIPPING the web typecheck, unit tests and build  !!"
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  echo ""
fi

# start_postgres sets PG_DIR and TEST_DATABASE_URL, so it runs in this shell, not under `stage`.
printf '── starting a throwaway PostgreSQL ... '
if ! start_postgres >"$LOG_DIR/pg.log" 2>&1; then
  echo "FAILED"
  cat "$LOG_DIR/pg.log"
  FAILED=$((FAILED + 1))
  echo "FAILED at stage: start PostgreSQL"
  summary
  exit 1
fi
echo "ok: $TEST_DATABASE_URL"
export TEST_DATABASE_URL
stage "unit tests (PostgreSQL)" ctest 900 unit_tests
stage "integration tests (SQLite and PostgreSQL, side by side)" node 1500 integration_tests_both_databases
printf '── stopping PostgreSQL ... '
stop_postgres >"$LOG_DIR/pg.log" 2>&1 || { echo "warning: stop failed"; cat "$LOG_DIR/pg.log"; }
echo "ok"
unset TEST_DATABASE_URL

if have_web; then
  stage "web: end-to-end tests" playwright 1200 npm --prefix web run e2e
else
  echo "!!  web/package.json not found: SKIPPING the end-to-end tests  !!"
fi

echo ""
echo "all stages passed in $((SECONDS - STARTED))s"
summary
