// A sandbox's egress policy as the gateway applies it, per connection: the decision (upstream's
// order: an allowed domain, an allowed CIDR, a denied CIDR, else allow), hostname matching (exact,
// `*`, `*.x`, case-insensitive), the always-denied internal ranges, and which transform rule a
// host gets. Pure: the wire shapes are checked in validate.ts.
import { BlockList, isIPv4, isIPv6 } from 'node:net'

export const ALL_TRAFFIC = '0.0.0.0/0'

/** One `network.rules` entry: headers set on matching requests (values may hold placeholders). */
export type TransformRule = { transform?: { headers?: Record<string, string> } }

/** `network.egressProxy`: a SOCKS5 proxy every allowed TCP connection is tunnelled through. */
export type EgressProxy = { address: string; username?: string; password?: string }

/** The egress part of a sandbox's network config, as validated and stored (and echoed, minus the password). */
export type NetworkPolicy = {
  /** IPv4 addresses/CIDRs as written, and domain names (`x`, `*.x`, `*`). */
  allowOut: string[]
  /** IPv4 addresses/CIDRs as written. */
  denyOut: string[]
  /** Keys lowercased (exact names or `*.x`). */
  rules?: Record<string, TransformRule[]>
  egressProxy?: EgressProxy
}

// compat: upstream's DeniedSandboxCIDRs (IPv4 part); sandboxes have no IPv6.
export const ALWAYS_DENIED_CIDRS = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
] as const
// compat: upstream's IPv6 part (`::1`, `fc00::/7`, `fe80::/10`), plus the unspecified address.
// Refused anyway: the gateway dials IPv4 only, as sandbox networks have no IPv6.
export const ALWAYS_DENIED_CIDRS_V6 = ['::/128', '::1/128', 'fc00::/7', 'fe80::/10'] as const

/** The 8 groups of an IPv6 address (an IPv4 tail included); undefined when it is not one. */
function ipv6Groups(ip: string): number[] | undefined {
  if (!isIPv6(ip)) return undefined
  let s = ip
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s)?.[1]
  if (tail) {
    const p = tail.split('.').map(Number)
    s = `${s.slice(0, -tail.length)}${((p[0]! << 8) | p[1]!).toString(16)}:${((p[2]! << 8) | p[3]!).toString(16)}`
  }
  const [head = '', rest] = s.split('::')
  const h = head ? head.split(':') : []
  const r = rest ? rest.split(':') : []
  const groups = [...h, ...Array<string>(rest === undefined ? 0 : 8 - h.length - r.length).fill('0'), ...r].map((g) =>
    parseInt(g, 16),
  )
  return groups.length === 8 ? groups : undefined
}

/**
 * An address as the kernel dials it: brackets and a zone dropped, an IPv4-mapped IPv6 address
 * (`::ffff:127.0.0.1`, `::ffff:7f00:1`) as its IPv4 address; undefined when it is no IP address.
 */
export function normalizeIp(raw: string): string | undefined {
  const ip = raw.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (isIPv4(ip)) return ip
  const g = ipv6Groups(ip)
  if (!g) return undefined
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)
    return `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`
  return ip.toLowerCase()
}

function blockListOf(cidrs: readonly string[]): BlockList {
  const list = new BlockList()
  for (const c of cidrs) {
    const [ip, len] = c.split('/')
    if (!ip || !isIPv4(ip)) continue
    list.addSubnet(ip, len === undefined ? 32 : Number(len), 'ipv4')
  }
  return list
}

const alwaysDenied = blockListOf(ALWAYS_DENIED_CIDRS)

/**
 * Internal ranges no sandbox reaches directly, whatever its rules (upstream's always-denied list),
 * IPv4-mapped IPv6 included. Any other IPv6 address too: sandbox egress is IPv4 only.
 */
export const isAlwaysDenied = (raw: string): boolean => {
  const ip = normalizeIp(raw)
  return ip === undefined || !isIPv4(ip) || alwaysDenied.check(ip, 'ipv4')
}

/**
 * The check the egress gateway makes on every address it is about to dial (true: refused): the
 * host's own addresses, always; the operator's opened CIDRs (SANDOCK_ALLOW_INTERNAL_CIDRS) pass;
 * then the always-denied ranges and every IPv6 address are refused.
 */
