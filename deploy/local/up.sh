#!/usr/bin/env bash
# Installs (first use only) and starts the infrastructure of stack mode as plain processes:
# PostgreSQL, Redis, MinIO, Kafka. `up.sh kafka redis` starts only those. Idempotent: what is
# running stays running. Writes the connection settings to .data/stack/stack.env.
source "$(dirname "$0")/common.sh"
for part in postgres redis minio kafka; do source "$ROOT/deploy/local/$part.sh"; done
# One start at a time (parallel test workers may ask for the same server at once).
exec 9>"$RUN_DIR/up.lock"
flock 9

parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(postgres redis minio kafka)
for part in "${parts[@]}"; do
  case $part in
    postgres | redis | minio | kafka) "${part}_start" ;;
    *) fail "unknown part '$part' (postgres, redis, minio, kafka)" ;;
  esac
done

{
  for part in postgres redis minio kafka; do
    if [ "$part" = redis ] || running "$part" || [[ " ${parts[*]} " == *" $part "* ]]; then "${part}_env"; fi
  done
} >"$STACK_DIR/stack.env"
say "settings in ${STACK_DIR#"$ROOT"/}/stack.env:"
sed 's/^/  /' "$STACK_DIR/stack.env"
