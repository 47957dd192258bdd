# shellcheck shell=bash
# Shared helpers for infra/local/*.sh. Sourced, not executed.

# Repo root = two levels up from this file (infra/local/lib.sh).
INFRA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$INFRA_DIR/../.." && pwd)"
# shellcheck disable=SC2034 # used by the scripts that source this file
DATA_ROOT="$REPO_ROOT/.data"

log() { printf '[%s] %s\n' "${SERVICE:-infra}" "$*"; }
err() { printf '[%s] ERROR: %s\n' "${SERVICE:-infra}" "$*" >&2; }
die() { err "$*"; exit 1; }

# port_open HOST PORT -> 0 if something accepts TCP connections there.
port_open() {
  # shellcheck disable=SC2016 # expanded by the inner bash
  timeout 2 bash -c 'exec 3<>"/dev/tcp/$1/$2"' _ "$1" "$2" 2>/dev/null
}

# pid_alive PIDFILE [CMDLINE_SUBSTRING] -> 0 if the pid in PIDFILE runs (and its
# command line contains the substring, to guard against pid reuse).
pid_alive() {
  local pidfile="$1" match="${2:-}" pid
  [[ -s "$pidfile" ]] || return 1
  pid="$(cat "$pidfile" 2>/dev/null)" || return 1
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  if [[ -n "$match" ]]; then
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$match" || return 1
  fi
}

# stop_pid PIDFILE [CMDLINE_SUBSTRING] [GRACE_SECONDS] -> TERM, wait, then KILL.
stop_pid() {
  local pidfile="$1" match="${2:-}" grace="${3:-30}" pid i
  if ! pid_alive "$pidfile" "$match"; then
    rm -f "$pidfile"
    return 1
  fi
  pid="$(cat "$pidfile")"
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < grace * 5; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "pid $pid still alive after ${grace}s, sending KILL"
    kill -KILL "$pid" 2>/dev/null || true
    sleep 0.5
  fi
  rm -f "$pidfile"
  return 0
}

# wait_port HOST PORT SECONDS [PIDFILE] -> waits until the port answers; gives up
# early if PIDFILE is given and that process died.
wait_port() {
  local host="$1" port="$2" secs="$3" pidfile="${4:-}" i
  for ((i = 0; i < secs * 2; i++)); do
    port_open "$host" "$port" && return 0
    if [[ -n "$pidfile" ]] && ! pid_alive "$pidfile"; then return 1; fi
    sleep 0.5
  done
  return 1
}

# start_bg PIDFILE LOGFILE WORKDIR CMD... -> starts CMD detached (own session,
# immune to the caller's Ctrl-C / terminal hangup), pid written by the child itself.
start_bg() {
  local pidfile="$1" logfile="$2" workdir="$3"
  shift 3
  rm -f "$pidfile"
  (
    cd "$workdir" || exit 1
    # shellcheck disable=SC2016
    setsid nohup bash -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$@" >>"$logfile" 2>&1 </dev/null &
  )
  local i
  for ((i = 0; i < 50; i++)); do
    [[ -s "$pidfile" ]] && return 0
    sleep 0.1
  done
  return 1
}

# serialize DIR ARGS... -> re-exec the calling script under an exclusive lock on
# DIR/.lock, so concurrent start/stop calls (several terminals, agents, CI jobs) queue
# up instead of racing. flock -o: the service processes started do not keep the lock.
serialize() {
  local dir="$1"
  shift
  [[ "${INFRA_LOCK_HELD:-}" == "$SERVICE" ]] && return 0
  command -v flock >/dev/null || return 0
  mkdir -p "$dir"
  INFRA_LOCK_HELD="$SERVICE" exec flock -o -w "${INFRA_LOCK_TIMEOUT:-300}" "$dir/.lock" bash "$0" "$@"
}

usage() {
  echo "usage: $0 start|stop|status" >&2
  exit 2
}
