// createProxyServer(): routes each request or WebSocket upgrade to a running sandbox's <ip>:<port> and streams it.
import http from 'node:http'
import https from 'node:https'
import { Readable, type Duplex } from 'node:stream'
import { ProxyServer } from 'http-proxy-3'
import type { Logger } from 'pino'
import type { ProxyResolver, ProxyTarget } from '../sandboxes/types.js'
import { coalesceStreamedWrites } from './coalesce-writes.js'
import { errorCode, isReplayable, isRoutineFailure, retryDelayMs } from './dial-retry.js'
import { forwardUpgrade } from './forward-upgrade.js'
import { forwardedHeaders } from './forwarded-headers.js'
import { admit, refuseResume, toResume, type RouteResult } from './proxy-admit.js'
import {
  portNotOpen,
  sandboxNotFound,
  sendProxyError,
  writeProxyErrorToSocket,
  type ProxyError,
} from './proxy-errors.js'
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

  proxy.on('proxyReq', (proxyReq, req) => {
    const ex = exchanges.of(req)
    if (ex) ex.upstreamReq = proxyReq
  })
  // An upstream that dies mid-response must break the client's response too: piping alone would leave it hanging.
  proxy.on('proxyRes', (proxyRes, req, res) => {
    const ex = exchanges.of(req)
    if (ex) ex.responded = true
    proxyRes.once('close', () => {
      if (!proxyRes.complete) res.destroy()
    })
    // compat: a streamed response's headers go out at once, not with its first body byte (Node
    // holds them until then). The code interpreter's /execute relies on it: the SDK's request
    // timer stops at the headers. The library copies them onto `res` right after this event.
    if (proxyRes.headers['content-length'] === undefined && res instanceof http.ServerResponse)
      coalesceStreamedWrites(proxyRes, res)
  })
  proxy.on('proxyReqWs', (proxyReq, req) => {
    const ex = exchanges.of(req)
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
      (route) => forwardRequest(req, res, route),
      (err) => sendProxyError(res, err),
      () => res.destroy(),
    )
  }

  function forwardRequest(req: http.IncomingMessage, res: http.ServerResponse, route: RouteResult): void {
    const startedMs = performance.now()
    const admitted = admitRoute(req, route)
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
    const { ex, done } = exchanges.open(req, sandboxId, () => {
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
    const replayable = isReplayable(req.headers)

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
        const reusedSocket = ex.upstreamReq?.reusedSocket === true
        const delayMs = retryDelayMs({ code, reusedSocket, replayable, attempt, dialRetries })
        if (delayMs !== undefined) {
          ex.retryTimer = setTimeout(() => forward(attempt + 1), delayMs)
          return
        }
        if (isRoutineFailure(code)) log.debug({ err, sandboxId, port }, 'proxy dial failed')
        else log.warn({ err, sandboxId, port }, 'proxy request failed')
        sendProxyError(res, portNotOpen(sandboxId, port))
      })
    }
    forward(0)
  }

  const upgrades = { proxy, exchanges, admit: admitRoute, tlsAgent, log }
  function handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', (err) => log.debug({ err }, 'proxy client socket failed'))
    withRoute(
      req,
      (route) => forwardUpgrade(upgrades, req, socket, head, route),
      (err) => writeProxyErrorToSocket(socket, err),
      () => socket.destroy(),
    )
  }

  const server = createProxyHttpServer(handle, handleUpgrade, limits, (req, res) => {
    // A body too slow: the sandbox's request is dropped with it.
    exchanges.of(req)?.upstreamReq?.destroy()
    log.debug({ path: req.url?.split('?')[0] }, 'proxy request body too slow: closed')
    answerBodyTooSlow(req, res, limits)
  })

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
