#!/usr/bin/env bash
# Local Redis for Parley.
#   start  - reuse a server already answering PING on 127.0.0.1:$REDIS_PORT, else start
#            redis-server (no persistence) with its files in .data/redis.
#   stop   - stop only the server this script started (an external one is left alone).
#   status - print up/down; exit 0 if up, 1 if down.
set -euo pipefail
SERVICE=redis
# shellcheck source=SCRIPTDIR/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

REDIS_HOST=127.0.0.1
REDIS_PORT="${REDIS_PORT:-6379}"
DIR="$DATA_ROOT/redis"
PIDFILE="$DIR/redis.pid"
LOGFILE="$DIR/redis.log"

is_up() { [[ "$(redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null)" == PONG ]]; }
is_managed() { pid_alive "$PIDFILE" redis-server; }

start() {
  if is_up; then
    if is_managed; then
      log "already running (started by this script, pid $(cat "$PIDFILE"))"
    else
      log "using existing server at $REDIS_HOST:$REDIS_PORT"
    fi
    log "listening on $REDIS_HOST:$REDIS_PORT  ->  redis://$REDIS_HOST:$REDIS_PORT"
    return
  fi
  command -v redis-server >/dev/null || die "redis-server not found on PATH"
  mkdir -p "$DIR"
  log "starting redis-server on $REDIS_HOST:$REDIS_PORT"
  redis-server --daemonize yes --bind "$REDIS_HOST" --port "$REDIS_PORT" \
    --dir "$DIR" --save "" --appendonly no \
    --pidfile "$PIDFILE" --logfile "$LOGFILE" ||
    die "redis-server failed to start (log: $LOGFILE)"
  local i
  for ((i = 0; i < 40; i++)); do
    is_up && break
    sleep 0.25
  done
  is_up || { tail -n 40 "$LOGFILE" >&2 || true; die "redis did not answer PING on $REDIS_HOST:$REDIS_PORT"; }
  log "listening on $REDIS_HOST:$REDIS_PORT  ->  redis://$REDIS_HOST:$REDIS_PORT"
}

stop() {
  if stop_pid "$PIDFILE" redis-server 30; then
    log "stopped"
  elif is_up; then
    log "server at $REDIS_HOST:$REDIS_PORT was not started by this script; leaving it alone"
  else
    log "not running"
  fi
}

status() {
  local how=external
  is_managed && how="managed, pid $(cat "$PIDFILE")"
  if is_up; then
    log "up    $REDIS_HOST:$REDIS_PORT ($how)"
  else
    log "down  $REDIS_HOST:$REDIS_PORT"
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
