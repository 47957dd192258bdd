#!/usr/bin/env bash
# Start (or reuse) all local services: postgres, redis, smtp (maildev), kafka.
# Idempotent: already-running services are left as they are. Exit 1 if any failed.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

failed=()
for svc in postgres redis smtp kafka; do
  if ! bash "$HERE/$svc.sh" start; then
    failed+=("$svc")
  fi
done

echo
echo "== local infra =="
bash "$HERE/status.sh" || true
if ((${#failed[@]})); then
  echo "FAILED to start: ${failed[*]}" >&2
  exit 1
fi
