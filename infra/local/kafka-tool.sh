#!/usr/bin/env bash
# Run a Kafka 3.9.1 command-line tool from the jars fetched by kafka.sh
# (infra/local/kafka/target/lib). Shortcuts:
#   topics            -> org.apache.kafka.tools.TopicCommand            (kafka-topics.sh)
#   console-producer  -> kafka.tools.ConsoleProducer                    (kafka-console-producer.sh)
#   console-consumer  -> org.apache.kafka.tools.consumer.ConsoleConsumer (kafka-console-consumer.sh)
#   consumer-groups   -> org.apache.kafka.tools.consumer.group.ConsumerGroupCommand
#   storage           -> kafka.tools.StorageTool
#   configs           -> kafka.admin.ConfigCommand                      (kafka-configs.sh: SCRAM users)
# Anything else is taken as a fully qualified main class.
# Example:
#   infra/local/kafka-tool.sh topics --bootstrap-server 127.0.0.1:9092 --list
set -euo pipefail
SERVICE=kafka-tool
# shellcheck source=SCRIPTDIR/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

LIB="$INFRA_DIR/kafka/target/lib"
[[ $# -ge 1 ]] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
compgen -G "$LIB/kafka_*.jar" >/dev/null || die "no Kafka jars in $LIB; run infra/local/kafka.sh start first"

tool="$1"
shift
case "$tool" in
  topics) main=org.apache.kafka.tools.TopicCommand ;;
  console-producer) main=kafka.tools.ConsoleProducer ;;
  console-consumer) main=org.apache.kafka.tools.consumer.ConsoleConsumer ;;
  consumer-groups) main=org.apache.kafka.tools.consumer.group.ConsumerGroupCommand ;;
  configs) main=kafka.admin.ConfigCommand ;;
  storage) main=kafka.tools.StorageTool ;;
  *) main="$tool" ;;
esac

# shellcheck disable=SC2086
exec java ${KAFKA_TOOL_HEAP_OPTS:--Xms32m -Xmx256m} -XX:+UseSerialGC -XX:TieredStopAtLevel=1 \
  "-Dlog4j.configuration=file:$INFRA_DIR/kafka/tools-log4j.properties" \
  -cp "$LIB/*" "$main" "$@"
