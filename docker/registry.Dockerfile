# The cluster's image registry: Debian's docker-registry (CNCF distribution 2.8) on the offline
# Debian base, so it builds where no image registry is reachable. Plain HTTP on :5000; engines
# list it under insecure-registries (a private network), or put TLS in front. Every request needs
# the credentials of the sandock_registry_auth secret (docker/registry-entrypoint.sh: htpasswd, from
# apache2-utils); nodes log in with the same secret.
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends docker-registry apache2-utils \
 && apt-get clean && rm -rf /var/lib/apt/lists/* /usr/share/doc /usr/share/man
COPY registry-config.yml /etc/docker/registry/config.yml
COPY registry-entrypoint.sh /usr/local/bin/registry-entrypoint.sh
VOLUME /var/lib/docker-registry
EXPOSE 5000
USER docker-registry
ENTRYPOINT ["/usr/local/bin/registry-entrypoint.sh"]
