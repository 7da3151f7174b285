// A WebSocket (or any other) upgrade forwarded to its sandbox: admitted, tracked as an exchange,
// then handed to http-proxy; refusals and failures before the sandbox answered are written to the
// client's socket as the proxy's 502 (there is no response object to answer with).
import type http from 'node:http'
import type https from 'node:https'
import type { Duplex } from 'node:stream'
import type { ProxyServer } from 'http-proxy-3'
import type { Logger } from 'pino'
import { errorCode, isRoutineFailure } from './dial-retry.js'
import { forwardedHeaders } from './forwarded-headers.js'
import type { Admitted, RouteResult } from './proxy-admit.js'
import { portNotOpen, sandboxNotFound, writeProxyErrorToSocket, type ProxyError } from './proxy-errors.js'
import type { ExchangeTracker } from './proxy-exchanges.js'

export type UpgradeDeps = Readonly<{
  proxy: ProxyServer
  exchanges: ExchangeTracker
  admit(req: http.IncomingMessage, route: RouteResult): Admitted | ProxyError
  /** For sandbox ports that speak TLS (network.httpsPorts). */
  tlsAgent: https.Agent
  log: Logger
}>

export function forwardUpgrade(
  deps: UpgradeDeps,
  req: http.IncomingMessage,
  socket: Duplex,
  head: Buffer,
  route: RouteResult,
): void {
  const { log } = deps
  const admitted = deps.admit(req, route)
  if ('body' in admitted) {
    writeProxyErrorToSocket(socket, admitted)
    return
  }

  const { sandboxId, port, target } = admitted
  log.debug({ sandboxId, port, path: req.url?.split('?')[0] }, 'proxy upgrade')
  const { ex, done } = deps.exchanges.open(req, sandboxId, () => {
    // As for requests: before the sandbox answered the upgrade, the 502; after, only a cut.
    if (!ex.responded) writeProxyErrorToSocket(socket, sandboxNotFound(sandboxId))
    else socket.destroy()
  })
  socket.once('close', () => {
    // Before the upgrade the library does not abort the upstream request itself.
    if (!ex.upgraded) ex.upstreamReq?.destroy()
    done()
  })
  deps.proxy.ws(
    req,
    socket,
    head,
    {
      target,
      headers: forwardedHeaders(req, admitted),
      ...(target.protocol === 'https:' ? { agent: deps.tlsAgent, secure: false } : {}),
    },
    (err) => {
      if (ex.closed) return
      // After the upgrade the library ends the client socket itself; nothing else can be said.
      if (ex.upgraded) return void log.debug({ err, sandboxId, port }, 'proxied websocket failed')
      if (isRoutineFailure(errorCode(err))) log.debug({ err, sandboxId, port }, 'proxy dial failed')
      else log.warn({ err, sandboxId, port }, 'proxy upgrade failed')
      writeProxyErrorToSocket(socket, portNotOpen(sandboxId, port))
    },
  )
}
