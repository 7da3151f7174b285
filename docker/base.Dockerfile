# The `base` template: Debian bookworm with the commands E2B's base offers (python/pip, node/npm,
# git, curl, wget, compilers; see docs/templates.md) plus jq, netstat, ss, less, nano, vi, setfattr,
# user `user` (home /home/user, passwordless sudo) as the default user, and envd as the entrypoint
# (Docker's init reaps zombies and forwards signals). Built by `sandock serve` or
# scripts/build-image.mjs from the envd bundle folder (dist/image, /opt/sandock in the server image).
ARG BASE_IMAGE=debian:bookworm-slim
# envd's process starter (src/envd/process/spawner/sandock-spawner.c), built with Debian's gcc and
# linked statically, so it runs in any image /opt/sandock is copied into.
FROM ${BASE_IMAGE} AS spawner
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends gcc libc6-dev \
 && rm -rf /var/lib/apt/lists/*
COPY spawner/sandock-spawner.c /src/
RUN gcc -O2 -s -static -Wall -Wextra -Werror -o /sandock-spawner /src/sandock-spawner.c

FROM ${BASE_IMAGE}
# Debian packages only, without recommends. gcc/g++/make/libc6-dev are build-essential minus
# dpkg-dev (and the perl it pulls); python3-dev lets pip build C extensions; attr gives
# setfattr/getfattr (file metadata is `user.e2b.*` xattrs, as on E2B's base).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      ca-certificates curl git iproute2 procps sudo \
      python3 python-is-python3 python3-pip python3-venv python3-dev \
      gcc g++ make libc6-dev \
      wget unzip jq net-tools less nano vim-tiny attr \
 && rm -rf /var/lib/apt/lists/* \
 # `pip install` works as on E2B's base (a python.org Python); Debian's PEP 668 marker refuses it.
 && rm -f /usr/lib/python3*/EXTERNALLY-MANAGED \
 && update-alternatives --install /usr/bin/vim vim /usr/bin/vim.tiny 10 \
 && (getent passwd user >/dev/null || useradd --create-home --shell /bin/bash user) \
 && echo 'user ALL=(ALL:ALL) NOPASSWD: ALL' > /etc/sudoers.d/user && chmod 0440 /etc/sudoers.d/user
COPY . /opt/sandock/
COPY --from=spawner /sandock-spawner /opt/sandock/bin/sandock-spawner
# envd's own Node 24 doubles as the template's `node`, and runs the bundled npm (Debian's npm
# package would pull Debian's nodejs). Global installs go to /usr/local, as with a nodejs.org Node.
# `warm-envd` runs envd once to fill V8's code cache for it (a start then compiles almost nothing;
# templates copy it with /opt/sandock).
RUN ln -s /opt/sandock/bin/node /usr/local/bin/node \
 && ln -s /opt/sandock/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s /opt/sandock/npm/bin/npx-cli.js /usr/local/bin/npx \
 && echo 'prefix=/usr/local' > /opt/sandock/npm/npmrc \
 && mkdir /opt/sandock/compile-cache && /opt/sandock/bin/node /opt/sandock/sandock.mjs warm-envd \
 && rm -rf /opt/sandock/base.Dockerfile /opt/sandock/spawner
ENV SANDOCK_ENVD_USER=user SANDOCK_ENVD_WORKDIR=/home/user
WORKDIR /home/user
EXPOSE 49983
# One malloc arena instead of one per thread: ~2.5 MiB less per idle envd (envd's commands get an
# environment of their own, without it). --disable-sigusr1: no signal opens Node's inspector in
# envd (root in the sandbox can signal it). src/shared/envd-entrypoint.ts names the same argv.
ENTRYPOINT ["/usr/bin/env", "MALLOC_ARENA_MAX=1", "/opt/sandock/bin/node", "--disable-sigusr1", "/opt/sandock/sandock.mjs", "envd"]
