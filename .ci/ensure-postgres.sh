#!/usr/bin/env bash
# Makes Debian's postgresql-15 server binaries available (/usr/lib/postgresql/15/bin): the unit
# tier tests the cluster's PostgreSQL store and catalog against a real server it starts on a
# loopback port (test/support/postgres.ts). Only the package is installed: no cluster is created
# and no service is started. Idempotent.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
if [ ! -x /usr/lib/postgresql/15/bin/postgres ]; then
  echo "ci: installing postgresql-15" >&2
  apt-get update -qq >&2
  # The package's postinst creates and starts a default cluster; policy-rc.d keeps it stopped.
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  apt-get install -y -qq --no-install-recommends postgresql-15 >&2
  rm -f /usr/sbin/policy-rc.d
fi
id postgres >/dev/null
