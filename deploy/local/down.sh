#!/usr/bin/env bash
# Stops what up.sh started (all parts, or those named), keeping their data under .data/stack.
source "$(dirname "$0")/common.sh"
parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(kafka minio redis postgres)
for part in "${parts[@]}"; do stop_daemon "$part"; done
