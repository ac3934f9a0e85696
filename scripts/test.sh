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

echo "== web unit tests (vitest)"
web_status=0
(cd web && npx vitest run --reporter=default --reporter=json --outputFile=../artifacts/vitest.json) || web_status=$?

echo "== node tests (jest: unit, integration, end-to-end)"
jest_status=0
# On two cores jest runs every suite in its own process, whose heap grows with each suite (about
# 25 MB; 3.7 GB after 164 suites, past node's default limit): give it room until that is found.
node --max-old-space-size=8192 node_modules/jest/bin/jest.js --ci --json --outputFile=artifacts/jest.json "$@" ||
  jest_status=$?

node scripts/test-summary.mjs artifacts/jest.json artifacts/vitest.json
[ "$web_status" -eq 0 ] && [ "$jest_status" -eq 0 ]
