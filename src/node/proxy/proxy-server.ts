// createProxyServer(): routes each request or WebSocket upgrade to a running sandbox's <ip>:<port> and streams it.
import http from 'node:http'
import https from 'node:https'
import type { Duplex } from 'node:stream'
import { ProxyServer } from 'http-proxy-3'
import type { Logger } from 'pino'
import type { TLSSocket } from 'node:tls'
import { CONTROL_ROLE, type TlsIdentity } from '../agent-api/wire.js'
import type { ProxyResolver, ProxyTarget } from '../sandboxes/types.js'
import { forwardRequest } from './forward-request.js'
import { forwardUpgrade } from './forward-upgrade.js'
import { admit, refuseResume, toResume, type RouteResult } from './proxy-admit.js'
import { sendProxyError, writeProxyErrorToSocket, type ProxyError } from './proxy-errors.js'
import { trackExchanges } from './proxy-events.js'
import { ExchangeTracker } from './proxy-exchanges.js'
import {
  CONNECTIONS_CHECKING_INTERVAL_MS,
  DEFAULT_PROXY_LIMITS,
  answerBodyTooSlow,
  fenceServer,
  type ProxyLimits,
} from './proxy-limits.js'
import { routeRequest, type Route } from './route-host.js'

export type SandboxProxy = Readonly<{
  /** Created but not listening: main.ts listens. */
  server: http.Server
  handle(req: http.IncomingMessage, res: http.ServerResponse): void
  handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void
  /** Cuts every proxied connection, closes the server if listening and drops pooled upstream sockets. */
  close(): Promise<void>
}>

/**
 * Builds the sandbox proxy. Every proxied exchange is registered with `resolver.track` so a kill
 * can cut it mid-stream (contract 7.4); a refused dial is retried `dialRetries` times (default 3)
 * with 100, 200, 300… ms backoff when the request has no body to replay, then answered 502.
 */
export function createProxyServer(deps: {
  resolver: ProxyResolver
  domain: string
  log: Logger
  dialRetries?: number
  /** Timeouts and connection caps (proxy-limits.ts); defaults when left out. */
  limits?: ProxyLimits
  /**
   * A cluster node's proxy behind the control replicas' edge: TLS 1.3 with this node's certificate,
   * admitting only clients with a control certificate of the cluster CA (as the agent API does).
   */
  tls?: TlsIdentity
}): SandboxProxy {
  const { resolver, domain, log } = deps
  const dialRetries = deps.dialRetries ?? 3
  const limits = deps.limits ?? DEFAULT_PROXY_LIMITS
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
  const tlsAgent = new https.Agent({ keepAlive: true, maxSockets: Infinity, rejectUnauthorized: false })
  // No timeout/proxyTimeout: Connect server streams stay open for minutes; only kill or a peer ends them.
  const proxy = new ProxyServer({ agent, ws: true })
  const exchanges = new ExchangeTracker(resolver)
  const admitRoute = (req: http.IncomingMessage, route: RouteResult) =>
    admit(req, route, {
      lookup: (sandboxId) => resolver.lookup(sandboxId),
      inFlight: (sandboxId) => exchanges.inFlight(sandboxId),
      perSandboxConnections: limits.perSandboxConnections,
    })
  trackExchanges(proxy, exchanges, log)

  /**
   * compat: traffic to a paused sandbox created with autoResume resumes it first, once the caller
   * shows the credentials the port needs (refuseResume). Anything else paused stays a 502 "not
   * found" from admit().
   */
  async function autoResume(
    req: http.IncomingMessage,
    port: number,
    sandbox: ProxyTarget,
  ): Promise<ProxyError | undefined> {
    const refused = refuseResume(req, port, sandbox)
    if (refused) return refused
    try {
      await resolver.resume(sandbox.sandboxId)
    } catch (err) {
      log.debug({ err, sandboxId: sandbox.sandboxId }, 'auto-resume failed')
    }
    return undefined
  }

  /** Routes once; only a request for a paused autoResume sandbox takes the asynchronous detour. */
  function withRoute(
    req: http.IncomingMessage,
    forward: (route: RouteResult) => void,
    refuse: (err: ProxyError) => void,
    fail: () => void,
  ): void {
    const route = routeRequest({ host: req.headers.host, headers: req.headers, domain })
    const paused = toResume(route, (sandboxId) => resolver.lookup(sandboxId))
    if (!paused) {
      forward(route)
      return
    }
    autoResume(req, (route as Route).port, paused).then(
      (refused) => (refused ? refuse(refused) : forward(route)),
      (err: unknown) => {
        log.warn({ err }, 'proxy auto-resume failed before forwarding')
        fail()
      },
    )
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    withRoute(
      req,
      (route) => forwardRequest(requests, req, res, route),
      (err) => sendProxyError(res, err, req),
      () => res.destroy(),
    )
  }

  const upgrades = { proxy, exchanges, admit: admitRoute, tlsAgent, log }
  const requests = { ...upgrades, dialRetries }
  function handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', (err) => log.debug({ err }, 'proxy client socket failed'))
    withRoute(
      req,
      (route) => forwardUpgrade(upgrades, req, socket, head, route),
      (err) => writeProxyErrorToSocket(socket, err),
      () => socket.destroy(),
    )
  }

  const server = createProxyHttpServer(
    handle,
    handleUpgrade,
    limits,
    (req, res) => {
      // A body too slow: the sandbox's request is dropped with it.
      exchanges.of(req)?.upstreamReq?.destroy()
      log.debug({ path: req.url?.split('?')[0] }, 'proxy request body too slow: closed')
      answerBodyTooSlow(req, res, limits)
    },
    deps.tls,
  )

  async function close(): Promise<void> {
    exchanges.cutAll()
    const closed = server.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve()
    server.closeAllConnections()
    agent.destroy()
    tlsAgent.destroy()
    await closed
  }

  return { server, handle, handleUpgrade, close }
}

/**
 * The proxy's HTTP server (this host's proxy and a cluster's edge): requests, upgrades, and its
 * timeouts and caps (proxy-limits.ts): a head must arrive within `headersTimeoutMs`, a body at a
 * minimum rate, and one client address holds at most `perClientConnections`.
 */
export function createProxyHttpServer(
  handle: http.RequestListener,
  handleUpgrade: (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void,
  limits: ProxyLimits = DEFAULT_PROXY_LIMITS,
  onBodyStall?: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  tls?: TlsIdentity,
): http.Server {
  const opts = { connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }
  const server: http.Server = tls
    ? https.createServer(
        { ...opts, ...tls, requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.3' },
        handle,
      )
    : http.createServer(opts, handle)
  // The CA also signs nodes' certificates: only a control replica's may call (a node's cannot).
  if (tls)
    server.on('secureConnection', (socket: TLSSocket) => {
      if (socket.getPeerCertificate().subject?.OU !== CONTROL_ROLE) socket.destroy()
    })
  server.on('upgrade', handleUpgrade)
  // Idle keep-alive well above the SDK's 50 s envd keepalive; no deadline on a whole request
  // (uploads stream): a body only has to keep arriving (watchBodyRate).
  server.keepAliveTimeout = 125_000
  server.requestTimeout = 0
  server.timeout = 0
  fenceServer(server, limits, onBodyStall)
  return server
}
