// What one client or one sandbox may hold on the proxy (and the API listener): how long a request
// head may take, how slowly a request body may arrive, how many connections one client address and
// one sandbox may have open at once. Slow-body and slow-head attacks then cost the attacker a
// connection slot for seconds, not the server a file descriptor for ever.
import type http from 'node:http'
import type { Socket } from 'node:net'
import { TLSSocket } from 'node:tls'

export type ProxyLimits = Readonly<{
  /** Milliseconds a request head (request line and headers) may take to arrive (Node's headersTimeout). */
  headersTimeoutMs: number
  /**
   * A request body must bring at least `bodyMinBytes` in every window of `bodyTimeoutMs` while the
   * server is ready to take more (a sandbox that reads slowly never counts against the client).
   * 0 = no body check.
   */
  bodyTimeoutMs: number
  bodyMinBytes: number
  /** Connections one client address may hold open at once (0 = no cap). */
  perClientConnections: number
  /** Proxied requests and WebSockets one sandbox may have in flight at once (0 = no cap). */
  perSandboxConnections: number
}>

export const DEFAULT_PROXY_LIMITS: ProxyLimits = Object.freeze({
  headersTimeoutMs: 20_000,
  bodyTimeoutMs: 30_000,
  bodyMinBytes: 4096,
  perClientConnections: 512,
  perSandboxConnections: 1024,
})

/** How often Node checks head deadlines (its default, 30 s, would let a head take timeout + 30 s). */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 2_000

const CONTENT_TYPE = 'application/json; charset=utf-8'

/** A client address as counted: IPv4-mapped IPv6 spelled as IPv4. */
export function clientKey(socket: { remoteAddress?: string | undefined }): string {
  const a = socket.remoteAddress ?? ''
  return a.startsWith('::ffff:') ? a.slice(7) : a
}

export function tooManyClientConnections(limit: number): { status: number; body: Record<string, unknown> } {
  return {
    status: 429,
    body: {
      code: 429,
      message: `Too many concurrent connections from this client (limit: ${limit})`,
      connectionLimit: limit,
    },
  }
}

export function bodyTooSlow(limits: Pick<ProxyLimits, 'bodyTimeoutMs' | 'bodyMinBytes'>): {
  status: number
  body: Record<string, unknown>
} {
  const message = `The request body arrived too slowly (fewer than ${limits.bodyMinBytes} bytes in ${Math.round(limits.bodyTimeoutMs / 1000)} s)`
  return { status: 408, body: { code: 408, message } }
}

/**
 * Caps the connections one client address holds on `server`. A connection past the cap is
 * answered 429 (a JSON body, then closed) on a plain listener, and closed on a TLS one (nothing
 * can be written before the handshake). Returns the live count per address (for tests and logs).
 */
export function capClientConnections(server: http.Server, perClient: number): Map<string, number> {
  const open = new Map<string, number>()
  if (perClient <= 0) return open
  const onSocket = (socket: Socket | TLSSocket) => {
    const key = clientKey(socket)
    const n = (open.get(key) ?? 0) + 1
    if (n > perClient) {
      if (socket instanceof TLSSocket || socket.destroyed) return void socket.destroy()
      const { status, body } = tooManyClientConnections(perClient)
      const payload = JSON.stringify(body)
      socket.on('error', () => undefined)
      socket.end(
        `HTTP/1.1 ${status} Too Many Requests\r\nContent-Type: ${CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
      )
      // Whatever the client sends meanwhile is not read: the socket goes after a short grace.
      setTimeout(() => socket.destroy(), 1000).unref()
      return
    }
    open.set(key, n)
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1
      if (left <= 0) open.delete(key)
      else open.set(key, left)
    })
  }
  // A TLS server's 'connection' carries the raw TCP socket: count there, so a handshake never finished still counts.
  server.on('connection', onSocket)
  return open
}

/** The request carries a body still to come (a Content-Length above 0 or a chunked body). */
function expectsBody(req: http.IncomingMessage): boolean {
  if (req.complete) return false
  if (req.headers['transfer-encoding'] !== undefined) return true
  const len = Number(req.headers['content-length'] ?? '0')
  return Number.isFinite(len) && len > 0
}

/**
 * Watches a request's body: in each window of `bodyTimeoutMs` at least `bodyMinBytes` must arrive
 * on its socket, unless whoever reads the body held it back (its buffer full). A body that stalls
 * gets `onStall` (which answers 408 when nothing was answered yet, and closes the connection).
 */
export function watchBodyRate(
  req: http.IncomingMessage,
  limits: Pick<ProxyLimits, 'bodyTimeoutMs' | 'bodyMinBytes'>,
  onStall: () => void,
): void {
  if (limits.bodyTimeoutMs <= 0 || !expectsBody(req)) return
  const socket = req.socket
  let last = socket.bytesRead
  let timer: NodeJS.Timeout | undefined
  const stop = () => clearTimeout(timer)
  const check = () => {
    if (req.complete || req.destroyed || socket.destroyed) return
    const got = socket.bytesRead - last
    last = socket.bytesRead
    // The reader holds the body back (a sandbox slow to read an upload): not the client's doing.
    const heldBack = req.readableLength >= req.readableHighWaterMark || req.readableFlowing === false
    if (got < limits.bodyMinBytes && !heldBack) return onStall()
    timer = setTimeout(check, limits.bodyTimeoutMs).unref()
  }
  timer = setTimeout(check, limits.bodyTimeoutMs).unref()
  req.once('end', stop)
  req.once('close', stop)
}

/** The usual stall answer: a 408 JSON body when nothing was answered yet, and the connection closed either way. */
export function answerBodyTooSlow(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  limits: Pick<ProxyLimits, 'bodyTimeoutMs' | 'bodyMinBytes'>,
): void {
  const socket = req.socket
  if (res.headersSent || res.destroyed) return void socket.destroy()
  const { status, body } = bodyTooSlow(limits)
  const payload = JSON.stringify(body)
  res.shouldKeepAlive = false
  res.writeHead(status, {
    'content-type': CONTENT_TYPE,
    'content-length': Buffer.byteLength(payload),
    connection: 'close',
  })
  res.end(payload, () => socket.destroy())
  // The client may not read the answer either.
  setTimeout(() => socket.destroy(), 1000).unref()
}

/**
 * The listener-level fences of a server (the proxy's, the domain listener, the API's): head
 * timeout, per-client cap, and the body rate of every request it serves.
 */
export function fenceServer(
  server: http.Server,
  limits: ProxyLimits,
  onStall?: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Map<string, number> {
  server.headersTimeout = limits.headersTimeoutMs
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    watchBodyRate(req, limits, () => (onStall ? onStall(req, res) : answerBodyTooSlow(req, res, limits)))
  })
  return capClientConnections(server, limits.perClientConnections)
}
