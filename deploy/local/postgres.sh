# PostgreSQL: the embedded-postgres package's real server (as in all-in-one mode), data under
# .data/stack/postgres, run by deploy/local/postgres.mjs. A server already answering on the port
# is reused when LMS_PG_PASSWORD matches its postgres user.
postgres_ready() {
  node -e "const {Client}=require('pg');const c=new Client({connectionString:process.argv[1]});
    c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$(postgres_url)/postgres"
}

postgres_url() { echo "postgres://postgres:$PG_PASSWORD@127.0.0.1:$PG_PORT"; }

postgres_start() {
  [ -f "$ROOT/libs/database/dist/index.js" ] || (cd "$ROOT" && node scripts/build.mjs >/dev/null)
  if ! running postgres && port_open "$PG_PORT"; then
    postgres_ready || fail "postgres: port $PG_PORT answers but not with LMS_PG_PASSWORD; set LMS_PG_PORT"
    say "postgres: reusing the server on port $PG_PORT"
    return 0
  fi
  start_daemon postgres "$PG_PORT" node "$ROOT/deploy/local/postgres.mjs" "$STACK_DIR/postgres" "$PG_PORT" "$PG_PASSWORD"
  wait_until postgres 90 postgres_ready
}

postgres_env() { echo "DATABASE_SERVER_URL=$(postgres_url)"; }
