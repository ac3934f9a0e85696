#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing (playwright-core drives it;
# Playwright's own browser download cannot reach its servers from here). Run by scripts/prepare.sh.
set -euo pipefail
chromium=${CHROMIUM_PATH:-$(command -v chromium || true)}
if [ -n "$chromium" ] && [ -x "$chromium" ]; then
  echo "chromium present ($chromium)"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium is missing and this user cannot install it: run 'sudo apt-get install -y chromium'" >&2
  exit 1
fi
echo "installing chromium from Debian's packages (first run only)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
echo "chromium installed ($(command -v chromium))"
