#!/usr/bin/env bash
# The preparation step of `npm test`: installs every tool the suite needs before any test runs,
# so that tests only start servers (they run with LMS_NO_INSTALL=1 and fail fast, naming this
# script, when something is missing). Idempotent and quick when everything is there.
#
#   node modules            npm install (when node_modules is missing)
#   chromium                Debian's package (browser tests)         scripts/ensure-chromium.sh
#   redis-server            Debian's package (Redis store, socket.io adapter, stack mode)
#   minio                   go install, pinned (S3 storage tests, stack mode)
#   kafka                   the broker's jars with mvn (Kafka transport tests, stack mode)
#   pgbench                 Debian's PostgreSQL packages (the baseline of bench/exam-day)
#   kustomize, kubeconform, Kubernetes schemas, yaml2json       deploy/test/ensure-validators.sh
#
# Tools that are not Debian packages go to TOOLS_DIR (~/.cache/lms/tools by default): outside the
# clone, so a fresh clone on a machine that ran the suite before (CI) reuses them.
# `prepare.sh chromium kafka` prepares only those.
set -euo pipefail
cd "$(dirname "$0")/.."
export TOOLS_DIR=${TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lms/tools}
mkdir -p "$TOOLS_DIR/bin"

ALL=(node-modules chromium redis minio kafka pgbench validators)
parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=("${ALL[@]}")

step() {
  local name=$1 started=$SECONDS
  shift
  echo "prepare: $name …"
  local status=0
  "$@" 2>&1 | sed -u 's/^/  /' || status=$?
  if [ "$status" -ne 0 ]; then
    echo "prepare: $name FAILED (exit $status)" >&2
    exit "$status"
  fi
  echo "prepare: $name ready ($((SECONDS - started)) s)"
}

# The parts below run under `||` (errexit is off there): each command returns its failure itself.

# apt_tool COMMAND PACKAGE...: installs the Debian packages when COMMAND is missing.
apt_tool() {
  local command=$1
  shift
  command -v "$command" >/dev/null && return 0
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    echo "$command is missing; install it (Debian: sudo apt-get install -y $*)" >&2
    return 1
  fi
  echo "installing $* from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq --no-install-recommends "$@" >/dev/null 2>&1 ||
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }
}

node_modules() {
  # `npm install`, not `npm ci`: the registry mirror lags on some optional platform packages, which
  # `npm ci` reports as a lock file out of sync; `npm install` keeps the locked versions.
  if [ -d node_modules ]; then echo "present"; else npm install --no-audit --no-fund; fi
}

kafka_tools() {
  apt_tool java default-jre-headless || return 1
  apt_tool mvn maven || return 1
  bash deploy/local/install.sh kafka
}

minio_tools() {
  command -v go >/dev/null || {
    echo "MinIO is built with the Go toolchain (1.24+): put go on PATH" >&2
    return 1
  }
  bash deploy/local/install.sh minio
}

# pgbench: in postgresql-client on newer Debian releases, in the server package postgresql-NN on
# bookworm; there only its binary is taken from the package (no server installed, no cluster made).
pgbench_tool() {
  pgbench --version >/dev/null 2>&1 && return 0
  "$TOOLS_DIR/bin/pgbench" --version >/dev/null 2>&1 && return 0
  apt_tool psql postgresql-client || return 1
  pgbench --version >/dev/null 2>&1 && return 0
  local major work
  major=$(psql --version | sed -E 's/.* ([0-9]+)[.].*/\1/')
  work=$(mktemp -d)
  (cd "$work" && apt-get download -qq "postgresql-$major" >/dev/null 2>&1 ||
    { apt-get update -qq && apt-get download -qq "postgresql-$major" >/dev/null; }) || return 1
  dpkg-deb -x "$work"/postgresql-"$major"_*.deb "$work/root" || return 1
  cp "$work/root/usr/lib/postgresql/$major/bin/pgbench" "$TOOLS_DIR/bin/pgbench" || return 1
  rm -rf "$work"
  "$TOOLS_DIR/bin/pgbench" --version
}

for part in "${parts[@]}"; do
  case $part in
    node-modules) step "node modules" node_modules ;;
    chromium) step "chromium (browser tests)" bash scripts/ensure-chromium.sh ;;
    redis) step "redis-server" bash deploy/local/install.sh redis ;;
    minio) step "minio (first run: go install, about 6 minutes)" minio_tools ;;
    kafka) step "kafka jars (first run: mvn, about a minute)" kafka_tools ;;
    pgbench) step "pgbench (bench/exam-day baseline)" pgbench_tool ;;
    validators) step "kustomize, kubeconform, Kubernetes schemas" bash deploy/test/ensure-validators.sh ;;
    *)
      echo "prepare: unknown part '$part' (${ALL[*]})" >&2
      exit 2
      ;;
  esac
done
echo "prepare: every tool in place (tools in $TOOLS_DIR)"
