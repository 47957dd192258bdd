#!/usr/bin/env bash
# npm test: lint, type checks, unit tests, then integration tests against the real PostgreSQL, Redis,
# Kafka and SMTP catcher (started here when they are not running), then the browser tests.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
started_at=$(date +%s)
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false NX_SKIP_NX_CACHE=${NX_SKIP_NX_CACHE:-false} FORCE_COLOR=0

ensure_dependencies

if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM_PATH:-}" ]; then
  say "installing Debian's chromium for the browser tests"
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || say "could not install chromium"
  else
    say "run: sudo apt-get install -y chromium"
  fi
fi

say "starting local infrastructure (idempotent)"
bash infra/local/up.sh >/dev/null || { bash infra/local/status.sh; exit 1; }

say "format, lint, type checks and unit tests"
npx prettier --check . --log-level warn
npx nx run-many -t lint typecheck test --output-style=static --parallel=2

say "integration tests against the real servers"
npx nx run-many -t integration --output-style=static --parallel=1

say "all green in $(($(date +%s) - started_at)) s"
