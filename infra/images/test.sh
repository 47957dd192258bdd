#!/usr/bin/env bash
# npm run test:images: builds every image infra/docker/Dockerfile defines with podman (the six apps and
# migrate), then runs them against the local PostgreSQL, Redis, Kafka and SMTP catcher with host networking
# and checks them (infra/test/images.images-spec.ts): each app's HEALTHCHECK, non-root and read-only, the
# gateway serving the web app and /api/health with every service up, and a practice session from sign-up to
# PDF through the containers. Prints the image sizes and how long it took.
#
# Without podman (and no way to install it): says so and exits 0 unless PARLEY_REQUIRE_IMAGES=1.
# Builds use podman's layer cache, a cached npm download directory and a cached Nx build cache, and the
# local base image is built once (infra/images/setup.sh), so a second run rebuilds only what changed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
say() { printf '\033[1m[images]\033[0m %s\n' "$*"; }
started=$SECONDS

set +e
base="$(bash infra/images/setup.sh | tail -1)"
status=$?
set -e
if ((status == 2)); then
  say "SKIPPED: no podman on this machine, and it could not be installed here (Debian: sudo apt-get install -y podman runc); the images were not built or run"
  [[ "${PARLEY_REQUIRE_IMAGES:-0}" == 1 ]] && exit 1
  exit 0
fi
((status == 0)) || { say "setup failed"; exit 1; }

export PARLEY_IMAGE_TAG="${PARLEY_IMAGE_TAG:-test}"
P=(podman --runtime runc)
log_dir="$ROOT/.data/images"
mkdir -p "$log_dir"
# One snapshot of the build context for all seven builds: the files git does not ignore (uncommitted ones
# included), mtimes kept. The builds then share every layer up to the app-specific ones, however busy the
# working tree is meanwhile, and a run after no change finds everything in podman's cache.
ctx="$log_dir/context"
rm -rf "$ctx"
mkdir -p "$ctx"
git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' f; do [[ -e "$f" ]] && printf '%s\0' "$f"; done |
  tar --null -T - -cf - | tar -xf - -C "$ctx"
# build TARGET: one image, its log in .data/images/build-TARGET.log.
build() {
  local target="$1" t0=$SECONDS image="localhost/parley/$1:$PARLEY_IMAGE_TAG"
  local args=(build --format docker --layers --network host -f "$ctx/infra/docker/Dockerfile"
    --build-arg "NODE_IMAGE=$base" -t "$image")
  if [[ "$target" == migrate ]]; then args+=(--target migrate); else args+=(--build-arg "APP=$target"); fi
  if ! "${P[@]}" "${args[@]}" "$ctx" >"$log_dir/build-$target.log" 2>&1; then
    tail -n 60 "$log_dir/build-$target.log"
    say "building $image failed (log: $log_dir/build-$target.log)"
    return 1
  fi
  say "built $image in $((SECONDS - t0)) s"
}
# migrate first: it builds every stage the apps share (dependencies, the workspace build, the runtime).
# Then the six apps, two at a time: what is left per app is mostly podman checking its cached layers.
build migrate
apps=(gateway identity sessions coaching gamification export)
for ((i = 0; i < ${#apps[@]}; i += 2)); do
  pids=()
  for target in "${apps[@]:i:2}"; do
    build "$target" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || exit 1; done
done
built=(migrate "${apps[@]}")
say "built every image in $((SECONDS - started)) s"

say "running the images against the local servers"
bash infra/local/up.sh >/dev/null || { bash infra/local/status.sh; exit 1; }
npx jest -c infra/jest.images.config.cjs

say "image sizes:"
for target in "${built[@]}"; do
  image="localhost/parley/$target:$PARLEY_IMAGE_TAG"
  "${P[@]}" image inspect --format '{{.Size}}' "$image" | awk -v i="$image" '{ printf "  %-40s %4.0f MB\n", i, $1 / 1e6 }'
done
say "image suite passed in $((SECONDS - started)) s"
