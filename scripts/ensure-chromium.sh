#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing (playwright-core drives it;
# Playwright's own browser download cannot reach its servers from here).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium is missing and this user cannot install it: run 'sudo apt-get install -y chromium'" >&2
  exit 1
fi
echo "Installing chromium from Debian's packages (first run only)…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
command -v chromium
