# A Docker engine in a container: one "node" of the cluster tests (test/support/cluster). Debian's
# docker.io (dockerd 20.10 with swarmkit, containerd, runc, the CLI with `swarm`/`stack`) on the
# offline Debian base, so it builds where no image registry is reachable. Run it with the flags in
# test/support/cluster/nodes.ts (not --privileged: see there) and /var/lib/docker on a volume
# (overlay2 on the outer overlay2 is refused).
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
# Without recommends (apparmor, git, xz-utils…). libnetwork's debug tools (dnet, ovrouter) and the
# v1 shims are unused: 30 MB. runsc is Debian's gVisor, registered as the runtime `runsc` by the
# entrypoint (a node's sandboxes under gVisor: SANDOCK_RUNTIME=runsc, docs/cluster.md).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      ca-certificates docker.io iproute2 iptables procps runsc \
 && apt-get clean && rm -rf /var/lib/apt/lists/* /usr/share/doc /usr/share/man \
 && rm -f /usr/bin/dnet /usr/sbin/ovrouter /usr/bin/containerd-shim /usr/bin/containerd-shim-runc-v1
COPY dind-entrypoint.sh /usr/local/bin/dind-entrypoint
VOLUME /var/lib/docker
# 2375 stays closed: the engine is reached with `docker exec <node> docker …` only.
EXPOSE 2377/tcp 7946/tcp 7946/udp 4789/udp
ENTRYPOINT ["/usr/local/bin/dind-entrypoint"]
