#!/usr/bin/env bash
# One line per part: running (pid, port) or stopped. Exit status 1 when any is stopped.
source "$(dirname "$0")/common.sh"
status=0
report() {
  local name=$1 port=$2
  if running "$name"; then
    printf '%-9s running  pid %-7s port %s\n' "$name" "$(pid_of "$name")" "$port"
  elif port_open "$port"; then
    printf '%-9s external (port %s answered by a process not started here)\n' "$name" "$port"
  else
    printf '%-9s stopped\n' "$name"
    status=1
  fi
}
report postgres "$PG_PORT"
report redis "$REDIS_PORT"
report minio "$MINIO_PORT"
report kafka "$KAFKA_PORT"
exit $status
