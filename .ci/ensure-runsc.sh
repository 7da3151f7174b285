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
#
# Also registers `runsc-netstack` (SANDOCK_RUNTIME=runsc-netstack): gVisor's own network stack
# (--network=sandbox) through docker/runsc/runsc-netstack (installed to /usr/local/libexec/sandock),
# the mode whose pauses write memory to disk with `docker checkpoint`, which needs the daemon's
# `experimental` setting. --overlay2=none: runsc 2024's default overlay keeps the root filesystem's
# writes in the sandbox's memory (lost on a reboot); --net-disconnect-ok: a save resets the
# sandbox's TCP connections with the outside instead of refusing (docs/security.md). That setting is not reloaded by SIGHUP: when it changes, dockerd is
# restarted, but only when no container runs (otherwise this fails and says what to do).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
need=()
command -v runsc >/dev/null 2>&1 || need+=(runsc)
command -v iptables-restore >/dev/null 2>&1 || need+=(iptables)
command -v nsenter >/dev/null 2>&1 || need+=(util-linux)
command -v curl >/dev/null 2>&1 || need+=(curl)
if [ ${#need[@]} -gt 0 ]; then
  echo "ci: installing ${need[*]}" >&2
  apt-get update -qq >&2
  apt-get install -y -qq "${need[@]}" >&2
fi
runsc_path=$(command -v runsc)
args_json=${SANDOCK_RUNSC_ARGS_JSON:-'["--platform=ptrace","--network=host"]'}
netstack_args_json=${SANDOCK_RUNSC_NETSTACK_ARGS_JSON:-'["--platform=ptrace","--network=sandbox","--overlay2=none","--net-disconnect-ok"]'}
# The netstack runtime needs a newer runsc than bookworm's (2022-12-19 refuses to save any TCP
# socket in an epoll set, which envd has): bookworm-backports' 2024-07-29, pinned by its SHA-256,
# fetched from Debian's pool and unpacked beside the wrapper (the host's own runsc is left alone).
# SANDOCK_RUNSC_NETSTACK_BIN names another binary instead.
libexec=/usr/local/libexec/sandock
mkdir -p "$libexec"
netstack_runsc=${SANDOCK_RUNSC_NETSTACK_BIN:-$libexec/runsc-20240729}
if [ -z "${SANDOCK_RUNSC_NETSTACK_BIN:-}" ] && [ ! -x "$netstack_runsc" ]; then
  deb_url=http://deb.debian.org/debian/pool/main/g/golang-gvisor-gvisor/runsc_0.0~20240729.0-4~bpo12+2_amd64.deb
  deb_sha256=afdde883e3876ea807e19c708d4432674a20cb10186a7a5b554d62f38ea8de46
  tmp=$(mktemp -d)
  echo "ci: fetching runsc 2024-07-29 (bookworm-backports) for the netstack runtime" >&2
  curl -fsSL --retry 3 -o "$tmp/runsc.deb" "$deb_url"
  echo "$deb_sha256  $tmp/runsc.deb" | sha256sum -c --quiet -
  dpkg-deb -x "$tmp/runsc.deb" "$tmp/x"
  install -m 755 "$tmp/x/usr/bin/runsc" "$netstack_runsc.tmp"
  mv "$netstack_runsc.tmp" "$netstack_runsc"
  rm -rf "$tmp"
fi
wrapper=$libexec/runsc-netstack
sed "s|@RUNSC@|$netstack_runsc|" "$(dirname "$0")/../docker/runsc/runsc-netstack" >"$wrapper.tmp"
chmod 755 "$wrapper.tmp"
mv "$wrapper.tmp" "$wrapper"

mkdir -p /etc/docker
conf=/etc/docker/daemon.json
[ -s "$conf" ] || echo '{}' >"$conf"
node=$(command -v node || true)
if [ -z "$node" ]; then echo "ci: node is needed to merge $conf" >&2; exit 1; fi
"$node" -e '
  const fs = require("fs")
  const [conf, path, args, wrapper, netstackArgs] = process.argv.slice(1)
  const c = JSON.parse(fs.readFileSync(conf, "utf8"))
  const want = { path, runtimeArgs: JSON.parse(args) }
  const netstack = { path: wrapper, runtimeArgs: JSON.parse(netstackArgs) }
  const same = JSON.stringify(c.runtimes?.runsc) === JSON.stringify(want) &&
    JSON.stringify(c.runtimes?.["runsc-netstack"]) === JSON.stringify(netstack) && c.experimental === true
  if (same) process.exit(3)
  const restart = c.experimental !== true
  c.runtimes = { ...(c.runtimes ?? {}), runsc: want, "runsc-netstack": netstack }
  c.experimental = true
  fs.writeFileSync(conf + ".tmp", JSON.stringify(c, null, 2) + "\n")
  fs.renameSync(conf + ".tmp", conf)
  process.exit(restart ? 4 : 0)
' "$conf" "$runsc_path" "$args_json" "$wrapper" "$netstack_args_json" || changed=$?
registered() {
  docker info --format '{{json .Runtimes}} {{.ExperimentalBuild}}' | grep '"runsc"' | grep '"runsc-netstack"' | grep -q 'true$'
}
if [ "${changed:-0}" = 3 ] && registered; then exit 0; fi
if [ "${changed:-0}" != 0 ] && [ "${changed:-0}" != 3 ] && [ "${changed:-0}" != 4 ]; then exit 1; fi
pid=$(pidof dockerd | awk '{print $1}')
if [ -z "$pid" ]; then echo "ci: dockerd is not running" >&2; exit 1; fi
if ! docker info --format '{{.ExperimentalBuild}}' | grep -q true; then
  if [ -n "$(docker ps -q)" ]; then
    echo "ci: dockerd needs a restart for \"experimental\": true (docker checkpoint), but containers are running; restart it yourself" >&2
    exit 1
  fi
  echo "ci: restarting dockerd ($pid) for \"experimental\": true" >&2
  cmdline=$(tr '\0' ' ' </proc/"$pid"/cmdline)
  kill "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.5; done
  # shellcheck disable=SC2086
  nohup $cmdline >>/var/log/sandock-dockerd.log 2>&1 &
  for _ in $(seq 1 60); do
    if docker info >/dev/null 2>&1; then break; fi
    sleep 1
  done
  pid=$(pidof dockerd | awk '{print $1}')
fi
echo "ci: registering runsc with dockerd (SIGHUP $pid)" >&2
kill -HUP "$pid"
for _ in $(seq 1 30); do
  if registered; then exit 0; fi
  sleep 1
done
echo "ci: dockerd did not pick up the runsc runtime from $conf" >&2
exit 1
