# Apache Kafka, single KRaft node (broker + controller) on 127.0.0.1, jars from Maven Central.
# Why 3.9: docs/decisions/0005-kafka-3-9-with-kafkajs.md
KAFKA_LIBS=$TOOLS_DIR/kafka-3.9.1/libs

kafka_installed() { [ -f "$KAFKA_LIBS/kafka_2.13-3.9.1.jar" ]; }

kafka_install() {
  kafka_installed && return 0
  may_install kafka
  install_lock
  kafka_installed && return 0
  command -v java >/dev/null || fail "kafka needs java (a JDK 17+) on PATH"
  command -v mvn >/dev/null || fail "kafka is fetched with mvn (Maven); install it or put it on PATH"
  say "kafka: fetching the broker's jars from Maven Central (first use only)"
  rm -rf "$KAFKA_LIBS.tmp"
  mvn -q -B -Dstyle.color=never -f "$ROOT/deploy/local/kafka/pom.xml" dependency:copy-dependencies \
    -DoutputDirectory="$KAFKA_LIBS.tmp" -DincludeScope=runtime
  mv "$KAFKA_LIBS.tmp" "$KAFKA_LIBS"
}

kafka_start() {
  kafka_install
  local dir=$STACK_DIR/kafka
  mkdir -p "$dir/data"
  sed -e "s#@DATA@#$dir/data#" -e "s#@PORT@#$KAFKA_PORT#g" -e "s#@CONTROLLER_PORT@#$KAFKA_CONTROLLER_PORT#g" \
    "$ROOT/deploy/local/kafka/server.properties" >"$dir/server.properties"
  if [ ! -f "$dir/data/meta.properties" ]; then
    local cluster
    cluster=$(java -Dlog4j.configuration="file:$ROOT/deploy/local/kafka/log4j.properties" -cp "$KAFKA_LIBS/*" kafka.tools.StorageTool random-uuid)
    java -Dlog4j.configuration="file:$ROOT/deploy/local/kafka/log4j.properties" -cp "$KAFKA_LIBS/*" \
      kafka.tools.StorageTool format -t "$cluster" -c "$dir/server.properties" --ignore-formatted >/dev/null
    say "kafka: storage formatted (cluster $cluster)"
  fi
  ! running kafka && port_taken "$KAFKA_CONTROLLER_PORT" &&
    fail "kafka: controller port $KAFKA_CONTROLLER_PORT is taken; set LMS_KAFKA_CONTROLLER_PORT"
  start_daemon kafka "$KAFKA_PORT" java -Xms256m -Xmx768m -XX:+UseG1GC -Djava.awt.headless=true \
    -Dlog4j.configuration="file:$ROOT/deploy/local/kafka/log4j.properties" \
    -cp "$KAFKA_LIBS/*" kafka.Kafka "$dir/server.properties"
  wait_until kafka 90 grep -q "Kafka Server started" "$LOG_DIR/kafka.log"
}

kafka_env() { echo "KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT"; }
