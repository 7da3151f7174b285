// The egress fields of a create or `PUT /sandboxes/{id}/network` (allowOut, denyOut, rules,
// egressProxy), checked in upstream's order with its messages word for word (Go's %q quoting),
// into the NetworkPolicy that is stored and enforced. Throws InvalidArgumentError (400).
import { isIPv4, isIPv6 } from 'node:net'
import { InvalidArgumentError } from '../../shared/errors.js'
import { parsePlaceholders, MalformedPlaceholderError } from './placeholders.js'
import {
  ALL_TRAFFIC,
  isAlwaysDenied,
  isIPv4OrCidr,
  type EgressProxy,
  type NetworkPolicy,
  type TransformRule,
} from './policy.js'

export type NetworkRequest = {
  allowOut?: readonly string[] | undefined
  denyOut?: readonly string[] | undefined
  rules?: Record<string, unknown> | null | undefined
  egressProxy?: unknown
}

/** Resolves a name to its IPv4/IPv6 addresses (the egress proxy's host is checked against internal ranges). */
export type LookupAll = (host: string) => Promise<string[]>

// compat: upstream's limits (sandbox_create.go).
const MAX_RULE_DOMAINS = 10
const MAX_RULE_DOMAIN_LEN = 128
const MAX_RULES_PER_DOMAIN = 1
const MAX_HEADERS_PER_RULE = 20
const MAX_HEADER_NAME_LEN = 64
const MAX_HEADER_VALUE_LEN = 2048
const MAX_SECRETS_PER_DOMAIN = 32
const MAX_PROXY_CREDENTIAL_BYTES = 255

export const DOMAINS_NEED_ALL_TRAFFIC =
  "When specifying allowed domains in allow out, you must include 'ALL_TRAFFIC' in deny out to block all other traffic."

/** Go's %q for the strings we quote (JSON's escaping is the same for printable text). */
const q = (s: string) => JSON.stringify(s)

// govalidator.IsDNSName's pattern: labels of [A-Za-z0-9_-] (not starting with '-'), ≤255 in all, not an IP.
const DNS_NAME = /^([a-zA-Z0-9_][a-zA-Z0-9_-]{0,62})(\.[a-zA-Z0-9_][a-zA-Z0-9_-]{0,62})*[._]?$/
const isDnsName = (s: string) => s.length <= 255 && DNS_NAME.test(s) && !isIPv4(s) && !isIPv6(s)
/** An allowOut domain: `*`, `*.name` or `name`. */
const isDomainPattern = (s: string) => s === '*' || isDnsName(s.startsWith('*.') ? s.slice(2) : s)
// RFC 7230 token characters (httpguts.ValidHeaderFieldName).
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
// httpguts.ValidHeaderFieldValue: no control characters but HTAB.
// eslint-disable-next-line no-control-regex
const BAD_VALUE = /[\x00-\x08\x0a-\x1f\x7f]/

function ipv6Refused(field: string, entry: string): InvalidArgumentError {
  return new InvalidArgumentError(
    `network.${field}: "${entry}" is IPv6; sandboxes have IPv4 only, so use IPv4 addresses or CIDRs`,
  )
}
const looksIPv6 = (entry: string) => isIPv6(entry.split('/')[0] ?? '')
/** compat: IsSpecifiedIPOrCIDR: 0.0.0.0 (any prefix length) is refused, except exactly 0.0.0.0/0. */
const isSpecified = (entry: string) => entry === ALL_TRAFFIC || entry.split('/')[0] !== '0.0.0.0'

export function validateAddresses(allowOut: readonly string[], denyOut: readonly string[]): void {
  for (const entry of denyOut) {
    if (looksIPv6(entry)) throw ipv6Refused('denyOut', entry)
    if (!isIPv4OrCidr(entry) || !isSpecified(entry)) throw new InvalidArgumentError(`invalid denied CIDR ${entry}`)
  }
  let domains = false
  for (const entry of allowOut) {
    if (looksIPv6(entry)) throw ipv6Refused('allowOut', entry)
    if (isIPv4OrCidr(entry)) {
      if (!isSpecified(entry)) throw new InvalidArgumentError(`invalid allowed address ${entry}`)
    } else if (isDomainPattern(entry)) {
      domains = true
    } else {
      // Upstream takes anything else as a domain; one that can never match a hostname is refused instead.
      throw new InvalidArgumentError(`invalid allowed address ${entry}`)
    }
  }
  if (domains && !denyOut.includes(ALL_TRAFFIC)) throw new InvalidArgumentError(DOMAINS_NEED_ALL_TRAFFIC)
}

