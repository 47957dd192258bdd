#!/usr/bin/env bash
# Local Apache Kafka 3.9.1 (KRaft, single combined broker+controller) for Parley,
# run straight from the Maven Central jars - no Docker, no tarball.
#   start  - if something answers on 127.0.0.1:$KAFKA_PORT, use it; else fetch the jars
#            (first run, via infra/local/kafka/pom.xml), format storage once, start the
#            broker in the background and wait until it reports "Kafka Server started".
#   stop   - stop the broker this script started (TERM, up to 30 s, then KILL).
#   status - print up/down; exit 0 if up, 1 if down.
#
# With KAFKA_SASL_SSL_PORT set, the broker also has a SASL_SSL listener on that port (TLS, then SCRAM-SHA-512
# or PLAIN), as a Strimzi TLS listener or a managed Kafka serves it: `start` makes a CA, a broker certificate
# and a client certificate with openssl (once, in $DIR/tls) and creates the SCRAM users with Kafka's own
# kafka-configs tool. infra/local/kafka-secure.sh runs such a broker beside the plain one (other ports, its
# own data), so the broker everybody else uses is never restarted for it.
set -euo pipefail
SERVICE=kafka
# shellcheck source=SCRIPTDIR/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

KAFKA_HOST=127.0.0.1
KAFKA_PORT="${KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9093}"
# Test-only listener advertised through a port the integration tests proxy (see server.properties.template).
KAFKA_PROXIED_PORT="${KAFKA_PROXIED_PORT:-9094}"
KAFKA_PROXIED_ADVERTISED_PORT="${KAFKA_PROXIED_ADVERTISED_PORT:-19094}"
KAFKA_START_TIMEOUT="${KAFKA_START_TIMEOUT:-90}"
KAFKA_HEAP_OPTS="${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m}"
KAFKA_JVM_OPTS="${KAFKA_JVM_OPTS:--XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:MaxMetaspaceSize=192m -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true}"
# Optional SASL_SSL listener (empty: none). Users are `name:password` pairs, each both a SCRAM-SHA-512 and a
# PLAIN user; development values only.
KAFKA_SASL_SSL_PORT="${KAFKA_SASL_SSL_PORT:-}"
KAFKA_SASL_USERS="${KAFKA_SASL_USERS:-parley:parley-dev-secret}"

KDIR="$INFRA_DIR/kafka"
LIB="$KDIR/target/lib"
# Several brokers can run from these jars, each with its own data directory (.data/$KAFKA_INSTANCE).
DIR="$DATA_ROOT/${KAFKA_INSTANCE:-kafka}"
TLS_DIR="$DIR/tls"
LOG_DIRS="$DIR/logs"
PROPS="$DIR/server.properties"
CLUSTER_ID_FILE="$DIR/cluster.id"
PIDFILE="$DIR/kafka.pid"
SERVER_LOG="$DIR/server.log"
STDOUT_LOG="$DIR/stdout.log"
LOG4J="$KDIR/log4j.properties"

is_up() { port_open "$KAFKA_HOST" "$KAFKA_PORT"; }
is_managed() { pid_alive "$PIDFILE" "$PROPS"; }
listening() {
  log "listening on $KAFKA_HOST:$KAFKA_PORT  ->  bootstrap.servers=$KAFKA_HOST:$KAFKA_PORT"
  if [[ -n "$KAFKA_SASL_SSL_PORT" ]]; then
    log "SASL_SSL on $KAFKA_HOST:$KAFKA_SASL_SSL_PORT (SCRAM-SHA-512, PLAIN; CA $TLS_DIR/ca.crt, client certificate $TLS_DIR/client.crt + client.key)"
  fi
}

LOG_OFFSET=0 # size of server.log before this start; fail() shows only newer lines

