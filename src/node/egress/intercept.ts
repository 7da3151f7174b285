// The requests of an intercepted connection (a host that a transform rule names): each one goes
// upstream dialled by the connection's hostname, with the rule's headers set (placeholders
// resolved now, at their secrets' current version). A placeholder that cannot be resolved refuses
// that request with a 502 and never sends the raw text anywhere. Upstream connections are kept
// alive per sandbox, host and port (an UpstreamPool, owned by the gateway's entry for the sandbox,
// so a new policy never reuses a connection dialled under the old one): a client that opens a
// connection per request does not pay a TCP and TLS handshake upstream each time. The client's
// side of a TLS connection is terminated here too (terminateTls), with the sandbox CA's leaf.
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { Duplex } from 'node:stream'
import tls from 'node:tls'
import type { Logger } from 'pino'
import type { LeafMinter } from './ca.js'
import { resolvePlaceholders, UnresolvedPlaceholderError, type SecretResolver } from './placeholders.js'

/** What one intercepted connection is bound to: its hostname, port, headers and how to dial. */
export type InterceptTarget = Readonly<{
  hostname: string
  port: number
  tls: boolean
  headers: Readonly<Record<string, string>>
  /** Keep-alive connections to this upstream (interceptor.createPool). */
  pool: UpstreamPool
  log: Logger
}>

/** Kept-alive connections to one upstream of one sandbox. */
export type UpstreamPool = Readonly<{
  agent: http.Agent
  /** No new requests will use it: idle connections close now, busy ones when their request ends. */
  retire(): void
  /** Every connection closes now, busy ones included. */
  destroy(): void
}>

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
])

function refuse(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
  res.end(`${message}\n`)
}

/**
 * An HTTP server that is never listened on: the gateway hands it intercepted connections
 * (`handle`), plain or already TLS-terminated, and it forwards their requests.
 */
