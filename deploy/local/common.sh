# Shared by the deploy/local scripts: where things live, ports, and daemon helpers.
# Every server runs as a plain process of this machine, its data and logs under .data/stack.
# Installed tools (MinIO, Kafka's jars, the manifest validators) live in a per-user cache outside
# the clone, so a fresh clone on the same machine (CI) reuses them: TOOLS_DIR, by default
# ~/.cache/lms/tools.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
STACK_DIR=${STACK_DIR:-$ROOT/.data/stack}
TOOLS_DIR=${TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lms/tools}
LOG_DIR=$STACK_DIR/logs
RUN_DIR=$STACK_DIR/run
mkdir -p "$LOG_DIR" "$RUN_DIR" "$TOOLS_DIR/bin"

PG_PORT=${LMS_PG_PORT:-5432}
PG_PASSWORD=${LMS_PG_PASSWORD:-lms-stack}
KAFKA_PORT=${LMS_KAFKA_PORT:-9092}
KAFKA_CONTROLLER_PORT=${LMS_KAFKA_CONTROLLER_PORT:-9093}
MINIO_PORT=${LMS_MINIO_PORT:-9000}
MINIO_CONSOLE_PORT=${LMS_MINIO_CONSOLE_PORT:-9001}
MINIO_USER=${LMS_MINIO_USER:-lms-stack}
MINIO_PASSWORD=${LMS_MINIO_PASSWORD:-lms-stack-secret}
REDIS_PORT=${LMS_REDIS_PORT:-6379}

say() { echo "[deploy/local] $*"; }
fail() {
  echo "[deploy/local] ERROR: $*" >&2
  exit 1
}

# may_install TOOL: installing is refused when LMS_NO_INSTALL=1 (the test run sets it: tests only
# start servers; `npm test` installs everything beforehand in scripts/prepare.sh).
may_install() {
  [ "${LMS_NO_INSTALL:-}" = 1 ] &&
    fail "$1 is not installed (in $TOOLS_DIR) and this run may not install it (LMS_NO_INSTALL=1); run 'bash scripts/prepare.sh' first (npm test does)"
  return 0
}

# One installer at a time per tools directory (two clones may prepare at once).
install_lock() {
  exec 8>"$TOOLS_DIR/.install.lock"
  flock 8
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# port_taken PORT: open now and still open a few seconds on. A server killed -9 shows as a zombie
# (so not running) while its other threads are still being torn down, its ports open a moment
# longer: a restart right after a crash waits for them instead of calling them taken.
port_taken() {
  local _
  for _ in $(seq 1 40); do
    port_open "$1" || return 1
    sleep 0.25
  done
}

# The pid of a part started here, if that process is alive (a zombie, or one being torn down
# after kill -9, is not).
pid_of() {
  local file="$RUN_DIR/$1.pid" pid state
  [ -f "$file" ] || return 1
  pid=$(cat "$file")
  state=$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null) || return 1
  [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ] && echo "$pid"
}

running() { pid_of "$1" >/dev/null; }

# start_daemon NAME PORT COMMAND...: refuses a port taken by someone else, starts the command in
# its own session (Ctrl-C in the calling terminal does not reach it), records its pid.
start_daemon() {
  local name=$1 port=$2
  shift 2
  if running "$name"; then
    say "$name already running (pid $(pid_of "$name"))"
    return 0
  fi
  port_taken "$port" && fail "$name: port $port is taken by another process; stop it or set the LMS_*_PORT variable"
  # A fresh log per start (the previous one kept as .1): health checks read the log.
  [ -f "$LOG_DIR/$name.log" ] && mv "$LOG_DIR/$name.log" "$LOG_DIR/$name.log.1"
  setsid nohup "$@" >"$LOG_DIR/$name.log" 2>&1 </dev/null 9>&- &
  echo $! >"$RUN_DIR/$name.pid"
  say "$name starting (pid $!, log ${LOG_DIR#"$ROOT"/}/$name.log)"
}

# wait_until NAME SECONDS COMMAND...: polls the health command; on time-out shows the log tail.
wait_until() {
  local name=$1 seconds=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    if ! running "$name"; then
      tail -n 30 "$LOG_DIR/$name.log" >&2 || true
      fail "$name exited during start-up (log above)"
    fi
    if [ $SECONDS -ge $deadline ]; then
      tail -n 30 "$LOG_DIR/$name.log" >&2 || true
      fail "$name not healthy after ${seconds}s (log above)"
    fi
    sleep 0.5
  done
  say "$name ready"
}

stop_daemon() {
  local name=$1 pid
  pid=$(pid_of "$name") || {
    rm -f "$RUN_DIR/$name.pid"
    return 0
  }
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  rm -f "$RUN_DIR/$name.pid"
  say "$name stopped"
}