fail() {
  err "$*"
  local size=0
  [[ -f "$SERVER_LOG" ]] && size="$(stat -c %s "$SERVER_LOG")"
  ((size < LOG_OFFSET)) && LOG_OFFSET=0 # rotated
  if ((size > LOG_OFFSET)); then
    echo "----- last 40 lines of $SERVER_LOG -----" >&2
    tail -c "+$((LOG_OFFSET + 1))" "$SERVER_LOG" | tail -n 40 >&2 || true
  fi
  if [[ -s "$STDOUT_LOG" ]]; then
    echo "----- last 15 lines of $STDOUT_LOG -----" >&2
    tail -n 15 "$STDOUT_LOG" >&2 || true
  fi
  exit 1
}

# Fetch the broker jars into infra/local/kafka/target/lib (again when pom.xml changed).
ensure_jars() {
  local want have=""
  want="$(sha256sum "$KDIR/pom.xml" | cut -d' ' -f1)"
  [[ -f "$LIB/.pom.sha256" ]] && have="$(cat "$LIB/.pom.sha256")"
  if [[ "$want" == "$have" ]] && compgen -G "$LIB/kafka_*.jar" >/dev/null; then
    return
  fi
  command -v mvn >/dev/null || die "mvn not found; needed once to fetch the Kafka jars"
  log "fetching Kafka jars from Maven Central into $LIB (first run only)"
  rm -rf "$LIB"
  mkdir -p "$DIR"
  if ! mvn -B -Dstyle.color=never -f "$KDIR/pom.xml" dependency:copy-dependencies >"$DIR/maven.log" 2>&1; then
    tail -n 40 "$DIR/maven.log" >&2
    die "maven failed to fetch the Kafka jars (log: $DIR/maven.log)"
  fi
  compgen -G "$LIB/kafka_*.jar" >/dev/null || die "maven ran but $LIB has no kafka jar"
  echo "$want" >"$LIB/.pom.sha256"
}

write_props() {
  sed -e "s|@KAFKA_PORT@|$KAFKA_PORT|g" \
    -e "s|@CONTROLLER_PORT@|$KAFKA_CONTROLLER_PORT|g" \
    -e "s|@KAFKA_PROXIED_PORT@|$KAFKA_PROXIED_PORT|g" \
    -e "s|@KAFKA_PROXIED_ADVERTISED_PORT@|$KAFKA_PROXIED_ADVERTISED_PORT|g" \
    -e "s|@LOG_DIRS@|$LOG_DIRS|g" \
    "$KDIR/server.properties.template" >"$PROPS.tmp"
  [[ -n "$KAFKA_SASL_SSL_PORT" ]] && write_sasl_ssl_props >>"$PROPS.tmp"
  mv "$PROPS.tmp" "$PROPS"
}

# A CA, the broker's certificate (127.0.0.1 and localhost) and a client certificate, made once with
# openssl. Keys are unencrypted PKCS#8 PEM, which Kafka reads directly (ssl.keystore.type=PEM).
ensure_certs() {
  [[ -s "$TLS_DIR/broker.pem" && -s "$TLS_DIR/client.crt" ]] && return
  command -v openssl >/dev/null || die "openssl not found (needed for the SASL_SSL listener's certificates)"
  log "making a CA, a broker and a client certificate in $TLS_DIR (openssl)"
  rm -rf "$TLS_DIR"
  mkdir -p "$TLS_DIR"
  (
    cd "$TLS_DIR"
    umask 077
    openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.crt -days 3650 \
      -subj "/CN=Parley local Kafka CA" -addext basicConstraints=critical,CA:TRUE \
      -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
    for who in broker client; do
      openssl req -newkey rsa:2048 -nodes -keyout "$who.key" -out "$who.csr" -subj "/CN=$who" 2>/dev/null
      printf 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\n' >"$who.ext"
      if [[ "$who" == broker ]]; then
        printf 'extendedKeyUsage=serverAuth,clientAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n' >>"$who.ext"
      else
        printf 'extendedKeyUsage=clientAuth\n' >>"$who.ext"
      fi
      openssl x509 -req -in "$who.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -days 3650 \
        -extfile "$who.ext" -out "$who.crt" 2>/dev/null
      rm -f "$who.csr" "$who.ext"
    done
    cat broker.key broker.crt >broker.pem
    chmod 644 ca.crt client.crt broker.crt
  ) || fail "openssl could not make the certificates"
}