/** `network.rules`, checked as upstream does; keys come back lowercased (2.51: `*.x` keys accepted, a bare `*` not). */
export function validateRules(rules: Record<string, unknown>): Record<string, TransformRule[]> {
  const keys = Object.keys(rules)
  if (keys.length > MAX_RULE_DOMAINS)
    throw new InvalidArgumentError(`Network rules can have at most ${MAX_RULE_DOMAINS} domains.`)
  const out: Record<string, TransformRule[]> = {}
  for (const domain of keys) {
    if (domain.length === 0) throw new InvalidArgumentError('Rule domain must not be empty.')
    if (domain.length > MAX_RULE_DOMAIN_LEN)
      throw new InvalidArgumentError(
        `Rule domain ${q(domain)} exceeds maximum length of ${MAX_RULE_DOMAIN_LEN} characters.`,
      )
    if (!isDnsName(domain.startsWith('*.') ? domain.slice(2) : domain))
      throw new InvalidArgumentError(`Rule domain ${q(domain)} is not a valid domain name.`)
    const list = rules[domain]
    if (!Array.isArray(list)) throw new InvalidArgumentError(`Rule domain ${q(domain)} must map to a list of rules.`)
    if (list.length > MAX_RULES_PER_DOMAIN)
      throw new InvalidArgumentError(`Domain ${q(domain)} can have at most ${MAX_RULES_PER_DOMAIN} transform rule.`)
    const secrets = new Set<string>()
    const kept: TransformRule[] = []
    for (const rule of list as unknown[]) {
      const headers = (rule as TransformRule | null)?.transform?.headers
      if (headers === undefined || headers === null) {
        kept.push((rule as TransformRule | null)?.transform ? { transform: {} } : {})
        continue
      }
      if (typeof headers !== 'object')
        throw new InvalidArgumentError(`Domain ${q(domain)} has transform headers that are not an object.`)
      const names = Object.keys(headers)
      if (names.length > MAX_HEADERS_PER_RULE)
        throw new InvalidArgumentError(`Domain ${q(domain)} can have at most ${MAX_HEADERS_PER_RULE} headers per rule.`)
      for (const name of names) {
        const value = (headers as Record<string, unknown>)[name]
        if (name.length === 0)
          throw new InvalidArgumentError(`Header name in rule for domain ${q(domain)} must not be empty.`)
        if (!TOKEN.test(name))
          throw new InvalidArgumentError(
            `Header name ${q(name)} in rule for domain ${q(domain)} must contain only valid HTTP token characters.`,
          )
        if (name.length > MAX_HEADER_NAME_LEN)
          throw new InvalidArgumentError(
            `Header name ${q(name)} in rule for domain ${q(domain)} exceeds maximum length of ${MAX_HEADER_NAME_LEN} characters.`,
          )
        if (typeof value !== 'string' || BAD_VALUE.test(value))
          throw new InvalidArgumentError(
            `Value for header ${q(name)} in rule for domain ${q(domain)} contains invalid characters.`,
          )
        if (value.length > MAX_HEADER_VALUE_LEN)
          throw new InvalidArgumentError(
            `Value for header ${q(name)} in rule for domain ${q(domain)} exceeds maximum length of ${MAX_HEADER_VALUE_LEN} characters.`,
          )
        try {
          for (const p of parsePlaceholders(value)) if (p.kind === 'secret') secrets.add(p.name)
        } catch (e) {
          if (e instanceof MalformedPlaceholderError)
            throw new InvalidArgumentError('Network transform header contains a malformed E2B placeholder.')
          throw e
        }
      }
      if (secrets.size > MAX_SECRETS_PER_DOMAIN)
        throw new InvalidArgumentError(
          `Rule domain ${q(domain)} references more than ${MAX_SECRETS_PER_DOMAIN} secrets.`,
        )
      kept.push({ transform: { headers: { ...(headers as Record<string, string>) } } })
    }
    out[domain.toLowerCase()] = kept
  }
  return out
}

const proxyError = (reason: string) => new InvalidArgumentError(`Invalid egress proxy config: ${reason}`)

