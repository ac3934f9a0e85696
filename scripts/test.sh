#!/usr/bin/env bash
# `npm test`: the whole suite on a fresh machine. Installs what it needs (node modules, Debian's
# Chromium), runs the static checks, builds, then every test: unit, integration against a real
# PostgreSQL (embedded-postgres, started by the Jest global setup), API end-to-end through the
# gateway, and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# `npm install`, not `npm ci`: the registry mirror lags on some optional platform packages, which
# `npm ci` reports as a lock file out of sync; `npm install` keeps the locked versions.
[ -d node_modules ] || npm install --no-audit --no-fund
mkdir -p artifacts

echo "== checks (lint, format, typecheck)"
npm run --silent check

echo "== build"
node scripts/build.mjs

echo "== browser"
bash scripts/ensure-chromium.sh

echo "== web unit tests (vitest)"
web_status=0
(cd web && npx vitest run --reporter=default --reporter=json --outputFile=../artifacts/vitest.json) || web_status=$?

echo "== node tests (jest: unit, integration, end-to-end)"
jest_status=0
npx jest --ci --json --outputFile=artifacts/jest.json "$@" || jest_status=$?

node scripts/test-summary.mjs artifacts/jest.json artifacts/vitest.json
[ "$web_status" -eq 0 ] && [ "$jest_status" -eq 0 ]
