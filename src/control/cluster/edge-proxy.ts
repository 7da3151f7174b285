// The proxy's edge on a control replica: routes each request or WebSocket upgrade exactly as the
// one-host proxy does (E2b-Sandbox-Id/-Port headers, or Host in domain mode), finds the sandbox's
// node in the catalog, and forwards the raw stream to that node's own sandbox proxy, Host and
// headers untouched. Traffic tokens, auto-resume, envd's reserved routes, dial retries and the 502s
// of a sandbox's port are the node proxy's (so their bodies are byte for byte the contract's);
// the edge answers only what it alone knows: no sandbox in the request, or no such sandbox (the
// same bodies, from proxy-errors.ts).
import http from 'node:http'
import https from 'node:https'
import type { Duplex } from 'node:stream'
import { ProxyServer } from 'http-proxy-3'
import type { Logger } from 'pino'
import {
  badRoute,
  noSandboxInRequest,
  sandboxNotFound,
  sendProxyError,
  writeProxyErrorToSocket,
  type ProxyError,
} from '../../node/proxy/proxy-errors.js'
import type { ProxyLimits } from '../../node/proxy/proxy-limits.js'
import { createProxyHttpServer, type SandboxProxy } from '../../node/proxy/proxy-server.js'
import { isRouteError, routeRequest } from '../../node/proxy/route-host.js'
import type { TlsIdentity } from '../../node/agent-api/wire.js'
import { checkNodeIdentity } from './agent-tls.js'

/** Where a sandbox's node proxy listens; undefined: no such sandbox (or its node is dead). */
export type NodeTarget = Readonly<{ nodeId: string; address: string; proxyPort: number }>

/** Positive look-ups are kept this long: a burst of requests to one sandbox costs one query. */
const ROUTE_CACHE_MS = 2000
/** How many sandboxes' last known nodes are kept for when the catalog cannot be asked. */
const KNOWN_ROUTES = 10_000

/** The edge's answer when the catalog cannot be asked and it has never routed to the sandbox. */
const catalogUnavailable = (sandboxId: string): ProxyError => ({
  status: 503,
  body: { sandboxId, code: 503, message: "the cluster's database cannot be reached right now; try again shortly" },
})