/** Go's net.SplitHostPort, with its error texts. */
function splitHostPort(address: string): { host: string; port: string } {
  if (address.startsWith('[')) {
    const end = address.indexOf(']')
    if (end < 0)
      throw proxyError(`egress proxy address must be in host:port form: address ${address}: missing ']' in address`)
    if (address[end + 1] !== ':')
      throw proxyError(`egress proxy address must be in host:port form: address ${address}: missing port in address`)
    return { host: address.slice(1, end), port: address.slice(end + 2) }
  }
  const colon = address.lastIndexOf(':')
  if (colon < 0)
    throw proxyError(`egress proxy address must be in host:port form: address ${address}: missing port in address`)
  const host = address.slice(0, colon)
  if (host.includes(':'))
    throw proxyError(`egress proxy address must be in host:port form: address ${address}: too many colons in address`)
  return { host, port: address.slice(colon + 1) }
}

/** compat: byop.go ValidateEgressProxy: the canonical `host:port` (host lowercased); null/undefined → no proxy. */
export async function validateEgressProxy(input: unknown, lookupAll: LookupAll): Promise<EgressProxy | undefined> {
  if (input === undefined || input === null) return undefined
  if (typeof input !== 'object' || Array.isArray(input)) throw proxyError('egress proxy must be an object')
  const { address: rawAddress, username, password } = input as Record<string, unknown>
  if (typeof rawAddress !== 'string') throw proxyError('egress proxy address must not be empty')
  for (const [field, v] of [
    ['username', username],
    ['password', password],
  ] as const) {
    if (v !== undefined && v !== null && typeof v !== 'string')
      throw proxyError(`egress proxy ${field} must be a string`)
  }
  const address = rawAddress.trim()
  if (address === '') throw proxyError('egress proxy address must not be empty')
  const split = splitHostPort(address)
  const host = split.host.trim().toLowerCase()
  if (host === '') throw proxyError('egress proxy host must not be empty')
  const port = /^\d+$/.test(split.port) ? Number(split.port) : NaN
  if (!(port >= 1 && port <= 65535)) throw proxyError(`egress proxy port ${q(split.port)} is not a valid 1-65535 value`)
  let ips: string[]
  try {
    ips = isIPv4(host) || isIPv6(host) ? [host] : await lookupAll(host)
    if (ips.length === 0) throw new Error(`no A/AAAA records for ${q(host)}`)
  } catch (e) {
    throw proxyError(`resolve egress proxy host ${q(host)}: ${(e as Error).message}`)
  }
  for (const ip of ips) {
    if (isAlwaysDenied(ip))
      throw proxyError(`egress proxy endpoint resolves to an internal / denied IP range: ${host} resolves to ${ip}`)
  }
  const user = typeof username === 'string' ? username : ''
  const pass = typeof password === 'string' ? password : ''
  if (user === '' && pass !== '') throw proxyError('egress proxy password must be empty when username is empty')
  if (Buffer.byteLength(user) > MAX_PROXY_CREDENTIAL_BYTES)
    throw proxyError(`egress proxy username must not exceed ${MAX_PROXY_CREDENTIAL_BYTES} bytes`)
  if (Buffer.byteLength(pass) > MAX_PROXY_CREDENTIAL_BYTES)
    throw proxyError(`egress proxy password must not exceed ${MAX_PROXY_CREDENTIAL_BYTES} bytes`)
  const canonical = isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`
  return { address: canonical, ...(user ? { username: user } : {}), ...(pass ? { password: pass } : {}) }
}

/** All egress fields of a request, in upstream's order (addresses, rules, then the proxy). */
export async function validateNetworkPolicy(req: NetworkRequest, lookupAll: LookupAll): Promise<NetworkPolicy> {
  const allowOut = [...(req.allowOut ?? [])]
  const denyOut = [...(req.denyOut ?? [])]
  validateAddresses(allowOut, denyOut)
  const policy: NetworkPolicy = { allowOut, denyOut }
  if (req.rules !== undefined && req.rules !== null) policy.rules = validateRules(req.rules)
  const proxy = await validateEgressProxy(req.egressProxy, lookupAll)
  if (proxy) policy.egressProxy = proxy
  return policy
}

/** The policy as `GET /sandboxes/{id}` shows it: everything as stored, but never the proxy's password. */
export function echoPolicy(p: NetworkPolicy): NetworkPolicy {
  const out: NetworkPolicy = { allowOut: [...p.allowOut], denyOut: [...p.denyOut] }
  if (p.rules) out.rules = p.rules
  if (p.egressProxy)
    out.egressProxy = {
      address: p.egressProxy.address,
      ...(p.egressProxy.username ? { username: p.egressProxy.username } : {}),
    }
  return out
}

// compat: upstream's iam.tokens limits (sandbox_create.go).
