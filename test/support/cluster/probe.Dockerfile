# A small workload for the cluster tests: busybox (httpd, wget, nslookup, nc), curl (the Docker
# API over a mounted socket), iptables and nsenter (util-linux) for the node-agent probe.
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends busybox curl iptables \
 && apt-get clean && rm -rf /var/lib/apt/lists/* /usr/share/doc /usr/share/man
# Answers GET / with "<NODE> <hostname>": which node and which task served the request.
CMD ["sh", "-c", "mkdir -p /www && echo \"${NODE:-unknown} $(hostname)\" > /www/index.html && exec busybox httpd -f -p ${PORT:-8080} -h /www"]
