# The `mcp-gateway` template, which the SDK's `Sandbox.create({ mcp })` starts: the base template
# plus `mcp-gateway` (src/mcp-gateway: MCP's streamable HTTP on :50005, in front of the configured
# servers) and the MCP servers of its catalog, each bundled into one file by `npm run build`
# (scripts/bundle-envd.mjs), so this build fetches nothing. Built by `sandock serve` (or
# `sandock templates build-builtin`) from dist/builtins/mcp-gateway/.
ARG BASE_TEMPLATE_IMAGE=sandock/base:latest
FROM ${BASE_TEMPLATE_IMAGE}
USER root
COPY gateway.mjs /opt/mcp-gateway/gateway.mjs
COPY servers/ /opt/mcp-gateway/servers/
COPY mcp-gateway /usr/local/bin/mcp-gateway
# The gateway's token and settings (/etc/mcp-gateway) and the memory server's graph are root's.
RUN mkdir -m 0700 /etc/mcp-gateway /var/lib/mcp-gateway \
 && chmod -R a+rX /opt/mcp-gateway && chmod 0755 /usr/local/bin/mcp-gateway
WORKDIR /home/user
