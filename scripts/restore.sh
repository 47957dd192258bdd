#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into an empty database: every schema in the file, with its
# data, in one transaction (all or nothing). See docs/operations.md, "Backing up and restoring".
#
#   scripts/restore.sh FILE
#
#   DATABASE_URL   the database to restore into (default: infra/local's); it must exist (createdb) and hold
#                  none of the file's schemas
#
# Objects are created owned by the user of DATABASE_URL (--no-owner --no-privileges), so a backup restores
# into another server whose roles differ. Start the services after the restore: their migrations find the
# schemas up to date (or apply what the backup predates), and the outbox relays publish what was unpublished.
set -euo pipefail

die() { printf 'restore: %s\n' "$*" >&2; exit 1; }

[[ $# -eq 1 ]] || die "usage: scripts/restore.sh FILE   (DATABASE_URL: the empty database to restore into)"
file="$1"
url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/parley}"
[[ -r "$file" ]] || die "cannot read $file"
for tool in pg_restore psql; do
  command -v "$tool" >/dev/null || die "$tool not found (Debian: apt-get install postgresql-client)"
done

toc="$(pg_restore --list "$file" 2>&1)" || die "$file is not a pg_dump custom-format archive: $toc"
# TOC lines read "<id>; <oid> <oid> SCHEMA - <name> <owner>".
mapfile -t schemas < <(awk '$4 == "SCHEMA" && $5 == "-" { print $6 }' <<<"$toc")
((${#schemas[@]} > 0)) || die "$file holds no schema"
for s in "${schemas[@]}"; do
  [[ "$s" =~ ^[a-z_][a-z0-9_]{0,62}$ ]] || die "unexpected schema name in the archive: $s"
done
list="$(printf "'%s'," "${schemas[@]}")"
list="${list%,}"

present="$(psql "$url" -XAtqc "SELECT string_agg(nspname, ' ' ORDER BY nspname) FROM pg_namespace WHERE nspname IN ($list)" 2>&1)" ||
  die "cannot connect: $present"
[[ -z "$present" ]] ||
  die "the database already has schema(s) $present: restore into an empty database (createdb), or drop them first"

pg_restore --dbname="$url" --exit-on-error --single-transaction --no-owner --no-privileges "$file"

tables="$(psql "$url" -XAtq -F ' ' -c "SELECT n.nspname, count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p') AND n.nspname IN ($list) GROUP BY n.nspname ORDER BY 1" | paste -sd, | sed 's/,/, /g')"
printf 'restore: %s restored: schemas %s (tables: %s)\n' "$file" "${schemas[*]}" "$tables"
