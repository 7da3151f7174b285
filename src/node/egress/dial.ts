// How the gateway reaches upstream: by name with its own resolver (never the address the guest
// chose), refusing internal ranges and the host's own addresses before connect(); by the original
// IP for CIDR and default verdicts; or through the sandbox's SOCKS5 egress proxy (RFC 1928/1929),
// failing closed. Every resolved address is checked (IPv4-mapped IPv6 as IPv4, other IPv6 refused)
// and exactly the checked address is connected to: nothing is resolved again in between.
import { lookup } from 'node:dns/promises'
import { Resolver } from 'node:dns/promises'
import { isIPv4, isIPv6, type Socket } from 'node:net'
import net from 'node:net'
import { SocksClient } from 'socks'
import { isAlwaysDenied, normalizeIp, type EgressProxy } from './policy.js'

export const DIAL_TIMEOUT_MS = 30_000

/** Resolves a name to its addresses (IPv4 first); rejects when it has none. */
export type EgressResolver = { lookupAll(host: string): Promise<string[]> }

/**
 * The gateway's resolver: the host's (getaddrinfo, /etc/hosts included) when `servers` is empty,
 * else DNS queries to those `ip[:port]` servers only (SANDOCK_EGRESS_RESOLVER).
 */
export function createEgressResolver(servers: readonly string[] = []): EgressResolver {
  if (servers.length === 0) {
    return {
      async lookupAll(host) {
        const all = await lookup(host, { all: true, verbatim: true })
        return [...all.filter((a) => a.family === 4), ...all.filter((a) => a.family === 6)].map((a) => a.address)
      },
    }
  }
  const resolver = new Resolver({ timeout: 3000, tries: 2 })
  resolver.setServers([...servers])
  return {
    async lookupAll(host) {
      const [v4, v6] = await Promise.all([
        resolver.resolve4(host).catch(() => []),
        resolver.resolve6(host).catch(() => []),
      ])
      if (v4.length + v6.length === 0) throw new Error(`${host} has no A or AAAA records`)
      return [...v4, ...v6]
    },
  }
}

export class DialRefusedError extends Error {}

/** `internal`: the ranges never dialled (default: the always-denied list); tests and operators may narrow it. */
export type DialOptions = { internal?: (ip: string) => boolean; timeoutMs?: number }

function connect(host: string, port: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host, port, noDelay: true })
    const timer = setTimeout(() => s.destroy(new Error(`connect to ${host}:${port} timed out`)), timeoutMs)
    s.once('connect', () => {
      clearTimeout(timer)
      s.removeListener('error', reject)
      resolve(s)
    })
    s.once('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
  })
}

/** The resolved addresses that may be dialled, as the IPv4 addresses to connect to (mapped IPv6 normalised). */
function dialable(
  addresses: readonly string[],
  internal: (ip: string) => boolean,
  accept: (ip: string) => boolean = () => true,
): string[] {
  const out: string[] = []
  for (const a of addresses) {
    const ip = normalizeIp(a)
    if (ip && isIPv4(ip) && !internal(ip) && accept(ip) && !out.includes(ip)) out.push(ip)
  }
  return out
}

/** A TCP connection to `host:port` by name: each usable address in turn; internal ones, the host's and those `accept` refuses are skipped (never connected to). */
export async function dialByName(
  resolver: EgressResolver,
  host: string,
  port: number,
  accept: (ip: string) => boolean = () => true,
  o: DialOptions = {},
): Promise<Socket> {
  const internal = o.internal ?? isAlwaysDenied
  const timeoutMs = o.timeoutMs ?? DIAL_TIMEOUT_MS
  const addresses = await resolver.lookupAll(host)
  const usable = dialable(addresses, internal, accept)
  if (usable.length === 0)
    throw new DialRefusedError(`${host} resolves to no public IPv4 address (${addresses.join(', ') || 'none'})`)
  let last: unknown
  for (const a of usable) {
    try {
      return await connect(a, port, timeoutMs)
    } catch (e) {
      last = e
    }
  }
  throw last
}

/** A TCP connection to an address the guest chose; internal ranges are refused. */
export async function dialAddress(ip: string, port: number, o: DialOptions = {}): Promise<Socket> {
  const [usable] = dialable([ip], o.internal ?? isAlwaysDenied)
  if (!usable) throw new DialRefusedError(`${ip} is in an internal range or the host's own`)
  return connect(usable, port, o.timeoutMs ?? DIAL_TIMEOUT_MS)
}

/**
 * A tunnel to `host:port` through the SOCKS5 proxy: names go as ATYP=domain (the proxy resolves
 * them), addresses as such. The proxy's own name is resolved now, with our resolver, every answer
 * checked (the create checked it; DNS may have changed since), and the first usable address is
 * the one connected to.
 */
export async function dialViaSocks(
  resolver: EgressResolver,
  proxy: EgressProxy,
  host: string,
  port: number,
  o: DialOptions = {},
): Promise<Socket> {
  const timeoutMs = o.timeoutMs ?? DIAL_TIMEOUT_MS
  const colon = proxy.address.lastIndexOf(':')
  const proxyHost = proxy.address.slice(0, colon).replace(/^\[|\]$/g, '')
  const proxyPort = Number(proxy.address.slice(colon + 1))
  const addresses = isIPv4(proxyHost) || isIPv6(proxyHost) ? [proxyHost] : await resolver.lookupAll(proxyHost)
  const [ip] = dialable(addresses, o.internal ?? isAlwaysDenied)
  if (!ip)
    throw new DialRefusedError(
      `the egress proxy ${proxyHost} resolves to no public IPv4 address (${addresses.join(', ') || 'none'})`,
    )
  const { socket } = await SocksClient.createConnection({
    proxy: {
      host: ip,
      port: proxyPort,
      type: 5,
      ...(proxy.username ? { userId: proxy.username, password: proxy.password ?? '' } : {}),
    },
    command: 'connect',
    destination: { host, port },
    timeout: timeoutMs,
  })
  socket.setNoDelay(true)
  return socket
}
