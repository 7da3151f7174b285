#!/usr/bin/env bash
# Makes Debian's Chromium available at /usr/bin/chromium for the dashboard's browser tests
# (test/control/dashboard*.test.ts drive it with playwright-core; `npx playwright install` cannot
# download a browser on these hosts). Idempotent.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
if ! [ -x /usr/bin/chromium ]; then
  echo "ci: installing chromium" >&2
  apt-get update -qq >&2
  apt-get install -y -qq chromium >&2
fi
/usr/bin/chromium --version >&2
