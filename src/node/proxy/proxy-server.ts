// createProxyServer(): routes each request or WebSocket upgrade to a running sandbox's <ip>:<port> and streams it.
import http from 'node:http'
import https from 'node:https'
import { Readable, type Duplex } from 'node:stream'
import { ProxyServer } from 'http-proxy-3'
import type { Logger } from 'pino'
import { ENVD_PORT } from '../../shared/envd.js'
import { safeEqual } from '../../shared/safe-equal.js'
import type { ProxyResolver, ProxyTarget } from '../sandboxes/types.js'
import {
  badRoute,
  isEnvdControlRoute,
  noSandboxInRequest,
  portNotOpen,
  reservedEnvdRoute,
  sandboxNotFound,
  resumeRefused,
  sendProxyError,
  tooManySandboxConnections,
  trafficTokenRejected,
  writeProxyErrorToSocket,
  type ProxyError,
} from './proxy-errors.js'
import {
  CONNECTIONS_CHECKING_INTERVAL_MS,
  DEFAULT_PROXY_LIMITS,
  answerBodyTooSlow,
  fenceServer,
  type ProxyLimits,
} from './proxy-limits.js'
import { isRouteError, routeRequest, type Route } from './route-host.js'

export type SandboxProxy = Readonly<{
  /** Created but not listening: main.ts listens. */
  server: http.Server
  handle(req: http.IncomingMessage, res: http.ServerResponse): void
  handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void
  /** Cuts every proxied connection, closes the server if listening and drops pooled upstream sockets. */
  close(): Promise<void>
}>

type Admitted = Readonly<{
  sandboxId: string
  port: number
  target: { protocol: string; host: string; port: number }
  ingress: ProxyTarget['ingress']
}>

/** One proxied request or upgrade: what a kill or pause has to cut. */
type Exchange = {
  closed: boolean
  /** The sandbox started answering (response head or 101 received): only a cut can end it now. */
  responded: boolean
  upgraded: boolean
  upstreamReq: http.ClientRequest | undefined
  upstreamSocket: Duplex | undefined
  retryTimer: NodeJS.Timeout | undefined
}

