// Egress rules of a sandbox (network.allowOut / denyOut / rules / egressProxy,
// allow_internet_access): validation (egress/validate.ts, upstream's 400s), and the
// iptables-restore ruleset that enforces the IP rules in the sandbox's own network namespace.
// Domains, transforms and the proxy are the egress gateway's (egress/): the namespace lets the
// TCP it handles through, and the host redirects it there. Pure: applying is the runtime's job.
import { isIPv4 } from 'node:net'
import { InvalidArgumentError } from '../../shared/errors.js'
import { cidrsOf, needsGateway, redirectModeOf, type NetworkPolicy } from '../egress/policy.js'
import { validateNetworkPolicy, type LookupAll, type NetworkRequest } from '../egress/validate.js'

export { ALL_TRAFFIC } from '../egress/policy.js'

/** What a create or `PUT /sandboxes/{id}/network` asks for, before validation. */
export type EgressRequest = NetworkRequest

/** Validated egress config, as stored and enforced: addresses as the user wrote them, domains, rules, proxy. */
export type EgressRules = Readonly<NetworkPolicy>

export const NO_EGRESS_RULES: EgressRules = Object.freeze({ allowOut: [], denyOut: [] })

/** `1.2.3.4` or `1.2.3.0/24`, normalised to `a.b.c.d/len`; undefined when not an IPv4 address or CIDR. */
export function parseIPv4Cidr(entry: string): string | undefined {
  const [ip, len, extra] = entry.split('/')
  if (extra !== undefined || !ip || !isIPv4(ip)) return undefined
  if (len === undefined) return `${ip}/32`
  if (!/^\d{1,2}$/.test(len) || Number(len) > 32) return undefined
  return `${ip}/${Number(len)}`
}

/**
 * Checks a request's egress fields (upstream's order and messages); `allowInternetAccess` false
 * (the sandbox sits on the internal network, no route out) refuses what only the gateway enforces.
 */
export async function validateEgress(
  req: EgressRequest,
  lookupAll: LookupAll,
  opts: { allowInternetAccess?: boolean } = {},
): Promise<EgressRules> {
  const policy = await validateNetworkPolicy(req, lookupAll)
  if (opts.allowInternetAccess === false && needsGateway(policy)) {
    throw new InvalidArgumentError(
      'domain names in allowOut, network.rules and egressProxy need a sandbox with internet access; this one has allow_internet_access: false (no route out)',
    )
  }
  return policy
}

/**
 * The filter table for the sandbox's network namespace, for `iptables-restore` (which replaces
 * only the tables it is given, so Docker's nat rules for the embedded DNS stay). Order: loopback
 * and replies to connections made to the sandbox (envd, user ports) always pass; then DNS to the
 * host's resolvers (Docker's embedded DNS forwards from inside the namespace); then the TCP the
 * egress gateway decides (80 and 443, or all TCP with a proxy: the host redirects it); then
 * allowOut's addresses (win over denyOut), then denyOut is rejected. Everything else passes.
 * `internet: false` (allow_internet_access) denies all traffic, as denyOut ["0.0.0.0/0"] would.
 */
export function buildEgressRuleset(
  rules: EgressRules,
  opts: { internet: boolean; dnsServers: readonly string[] },
): string {
  const deny = [...cidrsOf(rules.denyOut).map((e) => parseIPv4Cidr(e)!), ...(opts.internet ? [] : ['0.0.0.0/0'])]
  const lines = ['*filter', ':INPUT ACCEPT [0:0]', ':FORWARD ACCEPT [0:0]', ':OUTPUT ACCEPT [0:0]']
  if (deny.length > 0) {
    lines.push('-A OUTPUT -o lo -j ACCEPT', '-A OUTPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT')
    for (const dns of opts.dnsServers) {
      const d = parseIPv4Cidr(dns)
      if (d) for (const proto of ['udp', 'tcp']) lines.push(`-A OUTPUT -d ${d} -p ${proto} --dport 53 -j ACCEPT`)
    }
    const gateway = redirectModeOf(rules)
    if (gateway === 'web') lines.push('-A OUTPUT -p tcp -m multiport --dports 80,443 -j ACCEPT')
    if (gateway === 'all') lines.push('-A OUTPUT -p tcp -j ACCEPT')
    for (const a of new Set(cidrsOf(rules.allowOut).map((e) => parseIPv4Cidr(e)!)))
      lines.push(`-A OUTPUT -d ${a} -j ACCEPT`)
    for (const d of new Set(deny)) {
      // A reset (TCP) or port-unreachable (others) fails fast instead of hanging until a timeout.
      lines.push(
        `-A OUTPUT -d ${d} -p tcp -j REJECT --reject-with tcp-reset`,
        `-A OUTPUT -d ${d} -j REJECT --reject-with icmp-port-unreachable`,
      )
    }
  }
  lines.push('COMMIT', '')
  return lines.join('\n')
}

/**
 * The same rules for a gVisor-netstack sandbox, enforced on the host by its source address
 * (runtime/netstack-filter.ts, jumped to from the forward fence): DNS to the resolvers and
 * allowOut return to the fence (which still drops the always-denied ranges), denyOut is rejected.
 * The gateway's TCP never gets here (redirected in PREROUTING); loopback and replies neither.
 * Rule specs without the chain (`-s <ip>/32 …`); none when nothing is denied.
 */
export function buildHostEgressLines(
  ip: string,
  rules: EgressRules,
  opts: { internet: boolean; dnsServers: readonly string[] },
): string[] {
  const deny = [...cidrsOf(rules.denyOut).map((e) => parseIPv4Cidr(e)!), ...(opts.internet ? [] : ['0.0.0.0/0'])]
  if (deny.length === 0) return []
  const from = `-s ${ip}/32`
  const lines: string[] = []
  for (const dns of opts.dnsServers) {
    const d = parseIPv4Cidr(dns)
    if (d) for (const proto of ['udp', 'tcp']) lines.push(`${from} -d ${d} -p ${proto} --dport 53 -j RETURN`)
  }
  for (const a of new Set(cidrsOf(rules.allowOut).map((e) => parseIPv4Cidr(e)!)))
    lines.push(`${from} -d ${a} -j RETURN`)
  for (const d of new Set(deny))
    lines.push(
      `${from} -d ${d} -p tcp -j REJECT --reject-with tcp-reset`,
      `${from} -d ${d} -j REJECT --reject-with icmp-port-unreachable`,
    )
  return lines
}

/** Does the sandbox's namespace need a filter table (the gateway's TCP is let through only where something is denied)? */
export const hasNamespaceRules = (rules: EgressRules, internet: boolean) =>
  !internet || cidrsOf(rules.denyOut).length > 0

/** Does this configuration need a firewall (namespace rules, or the gateway) at all? */
export const hasEgressRules = (rules: EgressRules, internet: boolean) =>
  !internet || cidrsOf(rules.denyOut).length > 0 || needsGateway(rules)
