// Egress rules of a sandbox (network.allowOut / denyOut, allow_internet_access): validation with
// the contract's 400s, and the iptables-restore ruleset that enforces them in the sandbox's own
// network namespace. Pure: applying the ruleset is the runtime's job.
import { isIPv4, isIPv6 } from 'node:net'
import { InvalidArgumentError } from '../../shared/errors.js'

export const ALL_TRAFFIC = '0.0.0.0/0'

/** What a create or `PUT /sandboxes/{id}/network` asks for, before validation. */
export type EgressRequest = {
  allowOut?: readonly string[] | undefined
  denyOut?: readonly string[] | undefined
  egressProxy?: unknown
  rules?: Record<string, unknown> | null | undefined
}

/** Validated egress rules: IPv4 CIDRs exactly as the user wrote them (a bare IP kept bare). */
export type EgressRules = Readonly<{ allowOut: readonly string[]; denyOut: readonly string[] }>

export const NO_EGRESS_RULES: EgressRules = Object.freeze({ allowOut: [], denyOut: [] })

const DOMAIN = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\.?$/i

/** `1.2.3.4` or `1.2.3.0/24`, normalised to `a.b.c.d/len`; undefined when not an IPv4 address or CIDR. */
export function parseIPv4Cidr(entry: string): string | undefined {
  const [ip, len, extra] = entry.split('/')
  if (extra !== undefined || !ip || !isIPv4(ip)) return undefined
  if (len === undefined) return `${ip}/32`
  if (!/^\d{1,2}$/.test(len) || Number(len) > 32) return undefined
  return `${ip}/${Number(len)}`
}

function classify(entry: string): 'cidr' | 'ipv6' | 'domain' | 'invalid' {
  if (parseIPv4Cidr(entry)) return 'cidr'
  const [ip, len] = entry.split('/')
  if (ip && isIPv6(ip) && (len === undefined || /^\d{1,3}$/.test(len))) return 'ipv6'
  if (DOMAIN.test(entry)) return 'domain'
  return 'invalid'
}

/**
 * Checks a request's egress fields; throws InvalidArgumentError (400) with a message naming the
 * field and entry. Domains in allowOut need an egress proxy that checks SNI/Host, which Sandock
 * does not have yet, so they are refused rather than silently not enforced.
 */
export function validateEgress(req: EgressRequest): EgressRules {
  const allowOut = [...(req.allowOut ?? [])]
  const denyOut = [...(req.denyOut ?? [])]
  for (const [field, list] of [['allowOut', allowOut], ['denyOut', denyOut]] as const) {
    for (const entry of list) {
      const kind = classify(entry)
      if (kind === 'invalid') throw new InvalidArgumentError(`network.${field}: "${entry}" is not an IP address, a CIDR or a domain name`)
      if (kind === 'ipv6') throw new InvalidArgumentError(`network.${field}: "${entry}" is IPv6; sandboxes have IPv4 only, so use IPv4 addresses or CIDRs`)
      if (kind === 'domain' && field === 'denyOut') throw new InvalidArgumentError(`network.denyOut: "${entry}" is a domain name; denyOut accepts IP addresses and CIDRs only`)
      if (kind === 'domain') {
        // compat: upstream refuses domains unless all other traffic is denied.
        if (!denyOut.includes(ALL_TRAFFIC)) throw new InvalidArgumentError(`network.allowOut: domain names ("${entry}") require "${ALL_TRAFFIC}" in denyOut`)
        throw new InvalidArgumentError(`network.allowOut: domain names ("${entry}") in allowOut are not supported yet; use IPs or CIDRs`)
      }
    }
  }
  if (req.egressProxy !== undefined && req.egressProxy !== null) throw new InvalidArgumentError('network.egressProxy is not supported yet')
  if (req.rules && Object.keys(req.rules).length > 0) throw new InvalidArgumentError('network.rules (request transforms) are not supported yet')
  return { allowOut, denyOut }
}

/**
 * The filter table for the sandbox's network namespace, for `iptables-restore` (which replaces
 * only the tables it is given, so Docker's nat rules for the embedded DNS stay). Order: loopback
 * and replies to connections made to the sandbox (envd, user ports) always pass; then DNS to the
 * host's resolvers (Docker's embedded DNS forwards from inside the namespace), then allowOut
 * (wins over denyOut), then denyOut is rejected. Everything else passes.
 * `internet: false` (allow_internet_access) denies all traffic, as denyOut ["0.0.0.0/0"] would.
 */
export function buildEgressRuleset(rules: EgressRules, opts: { internet: boolean; dnsServers: readonly string[] }): string {
  const deny = [...rules.denyOut.map((e) => parseIPv4Cidr(e)!), ...(opts.internet ? [] : [ALL_TRAFFIC])]
  const lines = ['*filter', ':INPUT ACCEPT [0:0]', ':FORWARD ACCEPT [0:0]', ':OUTPUT ACCEPT [0:0]']
  if (deny.length > 0) {
    lines.push('-A OUTPUT -o lo -j ACCEPT', '-A OUTPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT')
    for (const dns of opts.dnsServers) {
      const d = parseIPv4Cidr(dns)
      if (d) for (const proto of ['udp', 'tcp']) lines.push(`-A OUTPUT -d ${d} -p ${proto} --dport 53 -j ACCEPT`)
    }
    for (const a of new Set(rules.allowOut.map((e) => parseIPv4Cidr(e)!))) lines.push(`-A OUTPUT -d ${a} -j ACCEPT`)
    for (const d of new Set(deny)) {
      // A reset (TCP) or port-unreachable (others) fails fast instead of hanging until a timeout.
      lines.push(`-A OUTPUT -d ${d} -p tcp -j REJECT --reject-with tcp-reset`, `-A OUTPUT -d ${d} -j REJECT --reject-with icmp-port-unreachable`)
    }
  }
  lines.push('COMMIT', '')
  return lines.join('\n')
}

/** Does this configuration need a firewall in the namespace at all? */
export const hasEgressRules = (rules: EgressRules, internet: boolean) => !internet || rules.denyOut.length > 0
