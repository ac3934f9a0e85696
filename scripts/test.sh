#!/usr/bin/env bash
# `npm test`: the whole suite on a fresh machine. First installs every tool the suite needs
# (scripts/prepare.sh: node modules, Chromium, Redis, MinIO, Kafka's jars, the manifest
# validators), then runs the static checks, builds, then every test: unit, integration against a
# real PostgreSQL (embedded-postgres, started by the Jest global setup), API end-to-end through
# the gateway, and the browser tests. Tests only start servers, never install (LMS_NO_INSTALL).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== prepare (every tool the suite needs)"
bash scripts/prepare.sh
export LMS_NO_INSTALL=1
mkdir -p artifacts

echo "== checks (lint, format, typecheck)"
npm run --silent check

echo "== build"
node scripts/build.mjs

jest=(node node_modules/jest/bin/jest.js --ci --json)
web_status=0
jest_status=0
if [ $# -gt 0 ]; then
  # `npm test -- <jest arguments>`: those Jest suites only (and the web unit tests).
  (cd web && npx vitest run --reporter=default --reporter=json --outputFile=../artifacts/vitest.json) || web_status=$?
  "${jest[@]}" --outputFile=artifacts/jest.json "$@" || jest_status=$?
  node scripts/test-summary.mjs artifacts/jest.json artifacts/vitest.json
  [ "$web_status" -eq 0 ] && [ "$jest_status" -eq 0 ]
  exit
fi

# Suites on the stack servers of deploy/local (`stackServer(part)` without an instance of their
# own: one Kafka, MinIO, Redis, PostgreSQL per machine, on fixed ports) run one at a time, with
# the web unit tests beside them. Then every other suite, two at a time: each has its own
# databases (in the run's one embedded PostgreSQL), ports and browser, and they spend much of
# their time waiting on them. Every suite runs in a worker process (workerIdleMemoryLimit in
# jest.config.js replaces a worker whose heap has grown).
mapfile -t on_stack < <(grep -rlE 'stackServer\([^,)]*\)' --include='*spec.ts' \
  --exclude-dir=node_modules --exclude-dir=dist e2e libs services deploy | sort)
[ ${#on_stack[@]} -gt 0 ] || { echo "no suite calls stackServer(part): scripts/test.sh is out of date" >&2; exit 1; }
pattern=$(IFS='|' && echo "${on_stack[*]}")

echo "== web unit tests (vitest, output in artifacts/vitest.log) beside the node tests on the stack servers (jest, one at a time)"
(cd web && exec npx vitest run --reporter=default --reporter=json --outputFile=../artifacts/vitest.json) \
  >artifacts/vitest.log 2>&1 &
vitest=$!
"${jest[@]}" --maxWorkers=1 --outputFile=artifacts/jest-stack.json "${on_stack[@]}" || jest_status=$?
wait "$vitest" || web_status=$?
cat artifacts/vitest.log

echo "== node tests (jest: unit, integration, end-to-end), two at a time"
"${jest[@]}" --maxWorkers=2 --outputFile=artifacts/jest-others.json \
  --testPathIgnorePatterns="/node_modules/|$pattern" || jest_status=$?
node scripts/merge-jest-reports.mjs artifacts/jest.json artifacts/jest-stack.json artifacts/jest-others.json

node scripts/test-summary.mjs artifacts/jest.json artifacts/vitest.json
[ "$web_status" -eq 0 ] && [ "$jest_status" -eq 0 ]
