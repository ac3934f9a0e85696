#!/usr/bin/env bash
# Writes what docker compose needs and git must never hold into .env at the repository root
# (docker compose reads it): an Ed25519 key pair for the access tokens (the gateway signs with the
# private key, every service verifies with the public key) and the gateway-to-identity token.
# Keeps values that are already there, so running it again changes nothing.
#   bash deploy/docker/generate-secrets.sh [ENV_FILE]      (default: .env)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
ENV_FILE=${1:-$ROOT/.env}
command -v openssl >/dev/null || {
  echo "openssl is required" >&2
  exit 1
}
touch "$ENV_FILE"
chmod 600 "$ENV_FILE"
# Empty placeholders (as in a copy of .env.example) make way for the generated values.
sed -i -e '/^JWT_PRIVATE_KEY=$/d' -e '/^JWT_PUBLIC_KEY=$/d' -e '/^INTERNAL_TOKEN=$/d' "$ENV_FILE"

has() { grep -q "^$1=." "$ENV_FILE"; }
# PEM on one line with literal \n (the services turn them back into line breaks).
one_line() { awk 'NF { printf "%s\\n", $0 }' | sed 's/\\n$//'; }

if has JWT_PRIVATE_KEY && has JWT_PUBLIC_KEY; then
  echo "JWT_PRIVATE_KEY and JWT_PUBLIC_KEY already in ${ENV_FILE#"$ROOT"/}"
else
  key=$(openssl genpkey -algorithm ed25519)
  {
    echo "JWT_PRIVATE_KEY='$(one_line <<<"$key")'"
    echo "JWT_PUBLIC_KEY='$(openssl pkey -pubout <<<"$key" | one_line)'"
  } >>"$ENV_FILE"
  echo "generated an Ed25519 key pair into ${ENV_FILE#"$ROOT"/}"
fi

if has INTERNAL_TOKEN; then
  echo "INTERNAL_TOKEN already in ${ENV_FILE#"$ROOT"/}"
else
  echo "INTERNAL_TOKEN=$(openssl rand -hex 32)" >>"$ENV_FILE"
  echo "generated INTERNAL_TOKEN into ${ENV_FILE#"$ROOT"/}"
fi
