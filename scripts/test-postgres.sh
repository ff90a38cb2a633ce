#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for tests.
#
#   scripts/test-postgres.sh start DIR   initdb into DIR/data, start on 127.0.0.1 at a free port, create
#                                        database shopfloor_test; prints its URL (also written to DIR/url)
#   scripts/test-postgres.sh stop DIR    stop the server and remove DIR
#
# As root, DIR is handed to the postgres user and the server runs as postgres (initdb refuses root).
# The cluster trades durability for speed (fsync=off): it is for tests only.
# PG_OPTIONS: more server settings, e.g. "-c shared_preload_libraries=pg_stat_statements -c max_connections=200"
# (scripts/loadtest.sh).
set -euo pipefail

die() {
  echo "test-postgres: $*" >&2
  exit 1
}

[[ $# -eq 2 && ($1 == start || $1 == stop) ]] || {
  echo "usage: $0 start DIR | stop DIR" >&2
  exit 2
}
cmd=$1
dir=$2

bindir=/usr/lib/postgresql/15/bin
if [[ ! -x $bindir/initdb ]]; then
  bindir=$(pg_config --bindir 2>/dev/null) || die "PostgreSQL server binaries not found (install postgresql-15)"
  [[ -x $bindir/initdb ]] || die "no initdb in $bindir (install postgresql-15)"
fi

# Runs a server binary as the postgres user when we are root, as ourselves otherwise.
as_pg() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

port_in_use() {
  if command -v ss >/dev/null; then
    ss -Htan "sport = :$1" | grep -q .  # any state: a TIME_WAIT socket can block the bind too
  else
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
  fi
}

free_port() {
  local port
  for _ in $(seq 1 200); do
    # Below the kernel's ephemeral range (32768+), where client sockets (e.g. a load test's) take ports.
    port=$((20000 + RANDOM % 12000))
    port_in_use "$port" || {
      echo "$port"
      return
    }
  done
  die "no free TCP port found"
}

stop_server() {
  [[ -f $dir/data/postmaster.pid ]] || return 0
  as_pg "$bindir/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null 2>&1 ||
    as_pg "$bindir/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null 2>&1 ||
    die "could not stop the server in $dir/data"
}

start() {
  [[ $dir != *[[:space:]]* ]] || die "DIR must not contain spaces: $dir"
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  [[ ! -e $dir/data ]] || die "$dir/data already exists"
  if [[ $(id -u) -eq 0 ]]; then chown postgres: "$dir"; fi
  cd "$dir"  # the postgres user may not be able to read our working directory

  as_pg "$bindir/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C --no-sync \
    >"$dir/initdb.log" 2>&1 || {
    tail -n 20 "$dir/initdb.log" >&2
    die "initdb failed (log: $dir/initdb.log)"
  }

  local port
  port=$(free_port)
  if ! as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${PG_OPTIONS:-}" \
    start >/dev/null 2>&1 || ! "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port" -t 30; then
    tail -n 20 "$dir/postgres.log" >&2 || true
    stop_server || true
    die "the server did not come up (log: $dir/postgres.log)"
  fi

  as_pg "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres shopfloor_test || {
    stop_server || true
    die "createdb failed"
  }

  local url="postgres://postgres@127.0.0.1:$port/shopfloor_test"
  echo "$url" >"$dir/url"
  echo "$url"
}

stop() {
  [[ -d $dir ]] || return 0
  # Refuse to delete anything that does not look like one of our clusters.
  [[ -f $dir/data/PG_VERSION || -f $dir/url || -z $(ls -A "$dir") ]] ||
    die "$dir does not look like a test cluster; not removing it"
  stop_server
  rm -rf -- "$dir"
}

"$cmd"
