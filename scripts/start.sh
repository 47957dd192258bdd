#!/usr/bin/env bash
# npm start: everything Parley needs on this machine, then every service and the web app, until Ctrl-C.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
started_at=$(date +%s)

ensure_dependencies

# Remember which infrastructure was already up, so Ctrl-C stops only what this run started.
infra_started=()
for svc in postgres redis smtp kafka; do
  bash infra/local/$svc.sh status >/dev/null 2>&1 || infra_started+=("$svc")
done
say "starting local infrastructure"
bash infra/local/up.sh

load_local_env
mkdir -p .data/logs

say "building"
npx nx run-many -t build --output-style=static

say "migrating"
for svc in "${SERVICES[@]}"; do
  node "dist/apps/$svc/src/migrate.js"
done

pids=()
stop_all() {
  local code=${1:-0}
  trap - INT TERM EXIT
  say "stopping"
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  for ((i = ${#infra_started[@]} - 1; i >= 0; i--)); do bash "infra/local/${infra_started[$i]}.sh" stop || true; done
  exit "$code"
}
trap 'stop_all 0' INT TERM
trap 'stop_all $?' EXIT

for app in "${SERVICES[@]}" gateway; do
  node "dist/apps/$app/src/main.js" >>".data/logs/$app.log" 2>&1 &
  pids+=("$!")
  say "$app started (pid $!, log .data/logs/$app.log)"
done

say "waiting for every service to be ready"
for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:${PORT}/api/health" >/dev/null 2>&1; then
    say "ready after $(($(date +%s) - started_at)) s"
    echo
    echo "  Parley        http://localhost:${PORT}"
    echo "  API docs      http://localhost:${PORT}/api/docs"
    echo "  Health        http://localhost:${PORT}/api/health"
    echo "  Mail inbox    http://localhost:${SMTP_WEB_PORT:-1080}"
    echo
    say "logs in .data/logs; Ctrl-C stops everything this command started"
    wait -n "${pids[@]}" || true
    say "a process exited; see .data/logs"
    exit 1
  fi
  for pid in "${pids[@]}"; do
    kill -0 "$pid" 2>/dev/null || { say "a service failed to start; see .data/logs"; tail -n 20 .data/logs/*.log; exit 1; }
  done
  sleep 1
done
say "not healthy after 120 s:"
curl -sS "http://127.0.0.1:${PORT}/api/health" || true
exit 1