export function internalCheck(
  o: { allowCidrs?: readonly string[]; isHostAddress?: (ip: string) => boolean } = {},
): (ip: string) => boolean {
  const allow = blockListOf(o.allowCidrs ?? [])
  return (raw) => {
    const ip = normalizeIp(raw)
    if (ip === undefined || !isIPv4(ip)) return true
    if (o.isHostAddress?.(ip)) return true
    if (allow.check(ip, 'ipv4')) return false
    return alwaysDenied.check(ip, 'ipv4')
  }
}

/** Entries that are IPv4 addresses or CIDRs (the rest of allowOut are domains). */
export const isIPv4OrCidr = (entry: string): boolean => {
  const [ip, len, extra] = entry.split('/')
  return (
    extra === undefined &&
    Boolean(ip) &&
    isIPv4(ip!) &&
    (len === undefined || (/^\d{1,2}$/.test(len) && Number(len) <= 32))
  )
}

export const domainsOf = (allowOut: readonly string[]): string[] => allowOut.filter((e) => !isIPv4OrCidr(e))
export const cidrsOf = (list: readonly string[]): string[] => list.filter(isIPv4OrCidr)

/** compat: upstream's matchDomain: `*` matches all, `*.x` any name ending in `.x` (not `x`), else exact; case-insensitive. */
export function matchDomain(hostname: string, pattern: string): boolean {
  if (!pattern || !hostname) return false
  const host = hostname.toLowerCase().replace(/\.$/, '')
  const p = pattern.toLowerCase()
  if (p === '*' || p === host) return true
  return p.startsWith('*.') && host.endsWith(p.slice(1))
}

/**
 * The transform rule key for a host (2.51's precedence): an exact key first, then the longest
 * `*.x` key that matches; undefined when none does.
 */
export function ruleKeyFor(keys: readonly string[], hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (keys.includes(host)) return host
  let best: string | undefined
  for (const k of keys)
    if (k.startsWith('*.') && host.endsWith(k.slice(1)) && (!best || k.length > best.length)) best = k
  return best
}

/** How a connection was let through (or not): `domain` ones are dialled by name. */
export type Verdict = 'domain' | 'cidr' | 'default' | 'blocked'

/** A policy prepared for per-connection decisions. */
export type CompiledPolicy = Readonly<{
  policy: NetworkPolicy
  /** allow_internet_access: false on a sandbox that has a route out: deny all, allowOut still wins. */
  internet: boolean
  decide(hostname: string | undefined, ip: string): Verdict
  /** The headers a rule sets for this host (undefined: no rule transforms it, so no interception). */
  headersFor(hostname: string): Record<string, string> | undefined
}>

export function compilePolicy(policy: NetworkPolicy, opts: { internet?: boolean } = {}): CompiledPolicy {
  const internet = opts.internet ?? true
  const domains = domainsOf(policy.allowOut)
  const allow = blockListOf(cidrsOf(policy.allowOut))
  const deny = blockListOf(internet ? policy.denyOut : [...policy.denyOut, ALL_TRAFFIC])
  const rules = policy.rules ?? {}
  const keys = Object.keys(rules)
  return {
    policy,
    internet,
    decide(hostname, ip) {
      // compat: upstream's isEgressAllowed order; allow beats deny, allowOut alone restricts nothing.
      if (hostname && domains.some((d) => matchDomain(hostname, d))) return 'domain'
      if (isIPv4(ip) && allow.check(ip, 'ipv4')) return 'cidr'
      if (!isIPv4(ip) || deny.check(ip, 'ipv4')) return 'blocked'
      return 'default'
    },
    headersFor(hostname) {
      const key = ruleKeyFor(keys, hostname)
      if (key === undefined) return undefined
      const headers = rules[key]?.[0]?.transform?.headers
      return headers && Object.keys(headers).length > 0 ? headers : undefined
    },
  }
}

/** Does any rule set headers (so the sandbox needs its interception CA)? */
export const hasTransforms = (p: NetworkPolicy): boolean =>
  Object.values(p.rules ?? {}).some((rs) => rs.some((r) => Object.keys(r.transform?.headers ?? {}).length > 0))

/** Does this policy need the gateway (domains, transforms or a proxy)? IP-only rules stay in iptables. */
export const needsGateway = (p: NetworkPolicy): boolean =>
  domainsOf(p.allowOut).length > 0 || p.egressProxy !== undefined || hasTransforms(p)

/** What the host redirects to the gateway: web ports (80, 443), or all TCP with an egress proxy. */
export const redirectModeOf = (p: NetworkPolicy): 'web' | 'all' | undefined =>
  p.egressProxy ? 'all' : needsGateway(p) ? 'web' : undefined
