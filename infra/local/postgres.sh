#!/usr/bin/env bash
# Local PostgreSQL for Parley.
#   start  - reuse a server already answering on $PGHOST:$PGPORT, else initdb + start
#            one of our own in .data/postgres; in both cases ensure $PGDATABASE exists.
#   stop   - stop only the server this script started (an external one is left alone).
#   status - print up/down; exit 0 if up, 1 if down.
set -euo pipefail
SERVICE=postgres
# shellcheck source=SCRIPTDIR/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PGHOST="${PGHOST:-127.0.0.1}"
PGPORT="${PGPORT:-5432}"
PGUSER="${PGUSER:-postgres}"
PGDATABASE="${PGDATABASE:-parley}"
export PGCONNECT_TIMEOUT="${PGCONNECT_TIMEOUT:-5}"

DIR="$DATA_ROOT/postgres"
PGDATA_DIR="$DIR/data"
LOGFILE="$DIR/postgres.log"
MARKER="$DIR/started-by-script"

find_bin_dir() {
  local d
  if [[ -n "${PG_BIN:-}" ]]; then echo "$PG_BIN"; return; fi
  for d in $(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V -r); do
    [[ -x "$d/pg_ctl" && -x "$d/initdb" ]] && { echo "$d"; return; }
  done
  if command -v pg_ctl >/dev/null && command -v initdb >/dev/null; then
    dirname "$(command -v pg_ctl)"
    return
  fi
  return 1
}

# Run a PostgreSQL server binary; as root, drop to the postgres OS user.
run_pg() {
  if [[ "$(id -u)" == 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

is_ready() { pg_isready -q -h "$PGHOST" -p "$PGPORT" >/dev/null 2>&1; }

# Our own server (data dir in .data/postgres) is running.
is_managed() {
  [[ -f "$PGDATA_DIR/PG_VERSION" ]] || return 1
  local bin
  bin="$(find_bin_dir)" || return 1
  run_pg "$bin/pg_ctl" -D "$PGDATA_DIR" status >/dev/null 2>&1
}

url() { echo "postgresql://$1@$PGHOST:$PGPORT/$PGDATABASE"; }

ensure_db() {
  local u users=("$PGUSER") exists
  [[ "$(id -un)" != "$PGUSER" ]] && users+=("$(id -un)")
  for u in "${users[@]}"; do
    if exists="$(psql -w -X -q -h "$PGHOST" -p "$PGPORT" -U "$u" -d postgres -Atc \
      "SELECT 1 FROM pg_database WHERE datname = '$PGDATABASE'" 2>/dev/null)"; then
      if [[ "$exists" != 1 ]]; then
        psql -w -X -q -h "$PGHOST" -p "$PGPORT" -U "$u" -d postgres \
          -c "CREATE DATABASE \"$PGDATABASE\"" >/dev/null
        log "created database $PGDATABASE (as $u)"
      fi
      log "listening on $PGHOST:$PGPORT  ->  $(url "$u")"
      return 0
    fi
  done
  die "cannot connect to $PGHOST:$PGPORT as any of: ${users[*]} (need trust auth or PGPASSWORD)"
}

start() {
  if is_ready; then
    if is_managed; then
      log "already running (started by this script, data in $PGDATA_DIR)"
    else
      log "using existing server at $PGHOST:$PGPORT"
    fi
    ensure_db
    return
  fi

  local bin
  bin="$(find_bin_dir)" || die "no PostgreSQL server binaries found (/usr/lib/postgresql/*/bin or PATH); set PG_BIN"

  mkdir -p "$DIR"
  if [[ "$(id -u)" == 0 ]]; then
    id postgres >/dev/null 2>&1 || die "running as root but there is no 'postgres' OS user to run the server as"
    chown postgres:postgres "$DIR"
    [[ -d "$PGDATA_DIR" ]] && chown -R postgres:postgres "$PGDATA_DIR"
    run_pg test -w "$DIR" || die "OS user postgres cannot write $DIR (check permissions of its parent folders)"
  fi

  if [[ ! -f "$PGDATA_DIR/PG_VERSION" ]]; then
    rm -rf "$PGDATA_DIR" # leftover of an interrupted initdb
    log "initdb into $PGDATA_DIR ($bin)"
    run_pg "$bin/initdb" -D "$PGDATA_DIR" -U "$PGUSER" --auth=trust -E UTF8 --no-locale >"$DIR/initdb.log" 2>&1 ||
      { cat "$DIR/initdb.log" >&2; die "initdb failed"; }
  fi

  if ! is_managed; then
    log "starting server on $PGHOST:$PGPORT"
    run_pg "$bin/pg_ctl" -D "$PGDATA_DIR" -l "$LOGFILE" -w -t 60 \
      -o "-c listen_addresses=$PGHOST -p $PGPORT -c unix_socket_directories=/tmp" start >/dev/null ||
      { tail -n 40 "$LOGFILE" >&2 || true; die "pg_ctl start failed (log: $LOGFILE)"; }
  fi
  date -u +%FT%TZ >"$MARKER"

  local i
  for ((i = 0; i < 60; i++)); do
    is_ready && break
    sleep 0.5
  done
  is_ready || { tail -n 40 "$LOGFILE" >&2 || true; die "server did not become ready on $PGHOST:$PGPORT"; }
  ensure_db
}

stop() {
  if is_managed; then
    local bin
    bin="$(find_bin_dir)"
    run_pg "$bin/pg_ctl" -D "$PGDATA_DIR" -m fast -w -t 60 stop >/dev/null
    rm -f "$MARKER"
    log "stopped (data kept in $PGDATA_DIR)"
  else
    rm -f "$MARKER"
    if is_ready; then
      log "server at $PGHOST:$PGPORT was not started by this script; leaving it alone"
    else
      log "not running"
    fi
  fi
}

status() {
  local how=external
  is_managed && how="managed, data in $PGDATA_DIR"
  if is_ready; then
    log "up    $PGHOST:$PGPORT ($how)"
  else
    log "down  $PGHOST:$PGPORT"
    return 1
  fi
}

case "${1:-}" in
  start | stop) serialize "$DIR" "$@" ;;
esac
case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) usage ;;
esac
