// A proxied HTTP request to its sandbox: admitted, tracked as an exchange (a kill or pause cuts
// it), forwarded by http-proxy, a refused dial retried with backoff when the request can be
// replayed, and failures answered with the proxy's 502 (or a cut when the answer had begun).
import type http from 'node:http'
import { Readable } from 'node:stream'
import { errorCode, isReplayable, isRoutineFailure, retryDelayMs } from './dial-retry.js'
import type { UpgradeDeps } from './forward-upgrade.js'
import { forwardedHeaders } from './forwarded-headers.js'
import type { RouteResult } from './proxy-admit.js'
import { portNotOpen, sandboxNotFound, sendProxyError } from './proxy-errors.js'

export type RequestDeps = UpgradeDeps & Readonly<{ dialRetries: number }>

export function forwardRequest(
  deps: RequestDeps,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  route: RouteResult,
): void {
  const { log, exchanges, proxy, tlsAgent, dialRetries } = deps
  const startedMs = performance.now()
  const admitted = deps.admit(req, route)
  const fields = 'body' in admitted ? {} : { sandboxId: admitted.sandboxId, port: admitted.port }
  res.once('close', () => {
    const ms = Math.round(performance.now() - startedMs)
    log.debug(
      { ...fields, method: req.method, path: req.url?.split('?')[0], status: res.statusCode, ms },
      'proxy request',
    )
  })
  if ('body' in admitted) {
    sendProxyError(res, admitted, req)
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
      return sendProxyError(res, sandboxNotFound(sandboxId), req)
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
      sendProxyError(res, portNotOpen(sandboxId, port), req)
    })
  }
  forward(0)
}
