// Sandboxes' networks and what they may reach: the Docker networks, the host firewall, and the
// egress gateway (DNS, resolver, interception roots, port).
import { Type } from 'typebox'

export const networkSettings = {
  network: Type.String({
    env: 'SANDOCK_NETWORK',
    description: 'Docker network of sandboxes with internet access',
    default: 'sandock',
  }),
  internalNetwork: Type.String({
    env: 'SANDOCK_INTERNAL_NETWORK',
    description: 'internal network for `allow_internet_access: false`',
    default: 'sandock-internal',
  }),
  firewall: Type.Union([Type.Literal('auto'), Type.Literal('on'), Type.Literal('off')], {
    env: 'SANDOCK_FIREWALL',
    description:
      "the host firewall (two chains, see [Security](security.md#network-reach)) that stops sandboxes from reaching the host, the host's networks (private and link-local ranges, the metadata address) and each other: `auto` (when root with `iptables`, else a warning), `on` (required: the start fails without it), `off`",
    default: 'auto',
  }),
  allowInternalCidrs: Type.Array(Type.String(), {
    env: 'SANDOCK_ALLOW_INTERNAL_CIDRS',
    description:
      "IPv4 CIDRs inside the always-denied internal ranges that sandboxes (and the egress gateway) may reach anyway, comma-separated, e.g. a package mirror `10.20.0.5/32` (upstream's `ALLOW_SANDBOX_INTERNAL_CIDRS`); the host's own addresses stay closed",
    docDefault: 'unset',
    default: [],
  }),
  egressDns: Type.String({
    env: 'SANDOCK_EGRESS_DNS',
    description:
      "resolvers a sandbox with egress rules may still query on port 53: `auto` (the host's `/etc/resolv.conf`, loopback ones left out; with only systemd-resolved's stub, its upstreams from `/run/systemd/resolve/resolv.conf`), `none`, or IPv4 addresses. The host firewall lets every sandbox reach the `auto` ones and the listed ones on port 53 even when they are internal (Docker's embedded DNS forwards to them from inside the sandbox)",
    default: 'auto',
  }),
  egressResolver: Type.String({
    env: 'SANDOCK_EGRESS_RESOLVER',
    description:
      'how the egress gateway resolves the names it dials: `system` (getaddrinfo, `/etc/hosts` included) or DNS servers as `ip[:port]`, comma-separated',
    default: 'system',
  }),
  egressCaFile: Type.Optional(
    Type.String({
      env: 'SANDOCK_EGRESS_CA_CERTS',
      description:
        "a PEM file of extra roots the gateway trusts when it verifies an intercepted host (beside Node's roots and the system store)",
      docDefault: 'unset',
    }),
  ),
  egressGatewayPort: Type.Integer({
    env: 'SANDOCK_EGRESS_GATEWAY_PORT',
    description: "the egress gateway's port on the sandbox bridge's address (`0`: any free port)",
    default: 0,
    minimum: 0,
    maximum: 65535,
  }),
}
