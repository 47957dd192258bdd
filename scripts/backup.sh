#!/usr/bin/env bash
# Backs up every Parley service's schema (identity, sessions, coaching, gamification, export: each with its
# outbox, inbox and migrations table) from one PostgreSQL database into one file, pg_dump's custom format.
# Restore it with scripts/restore.sh. See docs/operations.md, "Backing up".
#
#   scripts/backup.sh [FILE]        FILE defaults to parley-<UTC time>.dump in the current directory
#
#   DATABASE_URL     the database the services use (default: infra/local's, postgres://postgres@127.0.0.1:5432/parley)
#   PARLEY_SCHEMAS   the schemas to back up (default: "identity sessions coaching gamification export";
#                    a deployment that sets DATABASE_SCHEMA lists its own names)
#
# Every schema must exist: a backup that silently lacks a service is worse than none. The dump is one
# consistent snapshot (one transaction) and needs no downtime; pg_dump must be at least the server's version.
set -euo pipefail

die() { printf 'backup: %s\n' "$*" >&2; exit 1; }

url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/parley}"
read -r -a schemas <<<"${PARLEY_SCHEMAS:-identity sessions coaching gamification export}"
file="${1:-parley-$(date -u +%Y%m%dT%H%M%SZ).dump}"
[[ ${#schemas[@]} -gt 0 ]] || die "PARLEY_SCHEMAS is empty"
for s in "${schemas[@]}"; do
  [[ "$s" =~ ^[a-z_][a-z0-9_]{0,62}$ ]] || die "not a schema name: $s"
done
for tool in pg_dump psql; do
  command -v "$tool" >/dev/null || die "$tool not found (Debian: apt-get install postgresql-client)"
done

server_major="$(psql "$url" -XAtqc 'SHOW server_version_num' 2>&1)" || die "cannot connect: $server_major"
server_major=$((server_major / 10000))
client_major="$(pg_dump --version | sed -E 's/.* ([0-9]+)(\.[0-9]+)?.*/\1/')"
((client_major >= server_major)) ||
  die "pg_dump $client_major is older than the server ($server_major); use pg_dump $server_major or newer"

list="$(printf "'%s'," "${schemas[@]}")"
found="$(psql "$url" -XAtqc "SELECT nspname FROM pg_namespace WHERE nspname IN (${list%,}) ORDER BY 1")"
missing=()
for s in "${schemas[@]}"; do grep -qx "$s" <<<"$found" || missing+=("$s"); done
((${#missing[@]} == 0)) || die "no schema ${missing[*]} in the database (set PARLEY_SCHEMAS if yours are named differently)"

args=()
for s in "${schemas[@]}"; do args+=("--schema=$s"); done
tmp="$file.partial"
trap 'rm -f "$tmp"' EXIT
pg_dump "$url" --format=custom --compress=6 "${args[@]}" --file="$tmp"
mv "$tmp" "$file"
trap - EXIT

tables="$(pg_restore --list "$file" | awk '$4 == "TABLE" && $5 != "DATA" { n++ } END { print n + 0 }')"
printf 'backup: %s (%s bytes): schemas %s, %s tables\n' "$file" "$(stat -c %s "$file")" "${schemas[*]}" "$tables"
