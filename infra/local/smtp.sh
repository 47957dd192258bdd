#!/usr/bin/env bash
# Local SMTP catcher for Parley: MailDev 3 (npm package `maildev`, root devDependency).
# Catches every mail sent to 127.0.0.1:$SMTP_PORT and shows it in a web inbox / REST
# API on http://127.0.0.1:$SMTP_WEB_PORT (e.g. GET /api/email). Mails are kept in memory
# (lost on restart) unless SMTP_MAIL_DIR is set (then persisted there and reloaded).
#   start  - if both ports already answer, use that; else start maildev in the background.
#   stop   - stop the maildev this script started.
#   status - print up/down; exit 0 if up, 1 if down.
set -euo pipefail
SERVICE=smtp
# shellcheck source=SCRIPTDIR/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

SMTP_HOST=127.0.0.1
SMTP_PORT="${SMTP_PORT:-1025}"
SMTP_WEB_PORT="${SMTP_WEB_PORT:-1080}"
SMTP_MAIL_DIR="${SMTP_MAIL_DIR:-}"
DIR="$DATA_ROOT/smtp"
PIDFILE="$DIR/maildev.pid"
LOGFILE="$DIR/maildev.log"

find_maildev() {
  if [[ -n "${MAILDEV_BIN:-}" ]]; then echo "$MAILDEV_BIN"; return; fi
  if [[ -x "$REPO_ROOT/node_modules/.bin/maildev" ]]; then echo "$REPO_ROOT/node_modules/.bin/maildev"; return; fi
  command -v maildev 2>/dev/null
}

smtp_up() { port_open "$SMTP_HOST" "$SMTP_PORT"; }
web_up() { port_open "$SMTP_HOST" "$SMTP_WEB_PORT"; }
api_up() { curl -fsS -m 2 "http://$SMTP_HOST:$SMTP_WEB_PORT/api/healthz" >/dev/null 2>&1; }
is_up() { smtp_up && web_up; }
is_managed() { pid_alive "$PIDFILE" maildev; }

listening() {
  log "listening on $SMTP_HOST:$SMTP_PORT (SMTP)  ->  smtp://$SMTP_HOST:$SMTP_PORT"
  log "web inbox + REST API  ->  http://$SMTP_HOST:$SMTP_WEB_PORT  (GET /api/email lists mails)"
}

start() {
  if is_up; then
    if is_managed; then
      log "already running (started by this script, pid $(cat "$PIDFILE"))"
    else
      log "something already answers on $SMTP_HOST:$SMTP_PORT and :$SMTP_WEB_PORT (not started by this script); using it"
    fi
    listening
    return
  fi
  if ! is_managed; then
    local bin
    bin="$(find_maildev)" || die "maildev not found: run 'npm install' at the repo root (maildev is a devDependency) or set MAILDEV_BIN"
    smtp_up && die "port $SMTP_HOST:$SMTP_PORT is taken by something else (set SMTP_PORT)"
    web_up && die "port $SMTP_HOST:$SMTP_WEB_PORT is taken by something else (set SMTP_WEB_PORT)"
    mkdir -p "$DIR"
    log "starting maildev ($bin)"
    printf '\n===== start %s =====\n' "$(date -u +%FT%TZ)" >>"$LOGFILE"
    local args=(--ip "$SMTP_HOST" --smtp "$SMTP_PORT" --web-ip "$SMTP_HOST" --web "$SMTP_WEB_PORT")
    [[ -n "$SMTP_MAIL_DIR" ]] && args+=(--mail-directory "$SMTP_MAIL_DIR")
    start_bg "$PIDFILE" "$LOGFILE" "$DIR" "$bin" "${args[@]}" ||
      die "could not launch maildev"
  fi
  local i
  for ((i = 0; i < 60; i++)); do
    is_managed || break
    is_up && api_up && break
    sleep 0.5
  done
  if ! { is_up && api_up; }; then
    tail -n 40 "$LOGFILE" >&2 2>/dev/null || true
    die "maildev did not come up on $SMTP_HOST:$SMTP_PORT / :$SMTP_WEB_PORT (log: $LOGFILE)"
  fi
  listening
}

stop() {
  if stop_pid "$PIDFILE" maildev 15; then
    log "stopped"
  elif is_up; then
    log "something on $SMTP_HOST:$SMTP_PORT was not started by this script; leaving it alone"
  else
    log "not running"
  fi
}

status() {
  local how=external
  is_managed && how="managed, pid $(cat "$PIDFILE")"
  if is_up; then
    log "up    $SMTP_HOST:$SMTP_PORT smtp, http://$SMTP_HOST:$SMTP_WEB_PORT web ($how)"
  else
    log "down  $SMTP_HOST:$SMTP_PORT smtp, $SMTP_HOST:$SMTP_WEB_PORT web"
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
