// The headers the proxy sets on what it forwards to a sandbox: the client's headers under their
// canonical names, X-Forwarded-*, and Host when the sandbox's ingress masks it.
import type http from 'node:http'
import { ENVD_PORT } from '../../shared/envd.js'
import type { Admitted } from './proxy-admit.js'

// Connection management stays with the forwarder (http-proxy reads these under their lower-case
// names to keep or close the connection and to pass upgrades), so they are not renamed.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/**
 * The header object handed to the forwarder. Node keeps a header under the spelling set last, and
 * these entries come after the request's own (lower-cased) ones, so the sandbox sees these names.
 */
export function forwardedHeaders(
  req: Pick<http.IncomingMessage, 'headers' | 'socket'>,
  a: Pick<Admitted, 'port' | 'ingress'>,
): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {}
  // compat: upstream's proxy (Go) writes every forwarded header in canonical form (`Host`,
  // `User-Agent`, `X-Custom-Thing`), whatever the client sent; services that read raw headers
  // (a `nc -l` capture, a hand-written server) see the same bytes as on E2B.
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':') || HOP_BY_HOP.has(name)) continue
    headers[canonicalHeaderName(name)] = value
  }
  const prior = req.headers['x-forwarded-for']
  const remote = req.socket.remoteAddress ?? ''
  headers['X-Forwarded-For'] = prior ? `${String(prior)}, ${remote}` : remote
  headers['X-Forwarded-Proto'] = String(req.headers['x-forwarded-proto'] ?? 'http')
  headers['X-Forwarded-Host'] = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? '')
  // compat: network.maskRequestHost (not on envd's port): the user's service sees the mask as
  // Host, ${PORT} substituted, and the original host in X-Forwarded-Host.
  const mask = a.ingress?.maskRequestHost
  if (mask !== undefined && a.port !== ENVD_PORT) {
    headers.Host = mask.replaceAll('${PORT}', String(a.port))
    headers['X-Forwarded-Host'] = String(req.headers.host ?? '')
  }
  return headers
}

/** Go's CanonicalMIMEHeaderKey: `x-forwarded-for` → `X-Forwarded-For`; a name that is not a token is kept. */
export function canonicalHeaderName(name: string): string {
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) return name
  return name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase())
}
