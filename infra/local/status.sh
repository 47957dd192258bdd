#!/usr/bin/env bash
# Status of all local services; exit 1 if any is down.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

rc=0
for svc in postgres redis smtp kafka; do
  bash "$HERE/$svc.sh" status || rc=1
done
exit "$rc"
