// Domain mode: one (TLS) listener in front of both the API (api.<domain>) and the sandbox proxy
// (<port>-<id>.<domain>, or any request carrying E2b-Sandbox-Id).
import { CLI_LOGIN_PATH } from './api/cli-login.js'
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import {
  CONNECTIONS_CHECKING_INTERVAL_MS,
  DEFAULT_PROXY_LIMITS,
  fenceServer,
  type ProxyLimits,
} from '../node/proxy/proxy-limits.js'

export type DomainListenerDeps = {
  domain: string
  api: FastifyInstance
  proxy: {
    handle(req: IncomingMessage, res: ServerResponse): void
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  }
  tls: { cert: string; key: string } | undefined
  /** Head and body timeouts and the per-client cap (proxy-limits.ts); the proxy's per-sandbox cap applies behind it. */
  limits?: ProxyLimits
}

/**
 * Whether a request is for the control API: no sandbox header, and Host is api.<domain>, or
 * <domain> itself for the CLI's sign-in page (E2B's CLI opens https://<E2B_DOMAIN>/docs/api/cli).
 */
export function isApiRequest(req: Pick<IncomingMessage, 'headers' | 'url'>, domain: string): boolean {
  // compat: envd's GET /health collides with the API's; the sandbox header decides first.
  if (req.headers['e2b-sandbox-id'] !== undefined) return false
  const host = (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
  if (host === domain.toLowerCase()) {
    const path = (req.url ?? '').split('?')[0]
    return path === CLI_LOGIN_PATH || path?.startsWith(`${CLI_LOGIN_PATH}/`) === true
  }
  return host === `api.${domain.toLowerCase()}`
}

export function createDomainListener(deps: DomainListenerDeps): Server {
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (isApiRequest(req, deps.domain)) deps.api.routing(req, res)
    else deps.proxy.handle(req, res)
  }
  const checking = { connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }
  const server: Server = deps.tls
    ? createHttpsServer({ cert: deps.tls.cert, key: deps.tls.key, ...checking }, onRequest)
    : createHttpServer(checking, onRequest)
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    deps.proxy.handleUpgrade(req, socket, head),
  )
  // Proxied streams stay open for minutes; keepalives arrive every ~50 s.
  server.keepAliveTimeout = 120_000
  server.requestTimeout = 0
  fenceServer(server, deps.limits ?? DEFAULT_PROXY_LIMITS)
  return server
}