# The SASL_SSL listener: TLS with the broker certificate (a client certificate is checked when one is sent),
# then SCRAM-SHA-512 or PLAIN. PLAIN users live in the JAAS line; SCRAM users in the cluster metadata.
write_sasl_ssl_props() {
  local plain_users="" pair
  for pair in $KAFKA_SASL_USERS; do plain_users+=" user_${pair%%:*}=\"${pair#*:}\""; done
  cat <<PROPS

# ---- SASL_SSL listener (kafka.sh, KAFKA_SASL_SSL_PORT) ----
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT,PROXIED://127.0.0.1:$KAFKA_PROXIED_PORT,SASL_SSL://127.0.0.1:$KAFKA_SASL_SSL_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,PROXIED://127.0.0.1:$KAFKA_PROXIED_ADVERTISED_PORT,SASL_SSL://127.0.0.1:$KAFKA_SASL_SSL_PORT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,PROXIED:PLAINTEXT,SASL_SSL:SASL_SSL
sasl.enabled.mechanisms=SCRAM-SHA-512,PLAIN
listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.sasl_ssl.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required$plain_users;
listener.name.sasl_ssl.ssl.keystore.type=PEM
listener.name.sasl_ssl.ssl.keystore.location=$TLS_DIR/broker.pem
listener.name.sasl_ssl.ssl.truststore.type=PEM
listener.name.sasl_ssl.ssl.truststore.location=$TLS_DIR/ca.crt
listener.name.sasl_ssl.ssl.client.auth=requested
PROPS
}

# SCRAM-SHA-512 credentials for every user, with Kafka's kafka-configs tool over the plain listener.
ensure_scram_users() {
  local pair
  for pair in $KAFKA_SASL_USERS; do
    KAFKA_HEAP_OPTS="-Xms32m -Xmx128m" kjava kafka.admin.ConfigCommand --bootstrap-server "$KAFKA_HOST:$KAFKA_PORT" \
      --alter --entity-type users --entity-name "${pair%%:*}" \
      --add-config "SCRAM-SHA-512=[iterations=8192,password=${pair#*:}]" >>"$STDOUT_LOG" 2>&1 ||
      fail "kafka-configs could not create the SCRAM user ${pair%%:*}"
  done
  log "SCRAM-SHA-512 users: $(for pair in $KAFKA_SASL_USERS; do printf '%s ' "${pair%%:*}"; done)(also PLAIN)"
}

kjava() {
  # shellcheck disable=SC2086
  java $KAFKA_HEAP_OPTS $KAFKA_JVM_OPTS \
    "-Dlog4j.configuration=file:$LOG4J" "-Dkafka.logs.dir=$DIR" \
    -cp "$LIB/*" "$@"
}

format_storage() {
  [[ -f "$LOG_DIRS/meta.properties" ]] && return
  # Kafka cluster ids are 16 random bytes, base64url without padding (22 chars). One that starts with "-"
  # (1 draw in 64) is read by kafka-storage as an option ("-t -Xk…": expected one argument), so it is
  # drawn again, as Kafka's own Uuid.randomUuid does.
  while [[ ! -s "$CLUSTER_ID_FILE" || "$(head -c 1 "$CLUSTER_ID_FILE")" == "-" ]]; do
    head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n' >"$CLUSTER_ID_FILE"
  done
  log "formatting storage in $LOG_DIRS (cluster id $(cat "$CLUSTER_ID_FILE"))"
  mkdir -p "$LOG_DIRS"
  KAFKA_HEAP_OPTS="-Xms64m -Xmx256m" kjava kafka.tools.StorageTool format --ignore-formatted \
    -t "$(cat "$CLUSTER_ID_FILE")" -c "$PROPS" >>"$STDOUT_LOG" 2>&1 || fail "kafka-storage format failed"
}

