# Redis from Debian's packages; a Redis already answering on the port is reused.
redis_install() {
  command -v redis-server >/dev/null && return 0
  may_install redis-server
  command -v apt-get >/dev/null || fail "redis-server is missing and apt-get is not available; install Redis"
  say "redis: installing Debian's redis-server (first use only)"
  apt-get install -y -qq redis-server >/dev/null 2>&1 || {
    apt-get update -qq && apt-get install -y -qq redis-server >/dev/null
  }
}

redis_ping() { [ "$(redis-cli -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]; }

redis_start() {
  redis_install
  if ! running redis && redis_ping; then
    say "redis: reusing the Redis already answering on port $REDIS_PORT"
    return 0
  fi
  mkdir -p "$STACK_DIR/redis"
  start_daemon redis "$REDIS_PORT" redis-server --bind 127.0.0.1 --port "$REDIS_PORT" \
    --dir "$STACK_DIR/redis" --appendonly yes --save "" --daemonize no
  wait_until redis 30 redis_ping
}

redis_env() { echo "REDIS_URL=redis://127.0.0.1:$REDIS_PORT"; }
