#!/bin/sh
# Entrypoint of the Parley images (infra/docker/Dockerfile). Working directory: /app.
#
#   main         (default) node dist/apps/$APP/src/main.js    - the app; APP is baked in at build time
#   migrate      node dist/apps/$APP/src/migrate.js           - this app's migrations, then exit
#   migrate-all  every service in $MIGRATE_SERVICES in order  - the `migrate` image; stops at the first failure
#   anything else is run as given (`node -e ...`, `sh`)
#
# `exec` keeps node as the container's main process, so SIGTERM reaches the app's graceful shutdown.
set -eu

need_app() {
  if [ -z "${APP:-}" ]; then
    echo "parley-entrypoint: APP is not set; build the image with --build-arg APP=<app>" >&2
    exit 64
  fi
}

case "${1:-main}" in
  main)
    need_app
    if [ "$#" -gt 0 ]; then shift; fi
    exec node "dist/apps/${APP}/src/main.js" "$@"
    ;;
  migrate)
    need_app
    shift
    exec node "dist/apps/${APP}/src/migrate.js" "$@"
    ;;
  migrate-all)
    : "${MIGRATE_SERVICES:?parley-entrypoint: MIGRATE_SERVICES is not set}"
    for service in ${MIGRATE_SERVICES}; do
      echo "parley-entrypoint: migrating ${service}" >&2
      node "dist/apps/${service}/src/migrate.js" || {
        status=$?
        echo "parley-entrypoint: migrations of ${service} failed (exit ${status})" >&2
        exit "${status}"
      }
    done
    echo "parley-entrypoint: all migrations applied (${MIGRATE_SERVICES})" >&2
    ;;
  *)
    exec "$@"
    ;;
esac