# Ready = our process alive, port answers, and the server log (the part written after
# $LOG_OFFSET bytes) says "Kafka Server started".
wait_ready() {
  local offset="$LOG_OFFSET" deadline=$((SECONDS + KAFKA_START_TIMEOUT)) size
  while ((SECONDS < deadline)); do
    is_managed || fail "broker process exited during startup"
    if is_up && [[ -f "$SERVER_LOG" ]]; then
      size="$(stat -c %s "$SERVER_LOG")"
      ((size < offset)) && offset=0 # log was rotated
      if tail -c "+$((offset + 1))" "$SERVER_LOG" | grep -q "Kafka Server started"; then
        return 0
      fi
    fi
    sleep 1
  done
  fail "broker not ready after ${KAFKA_START_TIMEOUT}s"
}

start() {
  if is_managed && is_up; then
    log "already running (started by this script, pid $(cat "$PIDFILE"))"
    listening
    return
  fi
  if is_up; then
    log "something already answers on $KAFKA_HOST:$KAFKA_PORT (not started by this script); using it"
    listening
    return
  fi
  command -v java >/dev/null || die "java not found on PATH (Java 17+ needed)"
  mkdir -p "$DIR"
  local t0=$EPOCHREALTIME
  if is_managed; then
    log "broker process $(cat "$PIDFILE") is still starting; waiting"
    LOG_OFFSET="$(cat "$DIR/start.offset" 2>/dev/null || echo 0)"
  else
    LOG_OFFSET=0
    [[ -f "$SERVER_LOG" ]] && LOG_OFFSET="$(stat -c %s "$SERVER_LOG")"
    echo "$LOG_OFFSET" >"$DIR/start.offset"
    ensure_jars
    [[ -n "$KAFKA_SASL_SSL_PORT" ]] && ensure_certs
    write_props
    format_storage
    if port_open "$KAFKA_HOST" "$KAFKA_CONTROLLER_PORT"; then
      die "controller port $KAFKA_HOST:$KAFKA_CONTROLLER_PORT is taken by something else (set KAFKA_CONTROLLER_PORT)"
    fi
    log "starting broker on $KAFKA_HOST:$KAFKA_PORT (controller $KAFKA_HOST:$KAFKA_CONTROLLER_PORT)"
    printf '\n===== start %s =====\n' "$(date -u +%FT%TZ)" >>"$STDOUT_LOG"
    # shellcheck disable=SC2086
    start_bg "$PIDFILE" "$STDOUT_LOG" "$DIR" \
      java $KAFKA_HEAP_OPTS $KAFKA_JVM_OPTS \
      "-Dlog4j.configuration=file:$LOG4J" "-Dkafka.logs.dir=$DIR" \
      -cp "$LIB/*" kafka.Kafka "$PROPS" || fail "could not launch java"
  fi
  wait_ready
  [[ -n "$KAFKA_SASL_SSL_PORT" ]] && ensure_scram_users
  log "ready after $(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')s (pid $(cat "$PIDFILE"), logs in $DIR)"
  listening
}

stop() {
  if is_managed; then
    log "stopping broker (pid $(cat "$PIDFILE"))"
    stop_pid "$PIDFILE" "$PROPS" 30 || true
    log "stopped (data kept in $LOG_DIRS)"
  else
    rm -f "$PIDFILE"
    if is_up; then
      log "something on $KAFKA_HOST:$KAFKA_PORT was not started by this script; leaving it alone"
    else
      log "not running"
    fi
  fi
}

status() {
  local how=external
  is_managed && how="managed, pid $(cat "$PIDFILE")"
  if is_up; then
    log "up    $KAFKA_HOST:$KAFKA_PORT ($how)"
  else
    log "down  $KAFKA_HOST:$KAFKA_PORT"
    return 1
  fi
}

case "${1:-}" in
  start | stop) serialize "$DIR" "$@" ;;
esac
case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) usage ;;
esac
