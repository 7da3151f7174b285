#!/usr/bin/env bash
# Makes sure a C compiler with static glibc is there: the unit tests compile envd's process
# starter (src/envd/process/spawner/sandock-spawner.c) as the base image does.
set -euo pipefail
if command -v cc >/dev/null 2>&1 && compgen -G "/usr/lib/*-linux-gnu/libc.a" >/dev/null; then exit 0; fi
echo "ci: installing gcc and libc6-dev" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq gcc libc6-dev >&2
