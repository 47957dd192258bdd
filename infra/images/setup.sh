#!/usr/bin/env bash
# Everything the image suite needs on a Debian machine without Docker, made idempotently:
#   1. podman and runc (apt-get, when root), crun being unusable on cgroup-less machines like CI's;
#   2. /etc/containers/containers.conf with no default ulimits (the defaults exceed what such a machine
#      grants, and every `podman run` fails on them);
#   3. a local base image for the Dockerfile's NODE_IMAGE build argument, when the official
#      node:24-bookworm-slim cannot be pulled: Debian bookworm from debootstrap (minbase) plus the Node 24
#      this repository pins (node_modules/node) and npm, imported with `podman import`. Built once per Node
#      version and recipe; reused while it exists.
# Prints the base image's name on the last line of stdout. Exit 2: podman missing and not installable.
#
#   bash infra/images/setup.sh            (PARLEY_BASE_IMAGE=<image> to use another base, e.g. a pullable one)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
say() { printf '[images] %s\n' "$*" >&2; }

# --- 1. podman ----------------------------------------------------------------------------------------
if ! command -v podman >/dev/null || ! command -v runc >/dev/null; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
    say "installing podman and runc (apt-get)"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc >/dev/null) ||
      { say "could not install podman and runc"; exit 2; }
  else
    say "podman and runc are not installed (Debian: sudo apt-get install -y podman runc)"
    exit 2
  fi
fi

# --- 2. containers.conf: no default ulimits -----------------------------------------------------------
conf=/etc/containers/containers.conf
if [[ -w /etc/containers || -w "$conf" ]]; then
  if ! grep -qE '^\s*default_ulimits\s*=\s*\[\s*\]' "$conf" 2>/dev/null; then
    say "clearing default_ulimits in $conf"
    if [[ -f "$conf" ]] && grep -q '^\[containers\]' "$conf"; then
      sed -i -E '/^\s*default_ulimits\s*=/,/\]/d' "$conf"
      sed -i -E 's/^\[containers\]/[containers]\ndefault_ulimits = []/' "$conf"
    else
      printf '[containers]\ndefault_ulimits = []\n' >>"$conf"
    fi
  fi
fi

# --- 3. the base image --------------------------------------------------------------------------------
if [[ -n "${PARLEY_BASE_IMAGE:-}" ]]; then
  echo "$PARLEY_BASE_IMAGE"
  exit 0
fi
node_bin="$ROOT/node_modules/node/bin/node"
[[ -x "$node_bin" ]] || { say "no $node_bin: run npm install first"; exit 1; }
node_version="$("$node_bin" -p process.versions.node)"
npm_dir="$(npm root -g 2>/dev/null)/npm"
[[ -f "$npm_dir/bin/npm-cli.js" ]] || npm_dir=/usr/lib/node_modules/npm
[[ -f "$npm_dir/bin/npm-cli.js" ]] || { say "no npm to put in the base image"; exit 1; }
# Bump BASE_RECIPE when the steps below change, so machines build the new base instead of reusing the old.
BASE_RECIPE=2
image="localhost/parley-node-base:${node_version}-bookworm-r${BASE_RECIPE}"
if podman --runtime runc image exists "$image"; then
  say "base image $image (cached)"
  echo "$image"
  exit 0
fi
command -v debootstrap >/dev/null || {
  [[ "$(id -u)" == 0 ]] && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
} || { say "debootstrap is not installed (sudo apt-get install -y debootstrap)"; exit 2; }
[[ "$(id -u)" == 0 ]] || { say "building the base image needs root (debootstrap)"; exit 2; }

mirror="${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}"
mirror="${mirror:-http://deb.debian.org/debian}"
work="$(mktemp -d /var/tmp/parley-base.XXXXXX)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
t0=$SECONDS
say "building base image $image: debootstrap minbase bookworm from $mirror, Node $node_version"
debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -20 "$work/debootstrap.log" >&2; say "debootstrap failed"; exit 1; }
# Node where the official image has it, npm and corepack beside it (the runtime stage deletes them again).
install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
strip --strip-debug "$rootfs/usr/local/bin/node" 2>/dev/null || true
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
# This machine's trusted CAs, so npm and apt inside a build reach their registries as the host does (also
# behind a TLS-inspecting proxy, whose CA the host trusts and no public image knows).
ca="${NODE_EXTRA_CA_CERTS:-${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}}"
if [[ -s "$ca" ]]; then
  mkdir -p "$rootfs/etc/ssl/certs"
  install -m 0644 "$ca" "$rootfs/etc/ssl/certs/ca-certificates.crt"
  ca_env=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
else
  ca_env=()
fi
# The official image's `node` user (uid/gid 1000); the Dockerfile runs as 1000:1000.
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# What a slim image leaves out: package lists, caches, documentation, other locales.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/var/log/*.log
tar -C "$rootfs" -c . | podman --runtime runc import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$node_version" "${ca_env[@]}" \
  --change 'CMD ["node"]' - "$image" >/dev/null
say "base image $image built in $((SECONDS - t0)) s ($(podman image inspect --format '{{.Size}}' "$image" | awk '{ printf "%.0f MB", $1 / 1e6 }'))"
echo "$image"
