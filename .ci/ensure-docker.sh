#!/usr/bin/env bash
# Makes sure a Docker engine answers and Compose is there: installs docker.io (which brings
# iptables) and starts dockerd when none answers, and Debian's docker-compose when neither
# `docker compose` nor `docker-compose` works. nsenter comes with util-linux, which Debian always has.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
updated=0
apt_install() {
  if [ "$updated" = 0 ]; then apt-get update -qq >&2; updated=1; fi
  apt-get install -y -qq "$@" >&2
}
if ! docker info >/dev/null 2>&1; then
  if ! command -v dockerd >/dev/null 2>&1; then
    echo "ci: installing docker.io" >&2
    apt_install docker.io
  fi
  echo "ci: starting dockerd" >&2
  nohup dockerd >/var/log/sandock-dockerd.log 2>&1 &
  for _ in $(seq 1 60); do
    if docker info >/dev/null 2>&1; then break; fi
    sleep 1
  done
  if ! docker info >/dev/null 2>&1; then
    echo "ci: dockerd did not come up; last log lines:" >&2
    tail -n 30 /var/log/sandock-dockerd.log >&2
    exit 1
  fi
fi
if ! docker compose version >/dev/null 2>&1 && ! docker-compose version >/dev/null 2>&1; then
  echo "ci: installing docker-compose" >&2
  apt_install docker-compose
fi
if ! command -v iptables >/dev/null 2>&1; then apt_install iptables; fi
# The scrub of network slots (SANDOCK_NETWORK_SLOTS; test/control/network-slots.test.ts) needs conntrack.
if ! command -v conntrack >/dev/null 2>&1; then apt_install conntrack; fi
