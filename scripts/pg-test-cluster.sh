#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the real-Postgres lane (CI, the concurrency tests).
#
#   url=$(scripts/pg-test-cluster.sh start)        # prints postgres://postgres@127.0.0.1:<port>/postgres
#   SUPABASE_DB_URL=$url npm run test:db
#   scripts/pg-test-cluster.sh stop "$url"          # stops it and deletes its files
#   scripts/pg-test-cluster.sh run npx vitest run --project db   # all three, for CI
#
# The server runs as the `postgres` OS user when started by root (initdb refuses root), with
# trust auth on 127.0.0.1 only and fsync off: fast, and never for real data.
set -euo pipefail

PGBIN="${PGBIN:-/usr/lib/postgresql/15/bin}"
STATE_ROOT="${TMPDIR:-/tmp}"

as_pg() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

start() {
  [ -x "$PGBIN/initdb" ] || { echo "PostgreSQL binaries not found in $PGBIN (set PGBIN)" >&2; exit 1; }
  local dir port
  dir="$(mktemp -d "$STATE_ROOT/nuzl-pg.XXXXXX")"
  chmod 755 "$dir"
  [ "$(id -u)" = "0" ] && chown postgres "$dir"
  port="$(free_port)"
  as_pg "'$PGBIN/initdb' -D '$dir/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >'$dir/initdb.log' 2>&1" \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  as_pg "'$PGBIN/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\" start >/dev/null" \
    || { cat "$dir/server.log" >&2; exit 1; }
  echo "$dir" > "$STATE_ROOT/nuzl-pg-$port.dir"
  echo "postgres://postgres@127.0.0.1:$port/postgres"
  echo "Stop it with: $0 stop postgres://postgres@127.0.0.1:$port/postgres" >&2
}

stop() {
  local target="${1:?usage: $0 stop <url|port>}" port dir
  port="$(printf '%s' "$target" | sed -E 's#.*:([0-9]+)(/.*)?$#\1#')"
  dir="$(cat "$STATE_ROOT/nuzl-pg-$port.dir" 2>/dev/null || true)"
  [ -n "$dir" ] || { echo "No throwaway cluster on port $port" >&2; exit 1; }
  as_pg "'$PGBIN/pg_ctl' -D '$dir/data' -m fast -w stop >/dev/null" || true
  rm -rf "$dir" "$STATE_ROOT/nuzl-pg-$port.dir"
}

run() {
  [ $# -gt 0 ] || { echo "usage: $0 run <command…>" >&2; exit 2; }
  local url status
  url="$(start 2>/dev/null)"
  trap 'stop "$url"' EXIT
  set +e
  SUPABASE_DB_URL="$url" "$@"
  status=$?
  set -e
  exit "$status"
}

case "${1:-start}" in
  start) start ;;
  stop) shift; stop "$@" ;;
  run) shift; run "$@" ;;
  *) echo "usage: $0 [start | stop <url|port> | run <command…>]" >&2; exit 2 ;;
esac