// Failures of the sandbox side that are routine (service not up yet, sandbox going away): logged at debug.
const ROUTINE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT'])

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
}): SandboxProxy {
  const { resolver, domain, log } = deps
  const dialRetries = deps.dialRetries ?? 3
  const limits = deps.limits ?? DEFAULT_PROXY_LIMITS
  /** Proxied requests and WebSockets in flight per sandbox (the per-sandbox cap). */
  const inFlight = new Map<string, number>()
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
  const tlsAgent = new https.Agent({ keepAlive: true, maxSockets: Infinity, rejectUnauthorized: false })
  // No timeout/proxyTimeout: Connect server streams stay open for minutes; only kill or a peer ends them.
  const proxy = new ProxyServer({ agent, ws: true })
  const exchanges = new WeakMap<http.IncomingMessage, Exchange>()
  const live = new Set<() => void>()

  proxy.on('proxyReq', (proxyReq, req) => {
    const ex = exchanges.get(req)
    if (ex) ex.upstreamReq = proxyReq
  })
  // An upstream that dies mid-response must break the client's response too: piping alone would leave it hanging.
  proxy.on('proxyRes', (proxyRes, req, res) => {
    const ex = exchanges.get(req)
    if (ex) ex.responded = true
    proxyRes.once('close', () => {
      if (!proxyRes.complete) res.destroy()
    })
    // compat: a streamed response's headers go out at once, not with its first body byte (Node
    // holds them until then). The code interpreter's /execute relies on it: the SDK's request
    // timer stops at the headers. The library copies them onto `res` right after this event.
    if (proxyRes.headers['content-length'] === undefined && res instanceof http.ServerResponse) {
      process.nextTick(() => {
        if (!res.headersSent && !res.destroyed) res.flushHeaders()
      })
    }
  })
  proxy.on('proxyReqWs', (proxyReq, req) => {
    const ex = exchanges.get(req)
    if (!ex) return
    ex.upstreamReq = proxyReq
    proxyReq.once('response', () => {
      ex.responded = true
    })
    proxyReq.once('upgrade', (_res, socket) => {
      ex.responded = true
      ex.upgraded = true
      ex.upstreamSocket = socket
    })
  })
  // The library emits (rather than calls back) errors of an upgraded client socket.
  proxy.on('error', (err, _req, res) => {
    log.debug({ err }, 'proxied socket failed')
    if (!(res instanceof http.ServerResponse)) res.destroy()
  })

  function admit(req: http.IncomingMessage, route: RouteResult): Admitted | ProxyError {
    if (route === undefined) return noSandboxInRequest()
    if (isRouteError(route)) return badRoute(route.error)
    const sandbox = resolver.lookup(route.sandboxId)
    if (sandbox === undefined || sandbox.state !== 'running') return sandboxNotFound(route.sandboxId)
    if (route.port === ENVD_PORT && isEnvdControlRoute(req.url)) return reservedEnvdRoute(route.sandboxId)
    const cap = limits.perSandboxConnections
    if (cap > 0 && (inFlight.get(route.sandboxId) ?? 0) >= cap) return tooManySandboxConnections(route.sandboxId, cap)
    // compat: envd's port has its own X-Access-Token; every other port of a private sandbox needs the traffic token.
    if (route.port !== ENVD_PORT && sandbox.trafficAccessToken !== undefined) {
      const token = firstHeader(req, 'e2b-traffic-access-token')
      if (!token) return trafficTokenRejected(route.sandboxId, true)
      if (!safeEqual(token, sandbox.trafficAccessToken)) return trafficTokenRejected(route.sandboxId, false)
    }
    // network.httpsPorts: the user's service speaks TLS; reached without verifying its certificate.
    const tls = route.port !== ENVD_PORT && sandbox.ingress?.httpsPorts?.includes(route.port) === true
    return {
      ...route,
      target: { protocol: tls ? 'https:' : 'http:', host: sandbox.ip, port: route.port },
      ingress: sandbox.ingress,
    }
  }

  function open(req: http.IncomingMessage, sandboxId: string, cutSockets: () => void) {
    const ex: Exchange = {
      closed: false,
      responded: false,
      upgraded: false,
      upstreamReq: undefined,
      upstreamSocket: undefined,
      retryTimer: undefined,
    }
    exchanges.set(req, ex)
    // compat: kill and pause cut the connection; a response under way must break, never end
    // gracefully. `cutSockets` answers what the sandbox has not started answering (see callers).
    const cut = () => {
      if (ex.closed) return
      ex.closed = true
      clearTimeout(ex.retryTimer)
      ex.upstreamReq?.destroy()
      ex.upstreamSocket?.destroy()
      cutSockets()
    }
    const release = resolver.track(sandboxId, cut)
    live.add(cut)
    inFlight.set(sandboxId, (inFlight.get(sandboxId) ?? 0) + 1)
    let counted = true
    const done = () => {
      ex.closed = true
      clearTimeout(ex.retryTimer)
      release()
      live.delete(cut)
      if (!counted) return
      counted = false
      const left = (inFlight.get(sandboxId) ?? 1) - 1
      if (left <= 0) inFlight.delete(sandboxId)
      else inFlight.set(sandboxId, left)
    }
    return { ex, done }
  }

  /** The paused autoResume sandbox a request is for, when it must be resumed before forwarding. */
  function toResume(route: RouteResult): ProxyTarget | undefined {
    if (route === undefined || isRouteError(route)) return undefined
    const sandbox = resolver.lookup(route.sandboxId)
    return sandbox?.state === 'paused' && sandbox.autoResume ? sandbox : undefined
  }

  /**
   * compat: traffic to a paused sandbox created with autoResume resumes it first, once the caller
   * shows the credentials the port needs (envd: X-Access-Token; other ports of a private
   * sandbox: the traffic token). Anything else paused stays a 502 "not found" from admit().
   */
  async function autoResume(
    req: http.IncomingMessage,
    port: number,
    sandbox: ProxyTarget,
  ): Promise<ProxyError | undefined> {
    const needed = port === ENVD_PORT ? sandbox.envdAccessToken : sandbox.trafficAccessToken
    const presented = firstHeader(req, port === ENVD_PORT ? 'x-access-token' : 'e2b-traffic-access-token')
    if (needed !== undefined && (presented === undefined || !safeEqual(presented, needed)))
      return resumeRefused(sandbox.sandboxId)
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
    const paused = toResume(route)
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
      (route) => forwardRequest(req, res, route),
      (err) => sendProxyError(res, err),
      () => res.destroy(),
    )
  }

  function forwardRequest(req: http.IncomingMessage, res: http.ServerResponse, route: RouteResult): void {
    const startedMs = performance.now()
    const admitted = admit(req, route)
    const fields = 'body' in admitted ? {} : { sandboxId: admitted.sandboxId, port: admitted.port }
    res.once('close', () => {
      const ms = Math.round(performance.now() - startedMs)
      log.debug(
        { ...fields, method: req.method, path: req.url?.split('?')[0], status: res.statusCode, ms },
        'proxy request',
      )
    })
    if ('body' in admitted) {
      sendProxyError(res, admitted)
      return
    }

    const { sandboxId, port, target } = admitted
    const { ex, done } = open(req, sandboxId, () => {
      // compat: a request the sandbox has not started answering gets the 502 of a sandbox that is
      // not running (contract 3.4), as one arriving a moment later would: a pause or kill racing
      // the request must not decide between an answer and a dropped connection. The connection
      // closes after it, since the request body may still be arriving.
      if (!ex.responded && !res.headersSent) {
        res.shouldKeepAlive = false
        return sendProxyError(res, sandboxNotFound(sandboxId))
      }
      res.destroy()
      req.socket.destroy()
    })
    res.once('close', done)
    // A sandbox may answer before reading the whole body (an error, a 413). Node drains unread
    // bodies only when nobody piped them: without this the rest stays in the socket and the next
    // request on the keep-alive connection is never read.
    res.once('finish', () => {
      if (req.complete) return
      req.unpipe()
      req.resume()
    })
    const headers = forwardedHeaders(req, admitted)
    const tls = target.protocol === 'https:' ? { agent: tlsAgent, secure: false } : {}
    // Only a body-less request can be sent again after a failed dial: a streamed body is consumed.
    const replayable = req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] ?? '0') === '0'

    const forward = (attempt: number): void => {
      const body = replayable ? { buffer: Readable.from([]) } : {}
      proxy.web(req, res, { target, headers, ...tls, ...body }, (err) => {
        if (ex.closed) return
        const code = errorCode(err)
        // Mid-response failure: cut the client too, so it never mistakes a truncated body for a complete one.
        if (res.headersSent) {
          log.debug({ err, sandboxId, port }, 'proxied response failed')
          return void res.destroy()
        }
        const staleSocket = code === 'ECONNRESET' && ex.upstreamReq?.reusedSocket === true
        if (replayable && attempt < dialRetries && (code === 'ECONNREFUSED' || staleSocket)) {
          // compat: linear backoff before declaring the port closed (covers services still starting).
          ex.retryTimer = setTimeout(() => forward(attempt + 1), staleSocket ? 0 : 100 * (attempt + 1))
          return
        }
        if (ROUTINE.has(code)) log.debug({ err, sandboxId, port }, 'proxy dial failed')
        else log.warn({ err, sandboxId, port }, 'proxy request failed')
        sendProxyError(res, portNotOpen(sandboxId, port))
      })
    }
    forward(0)
  }

  function handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', (err) => log.debug({ err }, 'proxy client socket failed'))
    withRoute(
      req,
      (route) => forwardUpgrade(req, socket, head, route),
      (err) => writeProxyErrorToSocket(socket, err),
      () => socket.destroy(),
    )
  }

  function forwardUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer, route: RouteResult): void {
    const admitted = admit(req, route)
    if ('body' in admitted) {
      writeProxyErrorToSocket(socket, admitted)
      return
    }

    const { sandboxId, port, target } = admitted
    log.debug({ sandboxId, port, path: req.url?.split('?')[0] }, 'proxy upgrade')
    const { ex, done } = open(req, sandboxId, () => {
      // As for requests: before the sandbox answered the upgrade, the 502; after, only a cut.
      if (!ex.responded) writeProxyErrorToSocket(socket, sandboxNotFound(sandboxId))
      else socket.destroy()
    })
    socket.once('close', () => {
      // Before the upgrade the library does not abort the upstream request itself.
      if (!ex.upgraded) ex.upstreamReq?.destroy()
      done()
    })
    proxy.ws(
      req,
      socket,
      head,
      {
        target,
        headers: forwardedHeaders(req, admitted),
        ...(target.protocol === 'https:' ? { agent: tlsAgent, secure: false } : {}),
      },
      (err) => {
        if (ex.closed) return
        // After the upgrade the library ends the client socket itself; nothing else can be said.
        if (ex.upgraded) return void log.debug({ err, sandboxId, port }, 'proxied websocket failed')
        if (ROUTINE.has(errorCode(err))) log.debug({ err, sandboxId, port }, 'proxy dial failed')
        else log.warn({ err, sandboxId, port }, 'proxy upgrade failed')
        writeProxyErrorToSocket(socket, portNotOpen(sandboxId, port))
      },
    )
  }

  const server = createProxyHttpServer(handle, handleUpgrade, limits, (req, res) => {
    // A body too slow: the sandbox's request is dropped with it.
    exchanges.get(req)?.upstreamReq?.destroy()
    log.debug({ path: req.url?.split('?')[0] }, 'proxy request body too slow: closed')
    answerBodyTooSlow(req, res, limits)
  })

  async function close(): Promise<void> {
    for (const cut of [...live]) cut()
    const closed = server.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve()
    server.closeAllConnections()
    agent.destroy()
    tlsAgent.destroy()
    await closed
  }

  return { server, handle, handleUpgrade, close }
}

type RouteResult = ReturnType<typeof routeRequest>

function firstHeader(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}

function forwardedHeaders(req: http.IncomingMessage, a: Pick<Admitted, 'port' | 'ingress'>): Record<string, string> {
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

function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? code : ''
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
): http.Server {
  const server = http.createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }, handle)
  server.on('upgrade', handleUpgrade)
  // Idle keep-alive well above the SDK's 50 s envd keepalive; no deadline on a whole request
  // (uploads stream): a body only has to keep arriving (watchBodyRate).
  server.keepAliveTimeout = 125_000
  server.requestTimeout = 0
  server.timeout = 0
  fenceServer(server, limits, onBodyStall)
  return server
}
