#!/usr/bin/env bash
# The README's "run every test" command. On a Debian or Ubuntu machine, as root, it first installs
# whatever the tests need and is missing (Node 24, a Docker engine, Compose, iptables, a C compiler
# with static glibc, Chromium, PostgreSQL 15, debootstrap and the local Debian base image built with it), builds
# the template images the suites use (each skipped when its content-hash tag exists), then runs
# `npm ci && npm test`. Each step is a no-op when its part is already there. Elsewhere, set those
# up by hand (docs/testing.md) and run `npm cit`. `.ci/run` (CI) calls this script.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" != 0 ]; then
  echo "scripts/test.sh: run it as root (sudo): the firewall and egress tests need root, and set-up uses apt-get" >&2
  exit 1
fi
nodebin=$(bash .ci/ensure-node.sh)
if [ -n "$nodebin" ]; then export PATH="$nodebin:$PATH"; fi
bash .ci/ensure-docker.sh
# A C compiler: the unit tests build envd's process starter as the base image does.
bash .ci/ensure-cc.sh
# Debian's Chromium for the dashboard's browser tests.
bash .ci/ensure-chromium.sh
# PostgreSQL 15's server binaries: the unit tier tests the cluster's store and catalog against a
# real server it starts on a loopback port.
bash .ci/ensure-postgres.sh
bash docker/build-base-image.sh
echo "test: node $(node --version), npm $(npm --version), $(docker version --format 'docker {{.Server.Version}}')"
npm ci --no-audit --no-fund
# The derived built-in templates (code-interpreter-v1, desktop) take minutes to build cold, so
# their images are tagged by the content hash of their build folder and the base image, and built
# here ahead of the suites by the same code `sandock serve` runs at its start (an unchanged re-run
# finds them). Built before the suites, so their time shows on its own and no test hook waits.
npm run build
node scripts/build-image.mjs
time node dist/image/sandock.mjs templates build-builtin
npm test
