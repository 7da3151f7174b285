#!/bin/sh
# The server image's entrypoint. On the host's network (docker-compose.yml) the firewall chain goes
# into the host's own tables, so use the iptables backend the host uses: Docker's rules are there,
# and a host on iptables-legacy would not see (or apply the jumps of) rules written through nft.
set -e
if command -v iptables-legacy-save >/dev/null 2>&1; then
  legacy=$(iptables-legacy-save 2>/dev/null | grep -c '^-' || true)
  nft=$(iptables-nft-save 2>/dev/null | grep -c '^-' || true)
  if [ "${legacy:-0}" -gt "${nft:-0}" ]; then
    update-alternatives --quiet --set iptables /usr/sbin/iptables-legacy
  fi
fi
exec /opt/sandock/bin/node /opt/sandock/sandock.mjs "$@"