export function createEdgeProxy(deps: {
  locate: (sandboxId: string) => Promise<NodeTarget | undefined>
  domain: string
  log: Logger
  limits?: ProxyLimits
  /** How long a positive look-up is used without asking again (default ROUTE_CACHE_MS). */
  routeCacheMs?: number
  /**
   * This replica's control certificate: node proxies are called over TLS 1.3 and must show the
   * certificate of the node the catalog names (mutual TLS, as to the agent API); plain HTTP without.
   */
  tls?: TlsIdentity
}): SandboxProxy {
  const { log } = deps
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
  const proxy = new ProxyServer({ agent, ws: true, xfwd: true })
  const tlsAgents = new Map<string, https.Agent>()
  /** Where and how a node's proxy is called: one TLS agent per node, which checks that node's name. */
  function forwardTo(t: NodeTarget): { target: string; agent?: https.Agent } {
    if (!deps.tls) return { target: `http://${t.address}:${t.proxyPort}` }
    let tlsAgent = tlsAgents.get(t.nodeId)
    if (!tlsAgent) {
      tlsAgent = new https.Agent({
        ...deps.tls,
        keepAlive: true,
        maxSockets: Number.POSITIVE_INFINITY,
        minVersion: 'TLSv1.3',
        checkServerIdentity: (_host, peer) => checkNodeIdentity(t.nodeId, peer),
      })
      tlsAgents.set(t.nodeId, tlsAgent)
    }
    return { target: `https://${t.address}:${t.proxyPort}`, agent: tlsAgent }
  }
  const cache = new Map<string, { target: NodeTarget; until: number }>()
  const sockets = new Set<Duplex>()
  const upgraded = new WeakSet<http.IncomingMessage>()
  proxy.on('proxyReqWs', (proxyReq, req) => proxyReq.once('upgrade', () => upgraded.add(req)))

  proxy.on('error', (err, _req, res) => {
    log.debug({ err }, 'edge: proxied socket failed')
    if (!(res instanceof http.ServerResponse)) res.destroy()
  })
  // The node's side ending mid-response must break the client's too, never end it cleanly.
  proxy.on('proxyRes', (proxyRes, _req, res) => {
    proxyRes.once('close', () => {
      if (!proxyRes.complete) res.destroy()
    })
  })

  /**
   * The sandbox's node: from the cache, else the catalog. When the catalog cannot be asked
   * (PostgreSQL down), the node it last named: a running sandbox keeps serving; a wrong guess
   * is the node proxy's 502, as for any sandbox gone.
   */
  async function locate(sandboxId: string): Promise<NodeTarget | ProxyError | undefined> {
    const hit = cache.get(sandboxId)
    if (hit && hit.until > Date.now()) return hit.target
    let target: NodeTarget | undefined
    try {
      target = await deps.locate(sandboxId)
    } catch (err) {
      // debug, not warn: anyone can send requests here, and the outage is logged by the API's 503s.
      if (!hit) {
        log.debug({ err, sandboxId }, 'edge: the catalog cannot be asked and the sandbox was never routed here')
        return catalogUnavailable(sandboxId)
      }
      log.debug({ err, sandboxId }, 'edge: the catalog cannot be asked; routing to the last known node')
      return hit.target
    }
    cache.delete(sandboxId)
    if (target) cache.set(sandboxId, { target, until: Date.now() + (deps.routeCacheMs ?? ROUTE_CACHE_MS) })
    // The oldest entry goes first (a Map keeps insertion order).
    if (cache.size > KNOWN_ROUTES) cache.delete(cache.keys().next().value!)
    return target
  }

  /** The node to forward to, or the edge's own error. */
  async function resolve(req: http.IncomingMessage): Promise<{ target: NodeTarget; sandboxId: string } | ProxyError> {
    const route = routeRequest({ host: req.headers.host, headers: req.headers, domain: deps.domain })
    if (route === undefined) return noSandboxInRequest()
    if (isRouteError(route)) return badRoute(route.error)
    const target = await locate(route.sandboxId)
    if (target && 'body' in target) return target
    return target ? { target, sandboxId: route.sandboxId } : sandboxNotFound(route.sandboxId)
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    resolve(req).then(
      (r) => {
        if ('body' in r) return sendProxyError(res, r, req)
        proxy.web(req, res, forwardTo(r.target), (err) => {
          cache.delete(r.sandboxId)
          if (res.headersSent) return void res.destroy()
          // The node proxy is unreachable: its sandboxes cannot answer (the node is going or gone).
          log.warn({ err, sandboxId: r.sandboxId, nodeId: r.target.nodeId }, 'edge: the node proxy is unreachable')
          sendProxyError(res, sandboxNotFound(r.sandboxId), req)
        })
      },
      (err: unknown) => {
        log.error({ err }, 'edge: routing failed')
        res.destroy()
      },
    )
  }

  function handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', (err) => log.debug({ err }, 'edge: client socket failed'))
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    resolve(req).then(
      (r) => {
        if ('body' in r) return writeProxyErrorToSocket(socket, r)
        proxy.ws(req, socket, head, forwardTo(r.target), (err) => {
          cache.delete(r.sandboxId)
          log.debug({ err, sandboxId: r.sandboxId }, 'edge: proxied websocket failed')
          if (socket.writable && !upgraded.has(req)) writeProxyErrorToSocket(socket, sandboxNotFound(r.sandboxId))
          else socket.destroy()
        })
      },
      () => socket.destroy(),
    )
  }

  const server = createProxyHttpServer(handle, handleUpgrade, deps.limits)

  return {
    server,
    handle,
    handleUpgrade,
    async close() {
      for (const s of sockets) s.destroy()
      const closed = server.listening ? new Promise<void>((r) => server.close(() => r())) : Promise.resolve()
      server.closeAllConnections()
      agent.destroy()
      for (const a of tlsAgents.values()) a.destroy()
      await closed
    },
  }
}
