# The `base` template: Debian bookworm with the E2B conventions (user `user`, home /home/user)
# and envd as the entrypoint. Build with scripts/build-image.mjs (context = dist/image).
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN (getent passwd user >/dev/null || useradd --create-home --shell /bin/bash user) \
 && mkdir -p /home/user && chown user:user /home/user
COPY . /opt/sandock/
ENV SANDOCK_ENVD_USER=user SANDOCK_ENVD_WORKDIR=/home/user
WORKDIR /home/user
EXPOSE 49983
STOPSIGNAL SIGKILL
ENTRYPOINT ["/opt/sandock/bin/node", "/opt/sandock/sandock.mjs", "envd"]
