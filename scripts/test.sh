#!/usr/bin/env bash
# The README's "run every test" command. On a Debian or Ubuntu machine, as root, it first installs
# whatever the tests need and is missing (Node 24, a Docker engine, Compose, iptables, debootstrap
# and the local Debian base image built with it), then runs `npm ci && npm test`. Each step is a
# no-op when its part is already there. Elsewhere, set those up by hand (README, Tests) and run
# `npm cit`. `.ci/run` (CI) calls this script.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" != 0 ]; then
  echo "scripts/test.sh: run it as root (sudo): the firewall and egress tests need root, and set-up uses apt-get" >&2
  exit 1
fi
nodebin=$(bash .ci/ensure-node.sh)
if [ -n "$nodebin" ]; then export PATH="$nodebin:$PATH"; fi
bash .ci/ensure-docker.sh
bash docker/build-base-image.sh
echo "test: node $(node --version), npm $(npm --version), $(docker version --format 'docker {{.Server.Version}}')"
npm ci --no-audit --no-fund
npm test
