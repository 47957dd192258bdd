#!/usr/bin/env bash
# npm test: lint, type checks, unit tests, then integration tests against the real PostgreSQL, Redis,
# Kafka and SMTP catcher (started here when they are not running), then the browser tests, then the chaos run (bench/chaos.bench.ts, 1,000 sessions), then the
# container images (infra/images/test.sh).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
started_at=$(date +%s)
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false NX_SKIP_NX_CACHE=${NX_SKIP_NX_CACHE:-false} FORCE_COLOR=0

ensure_dependencies

# Debian's Chromium for the browser tests, an emoji font so icons render in screenshots, and the CJK
# font the PDF export embeds (the image installs the same package).
missing=()
[ -x /usr/bin/chromium ] || [ -n "${CHROMIUM_PATH:-}" ] || missing+=(chromium)
dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || missing+=(fonts-noto-color-emoji)
# espeak-ng speaks the learner's turns that the voice-mode browser test plays as Chromium's microphone.
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
# kubectl renders k8s/ for the manifest tests (k8s:test); Debian's kubernetes-client when none is installed.
command -v kubectl >/dev/null 2>&1 || [ -n "${KUBECTL:-}" ] || missing+=(kubernetes-client)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
# libfaketime puts the chaos run's own PostgreSQL on a simulated calendar (several days in minutes).
[ -e /usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 ] || [ -e /usr/lib/faketime/libfaketime.so.1 ] || missing+=(faketime)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} for the browser and manifest tests"
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null) || say "could not install ${missing[*]}"
  else
    say "run: sudo apt-get install -y ${missing[*]}"
  fi
fi

say "starting local infrastructure (idempotent)"
bash infra/local/up.sh >/dev/null || { bash infra/local/status.sh; exit 1; }

say "format, lint, type checks and unit tests"
npx prettier --check . --log-level warn
npx tsc -p bench/tsconfig.json
npx nx run-many -t lint typecheck test --output-style=static --parallel=2

say "integration tests against the real servers"
# The SASL_SSL suite starts a second broker (infra/local/kafka-secure.sh) when none is running; one this run
# started is stopped after it, so no broker outlives the run that needed it.
secure_was_up=0
bash infra/local/kafka-secure.sh status >/dev/null 2>&1 && secure_was_up=1
stop_secure() { [ "$secure_was_up" = 1 ] || bash infra/local/kafka-secure.sh stop >/dev/null 2>&1 || true; }
trap stop_secure EXIT
npx nx run-many -t integration --output-style=static --parallel=1
stop_secure

# The event path under faults (bench/chaos.bench.ts), short: every fault once over 1,000 sessions, on
# servers of its own. Fails unless nothing is lost, duplicated or wrong. npm run bench:chaos runs 10,000.
say "chaos: 1,000 practice sessions, every fault once (lost / duplicated / wrong must be 0 / 0 / 0)"
BENCH_CHAOS_SESSIONS=${BENCH_CHAOS_SESSIONS:-1000} node bench/chaos.bench.ts

# The container images, built and run with podman (installed here when missing and possible; the suite
# says plainly when it cannot run). PARLEY_SKIP_IMAGES=1 leaves it out of a local run.
if [ "${PARLEY_SKIP_IMAGES:-0}" = 1 ]; then
  say "container images: SKIPPED (PARLEY_SKIP_IMAGES=1); run npm run test:images"
else
  say "container images: build every image, run them against the local servers (npm run test:images)"
  bash infra/images/test.sh
fi

say "all green in $(($(date +%s) - started_at)) s"
