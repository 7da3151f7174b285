#!/usr/bin/env bash
# Makes gVisor's `runsc` available to Docker as the runtime `runsc`: installs it (and iptables and
# nsenter, which egress rules need) when missing, registers it in /etc/docker/daemon.json (merged:
# other keys are kept), reloads dockerd with SIGHUP (never a restart: running containers stay up)
# and waits until `docker info` lists it. Idempotent.
#
# runtimeArgs: --platform=ptrace works without KVM or nested virtualisation; --network=host makes
# gVisor use the container's own network namespace (Docker's veth, iptables rules in it apply);
# no --ignore-cgroups, so CPU, memory and pids limits apply (checked on this cgroup v1 host: a
# 64 MiB sandbox is OOM-killed at 200 MiB). A host where runsc cannot create cgroups needs
# SANDOCK_RUNSC_ARGS_JSON='["--platform=ptrace","--network=host","--ignore-cgroups"]', and then
# runs sandboxes without limits.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
need=()
command -v runsc >/dev/null 2>&1 || need+=(runsc)
command -v iptables-restore >/dev/null 2>&1 || need+=(iptables)
command -v nsenter >/dev/null 2>&1 || need+=(util-linux)
if [ ${#need[@]} -gt 0 ]; then
  echo "ci: installing ${need[*]}" >&2
  apt-get update -qq >&2
  apt-get install -y -qq "${need[@]}" >&2
fi
runsc_path=$(command -v runsc)
args_json=${SANDOCK_RUNSC_ARGS_JSON:-'["--platform=ptrace","--network=host"]'}

mkdir -p /etc/docker
conf=/etc/docker/daemon.json
[ -s "$conf" ] || echo '{}' >"$conf"
node=$(command -v node || true)
if [ -z "$node" ]; then echo "ci: node is needed to merge $conf" >&2; exit 1; fi
"$node" -e '
  const fs = require("fs")
  const [conf, path, args] = process.argv.slice(1)
  const c = JSON.parse(fs.readFileSync(conf, "utf8"))
  const want = { path, runtimeArgs: JSON.parse(args) }
  if (JSON.stringify(c.runtimes?.runsc) === JSON.stringify(want)) process.exit(3)
  c.runtimes = { ...(c.runtimes ?? {}), runsc: want }
  fs.writeFileSync(conf + ".tmp", JSON.stringify(c, null, 2) + "\n")
  fs.renameSync(conf + ".tmp", conf)
' "$conf" "$runsc_path" "$args_json" || changed=$?
if [ "${changed:-0}" = 3 ] && docker info --format '{{json .Runtimes}}' | grep -q '"runsc"'; then exit 0; fi
if [ "${changed:-0}" != 0 ] && [ "${changed:-0}" != 3 ]; then exit 1; fi
pid=$(pidof dockerd | awk '{print $1}')
if [ -z "$pid" ]; then echo "ci: dockerd is not running" >&2; exit 1; fi
echo "ci: registering runsc with dockerd (SIGHUP $pid)" >&2
kill -HUP "$pid"
for _ in $(seq 1 30); do
  if docker info --format '{{json .Runtimes}}' | grep -q '"runsc"'; then exit 0; fi
  sleep 1
done
echo "ci: dockerd did not pick up the runsc runtime from $conf" >&2
exit 1
