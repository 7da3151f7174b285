// The headers the proxy sets on what it forwards to a sandbox: X-Forwarded-*, and Host when the
// sandbox's ingress masks it.
import type http from 'node:http'
import { ENVD_PORT } from '../../shared/envd.js'
import type { Admitted } from './proxy-admit.js'

export function forwardedHeaders(
  req: Pick<http.IncomingMessage, 'headers' | 'socket'>,
  a: Pick<Admitted, 'port' | 'ingress'>,
): Record<string, string> {
  const prior = req.headers['x-forwarded-for']
  const remote = req.socket.remoteAddress ?? ''
  const headers: Record<string, string> = {
    'x-forwarded-for': prior ? `${String(prior)}, ${remote}` : remote,
    'x-forwarded-proto': String(req.headers['x-forwarded-proto'] ?? 'http'),
    'x-forwarded-host': String(req.headers['x-forwarded-host'] ?? req.headers.host ?? ''),
  }
  // compat: network.maskRequestHost (not on envd's port): the user's service sees the mask as
  // Host, ${PORT} substituted, and the original host in X-Forwarded-Host.
  const mask = a.ingress?.maskRequestHost
  if (mask !== undefined && a.port !== ENVD_PORT) {
    headers.host = mask.replaceAll('${PORT}', String(a.port))
    headers['x-forwarded-host'] = String(req.headers.host ?? '')
  }
  return headers
}
