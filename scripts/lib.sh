# Shared by scripts/start.sh and scripts/test.sh.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SERVICES=(identity sessions coaching gamification export)

say() { printf '\033[1m[parley]\033[0m %s\n' "$*"; }

# node_modules from the lockfile, when missing or older than the lockfile.
ensure_dependencies() {
  if [ ! -x "$ROOT/node_modules/.bin/nx" ] || [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
    say "installing dependencies (npm install, from the lockfile)"
    (cd "$ROOT" && npm install --no-audit --no-fund)
  fi
}

# A development signing key for access tokens, made once per checkout (never committed).
ensure_dev_jwt_key() {
  local key="$ROOT/.data/keys/jwt-dev.pem"
  if [ ! -s "$key" ]; then
    mkdir -p "$(dirname "$key")"
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$key" 2>/dev/null
    chmod 600 "$key"
  fi
  JWT_PRIVATE_KEY="$(cat "$key")"
  export JWT_PRIVATE_KEY
}

load_local_env() {
  set -a
  # shellcheck disable=SC1091
  . "$ROOT/infra/local/local.env"
  set +a
  ensure_dev_jwt_key
}
