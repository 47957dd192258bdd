#!/usr/bin/env bash
# A second local Kafka broker with a SASL_SSL listener (TLS + SCRAM-SHA-512 or PLAIN), beside the plain one
# of kafka.sh, so clients can be tested the way Strimzi's TLS listener or a managed Kafka serves them
# without restarting the broker everybody else uses. Same jars, its own ports and data (.data/kafka-secure).
#   start | stop | status   as kafka.sh
#
#   plain listener  127.0.0.1:9192   (tools, kafka-configs)
#   SASL_SSL        127.0.0.1:9194   CA .data/kafka-secure/tls/ca.crt, client certificate tls/client.crt + .key
#   users           parley / parley-dev-secret (SCRAM-SHA-512 and PLAIN; KAFKA_SASL_USERS to change)
#
#   npx kafkajs-style client: { brokers: ['127.0.0.1:9194'], ssl: { ca: [ca.crt] },
#                               sasl: { mechanism: 'scram-sha-512', username: 'parley', password: '…' } }
set -euo pipefail
export KAFKA_INSTANCE=kafka-secure
export KAFKA_PORT="${KAFKA_SECURE_PLAIN_PORT:-9192}"
export KAFKA_CONTROLLER_PORT="${KAFKA_SECURE_CONTROLLER_PORT:-9193}"
export KAFKA_SASL_SSL_PORT="${KAFKA_SECURE_PORT:-9194}"
export KAFKA_PROXIED_PORT="${KAFKA_SECURE_PROXIED_PORT:-9195}"
export KAFKA_PROXIED_ADVERTISED_PORT="${KAFKA_SECURE_PROXIED_ADVERTISED_PORT:-19195}"
# Small: it only serves tests and trials.
export KAFKA_HEAP_OPTS="${KAFKA_SECURE_HEAP_OPTS:--Xms128m -Xmx384m}"
exec bash "$(dirname "${BASH_SOURCE[0]}")/kafka.sh" "$@"
