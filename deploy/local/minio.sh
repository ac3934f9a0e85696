# MinIO (S3 API) built from source with the Go toolchain, as its project documents
# (`go install github.com/minio/minio@...`). Upstream archived the repository in February 2026;
# this pins its final commit.
MINIO_MODULE=github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c
MINIO_BIN=$TOOLS_DIR/bin/minio

minio_installed() { [ -x "$MINIO_BIN" ] && [ "$(cat "$MINIO_BIN.version" 2>/dev/null)" = "$MINIO_MODULE" ]; }

minio_install() {
  minio_installed && return 0
  may_install minio
  install_lock
  minio_installed && return 0
  command -v go >/dev/null || fail "minio is built with the Go toolchain; put go on PATH"
  say "minio: building $MINIO_MODULE with go install (first use only, about 6 minutes)"
  GOBIN=$TOOLS_DIR/bin GOFLAGS=-buildvcs=false go install "$MINIO_MODULE"
  echo "$MINIO_MODULE" >"$MINIO_BIN.version"
}

minio_start() {
  minio_install
  mkdir -p "$STACK_DIR/minio"
  MINIO_ROOT_USER=$MINIO_USER MINIO_ROOT_PASSWORD=$MINIO_PASSWORD MINIO_BROWSER=on \
    start_daemon minio "$MINIO_PORT" "$MINIO_BIN" server "$STACK_DIR/minio" \
    --address "127.0.0.1:$MINIO_PORT" --console-address "127.0.0.1:$MINIO_CONSOLE_PORT" --quiet
  wait_until minio 60 curl -sf "http://127.0.0.1:$MINIO_PORT/minio/health/live"
}

minio_env() {
  echo "S3_ENDPOINT=http://127.0.0.1:$MINIO_PORT"
  echo "S3_ACCESS_KEY=$MINIO_USER"
  echo "S3_SECRET_KEY=$MINIO_PASSWORD"
}