export function createInterceptor(opts: { secrets: SecretResolver; trustedCa: readonly string[] }) {
  const targets = new WeakMap<Socket, InterceptTarget>()
  // One context for every upstream handshake: parsing the whole trust store per connection costs ~50 ms.
  let upstreamContext: tls.SecureContext | undefined
  const trust = () => (upstreamContext ??= tls.createSecureContext({ ca: [...opts.trustedCa] }))
  const server = http.createServer(
    { requestTimeout: 0, headersTimeout: 60_000, keepAliveTimeout: 60_000 },
    (req, res) => {
      const target = targets.get(req.socket)
      if (!target) return refuse(res, 502, 'egress gateway: no target for this connection')
      void forward(target, req, res)
    },
  )
  // WebSocket upgrades through a transformed host are not supported: refused rather than sent untransformed.
  server.on('upgrade', (_req, socket: Socket) =>
    socket.end('HTTP/1.1 501 Not Implemented\r\nconnection: close\r\ncontent-length: 0\r\n\r\n'),
  )
  server.on('clientError', (_err, socket: Socket) => socket.destroy())

  async function forward(t: InterceptTarget, req: IncomingMessage, res: ServerResponse): Promise<void> {
    let headers: Record<string, string>
    try {
      headers = {}
      for (const [name, value] of Object.entries(t.headers))
        headers[name.toLowerCase()] = await resolvePlaceholders(value, opts.secrets)
    } catch (e) {
      if (e instanceof UnresolvedPlaceholderError) {
        // Logged by name only: the value (or the placeholder text) never reaches a log line.
        t.log.warn(
          { host: t.hostname, placeholder: e.kind, name: e.placeholderName },
          'egress transform refused: unresolved placeholder',
        )
        return refuse(
          res,
          502,
          `egress gateway: the transform for ${t.hostname} references ${e.kind === 'secret' ? 'a secret' : 'an identity token'} that cannot be resolved`,
        )
      }
      t.log.warn({ err: e, host: t.hostname }, 'egress transform failed')
      return refuse(res, 502, 'egress gateway: secrets backend error')
    }
    const out: string[] = []
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!
      const lower = name.toLowerCase()
      if (HOP_BY_HOP.has(lower) || lower in headers) continue
      out.push(name, req.rawHeaders[i + 1]!)
    }
    for (const [name, value] of Object.entries(t.headers)) out.push(name, headers[name.toLowerCase()]!)
    const chunked = req.headers['transfer-encoding'] !== undefined
    // A request without a body can be sent again when a kept-alive connection turns out closed.
    const replayable = !chunked && (req.headers['content-length'] ?? '0') === '0'
    const send = (retry: boolean): void => {
      const up = http.request({
        agent: t.pool.agent,
        host: t.hostname,
        port: t.port,
        setHost: false,
        method: req.method,
        path: req.url,
        headers: chunked ? [...out, 'Transfer-Encoding', 'chunked'] : out,
      })
      up.on('response', (upRes) => {
        const resHeaders: string[] = []
        for (let i = 0; i < upRes.rawHeaders.length; i += 2) {
          if (!HOP_BY_HOP.has(upRes.rawHeaders[i]!.toLowerCase()))
            resHeaders.push(upRes.rawHeaders[i]!, upRes.rawHeaders[i + 1]!)
        }
        res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, resHeaders)
        upRes.pipe(res)
        upRes.on('error', () => res.destroy())
      })
      up.on('error', (err: NodeJS.ErrnoException) => {
        if (retry && replayable && up.reusedSocket && err.code === 'ECONNRESET' && !res.headersSent) return send(false)
        t.log.debug({ err, host: t.hostname }, 'egress upstream request failed')
        refuse(res, 502, `egress gateway: the request to ${t.hostname} failed`)
      })
      res.once('close', () => {
        if (!res.writableFinished) up.destroy()
      })
      if (replayable) up.end()
      else req.pipe(up)
    }
    send(true)
  }

  /** A keep-alive pool toward one upstream: each new connection is `dial()`, wrapped in TLS (verified) when `tls`. */
  function createPool(o: { hostname: string; tls: boolean; dial(): Promise<Socket> }): UpstreamPool {
    let retired = false
    const agent = new http.Agent({ keepAlive: true, maxFreeSockets: 4, timeout: 30_000, scheduling: 'lifo' })
    agent.keepSocketAlive = function (socket) {
      return !retired && http.Agent.prototype.keepSocketAlive.call(this, socket)
    }
    ;(agent as unknown as { createConnection: unknown }).createConnection = (
      _opts: unknown,
      cb: (err: Error | null, s?: Duplex) => void,
    ) => {
      o.dial().then(
        (raw) => {
          if (!o.tls) return cb(null, raw)
          const secure = tls.connect({
            socket: raw,
            servername: o.hostname,
            secureContext: trust(),
            ALPNProtocols: ['http/1.1'],
          })
          cb(null, secure)
        },
        (err: Error) => cb(err),
      )
      return undefined
    }
    return {
      agent,
      retire() {
        retired = true
        for (const sockets of Object.values(agent.freeSockets)) for (const s of sockets ?? []) s.destroy()
      },
      destroy: () => agent.destroy(),
    }
  }

  return {
    createPool,
    /** Serves the connection's HTTP requests toward `target` (`socket` is plain, or TLS the gateway terminated). */
    handle(socket: Socket, target: InterceptTarget) {
      targets.set(socket, target)
      server.emit('connection', socket)
    },
    close() {
      server.closeAllConnections()
    },
  }
}

/**
 * The client's side of an intercepted TLS connection, terminated with a leaf for `hostname`
 * minted by the sandbox's CA; `head` holds the bytes already read (the ClientHello).
 */
export function terminateTls(socket: Socket, head: Buffer, hostname: string, minter: LeafMinter): tls.TLSSocket {
  return new tls.TLSSocket(withHead(socket, head), {
    isServer: true,
    ALPNProtocols: ['http/1.1'],
    SNICallback: (_name, cb) => {
      minter.contextFor(hostname).then(
        (ctx) => cb(null, ctx),
        (err: Error) => cb(err),
      )
    },
  })
}

/**
 * The socket as a stream that first yields the bytes already read (the ClientHello): a TLSSocket
 * over a net.Socket reads its handle directly and would miss them.
 */
function withHead(socket: Socket, head: Buffer): Duplex {
  const stream = new Duplex({
    read: () => void socket.resume(),
    write: (chunk: Buffer, _enc, cb) => void socket.write(chunk, cb),
    final: (cb) => {
      socket.end()
      cb()
    },
    destroy: (err, cb) => {
      socket.destroy()
      cb(err)
    },
  })
  if (head.length > 0) stream.push(head)
  socket.on('data', (d: Buffer) => {
    if (!stream.push(d)) socket.pause()
  })
  socket.once('end', () => stream.push(null))
  socket.once('close', () => stream.destroy())
  return stream
}
