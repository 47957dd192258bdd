#!/usr/bin/env bash
# Stop all local services this tooling started (reverse order). Servers that were
# already running before (e.g. the machine's own PostgreSQL/Redis) are left alone.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

rc=0
# The SASL_SSL broker (kafka-secure.sh) only runs when a test or a person started it; stopping it is a no-op otherwise.
bash "$HERE/kafka-secure.sh" stop || rc=1
for svc in kafka smtp redis postgres; do
  bash "$HERE/$svc.sh" stop || rc=1
done
exit "$rc"
