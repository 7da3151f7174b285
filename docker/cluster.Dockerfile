# The cluster image: `sandock control` and `sandock node` (docker-stack.yml). The same bundle as the
# server image (dist/image from `npm run build`) plus iptables and iproute2: a node agent loads
# sandboxes' egress rules and its host firewall chain with them, and finds the sandbox bridge's
# address for its egress gateway. Build it from dist/ (the repository's .dockerignore
# leaves dist out of the root context). `sandock` on the PATH is for an operator's
# `docker exec <control task> sandock node drain <node>` (docs/cluster.md).
#   npm run build && docker build -f docker/cluster.Dockerfile -t sandock/cluster dist
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends iptables conntrack iproute2 \
 && apt-get clean && rm -rf /var/lib/apt/lists/* /usr/share/doc /usr/share/man
RUN printf '#!/bin/sh\nexec /opt/sandock/bin/node /opt/sandock/sandock.mjs "$@"\n' > /usr/local/bin/sandock \
 && chmod 755 /usr/local/bin/sandock
COPY image /opt/sandock
# The derived built-ins' build folders (code-interpreter-v1, desktop): a node builds them.
COPY builtins /opt/builtins
# The dashboard beside the bundle (found at ../dashboard from it), served by control replicas.
COPY dashboard /opt/dashboard
ENV SANDOCK_DATA_DIR=/var/lib/sandock SANDOCK_HOST=0.0.0.0
ENTRYPOINT ["/opt/sandock/bin/node", "/opt/sandock/sandock.mjs"]
CMD ["control"]
