# The `base` template: Debian bookworm with python3, git, curl, ss, sudo and node, user `user`
# (home /home/user, passwordless sudo) as the default user, and envd as the entrypoint (Docker's
# init reaps zombies and forwards signals). Built by `sandock serve` or scripts/build-image.mjs
# from the envd bundle folder (dist/image, /opt/sandock in the server image).
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      ca-certificates curl git iproute2 procps python3 sudo \
 && rm -rf /var/lib/apt/lists/* \
 && (getent passwd user >/dev/null || useradd --create-home --shell /bin/bash user) \
 && echo 'user ALL=(ALL:ALL) NOPASSWD: ALL' > /etc/sudoers.d/user && chmod 0440 /etc/sudoers.d/user
COPY . /opt/sandock/
# envd's own Node 24 doubles as the template's `node`.
RUN ln -s /opt/sandock/bin/node /usr/local/bin/node && rm -f /opt/sandock/base.Dockerfile
ENV SANDOCK_ENVD_USER=user SANDOCK_ENVD_WORKDIR=/home/user
WORKDIR /home/user
EXPOSE 49983
ENTRYPOINT ["/opt/sandock/bin/node", "/opt/sandock/sandock.mjs", "envd"]
