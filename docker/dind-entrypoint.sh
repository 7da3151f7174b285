#!/bin/sh
# Starts dockerd inside a container (docker/dind.Dockerfile). Environment:
#   DIND_INSECURE_REGISTRIES  comma-separated host:port pulled from/pushed to over plain HTTP
#   DIND_CGROUP_PARENT        cgroup (v1) the inner containers go under; default: <own cgroup>/dind,
#                             so they are accounted to this container and go away with it
#   DIND_RUNSC_ARGS_JSON      runtimeArgs of the `runsc` runtime (gVisor), registered when runsc is
#                             installed; default as on a host (.ci/ensure-runsc.sh):
#                             ["--platform=ptrace","--network=host"]
# Extra arguments are passed to dockerd.
set -eu

# Mounts like the moby project's hack/dind: securityfs for AppArmor checks, shared propagation
# so inner containers may use bind propagation.
if [ -d /sys/kernel/security ] && ! mountpoint -q /sys/kernel/security; then
  mount -t securityfs none /sys/kernel/security 2>/dev/null || true
fi
mount --make-rshared / 2>/dev/null || true

parent=${DIND_CGROUP_PARENT:-}
if [ -z "$parent" ]; then
  # cgroup v1 with the host's hierarchy mounted: our own memory cgroup, e.g. /docker/<id>.
  own=$(awk -F: '$2 ~ /(^|,)memory(,|$)/ { print $3 }' /proc/self/cgroup)
  if [ -z "$own" ]; then
    # cgroup v2 needs another setup (a private cgroup namespace, controllers delegated to a
    # child group, as moby's hack/dind does); our machines are v1 and it was never tried.
    echo "dind-entrypoint: no cgroup v1 memory hierarchy in /proc/self/cgroup (cgroup v2 is not supported)" >&2
    exit 1
  fi
  parent="${own%/}/dind"
fi

registries=""
if [ -n "${DIND_INSECURE_REGISTRIES:-}" ]; then
  registries=$(printf '%s' "$DIND_INSECURE_REGISTRIES" | tr ',' '\n' | sed 's/.*/"&"/' | paste -sd, -)
fi
runtimes=""
if runsc=$(command -v runsc); then
  runtimes=$(printf '"runsc": { "path": "%s", "runtimeArgs": %s }' \
    "$runsc" "${DIND_RUNSC_ARGS_JSON:-[\"--platform=ptrace\",\"--network=host\"]}")
fi
mkdir -p /etc/docker
cat > /etc/docker/daemon.json <<JSON
{
  "storage-driver": "overlay2",
  "cgroup-parent": "$parent",
  "insecure-registries": [$registries],
  "runtimes": { $runtimes },
  "log-driver": "json-file",
  "log-opts": { "max-size": "10m" }
}
JSON
exec dockerd --host unix:///var/run/docker.sock "$@"
