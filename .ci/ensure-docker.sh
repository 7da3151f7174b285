#!/usr/bin/env bash
# Makes sure a Docker engine answers: installs docker.io and starts dockerd when none does.
set -euo pipefail
if docker info >/dev/null 2>&1; then exit 0; fi
if ! command -v dockerd >/dev/null 2>&1; then
  echo "ci: installing docker.io" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq docker.io >&2
fi
echo "ci: starting dockerd" >&2
nohup dockerd >/var/log/sandock-dockerd.log 2>&1 &
for _ in $(seq 1 60); do
  if docker info >/dev/null 2>&1; then exit 0; fi
  sleep 1
done
echo "ci: dockerd did not come up; last log lines:" >&2
tail -n 30 /var/log/sandock-dockerd.log >&2
exit 1
