// The proxy's fences over real loopback sockets (small limits so the tests are quick): heads and
// bodies that trickle are cut with the timeouts, one client address and one sandbox hold at most
// their caps (429 with the contract's body), while steady slow uploads and idle WebSockets pass.
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it, onTestFinished } from 'vitest'
import { DEFAULT_PROXY_LIMITS, type ProxyLimits } from '../../../../src/node/proxy/proxy-limits.js'
import { createProxyServer } from '../../../../src/node/proxy/proxy-server.js'
import type { ProxyResolver } from '../../../../src/node/sandboxes/types.js'

const ID = 'sbx1'

async function listen(server: http.Server): Promise<number> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return (server.address() as AddressInfo).port
}

/** Upstream: /hang answers headers and never ends; /upload echoes the body's length at its end; WebSockets echo. */
async function startUpstream() {
  const aborted: string[] = []
  const server = http.createServer((req, res) => {
    req.once('close', () => {
      if (!req.complete) aborted.push(req.url ?? '')
    })
    if (req.url === '/hang') return void res.writeHead(200).write('x')
    let n = 0
    req.on('data', (c: Buffer) => (n += c.length))
    req.on('end', () => res.end(JSON.stringify({ bytes: n })))
  })
  const sockets = new Set<Duplex>()
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex) => {
    sockets.add(socket)
    socket.on('error', () => undefined)
    const accept = createHash('sha1')
      .update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64')
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    )
    socket.on('data', (d: Buffer) => socket.write(d))
  })
  const port = await listen(server)
  onTestFinished(async () => {
    for (const s of sockets) s.destroy()
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  })
  return { port, aborted }
}

async function startProxy(limits: Partial<ProxyLimits>) {
  const resolver: ProxyResolver = {
    lookup: (id) =>
      id === ID
        ? {
            sandboxId: ID,
            state: 'running',
            ip: '127.0.0.1',
            autoResume: false,
            trafficAccessToken: undefined,
            envdAccessToken: undefined,
            ingress: undefined,
          }
        : undefined,
    resume: async () => undefined,
    track: () => () => undefined,
  }
  const proxy = createProxyServer({
    resolver,
    domain: 'sandock.test',
    log: pino({ level: 'silent' }),
    limits: { ...DEFAULT_PROXY_LIMITS, ...limits },
  })
  const port = await listen(proxy.server)
  onTestFinished(() => proxy.close())
  return { port, server: proxy.server }
}

/** A raw client connection; `text()` is everything it received, `closed` settles when the server closes it. */
async function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let received = ''
  socket.on('data', (d: Buffer) => (received += d.toString()))
  socket.on('error', () => undefined)
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())))
  onTestFinished(() => void socket.destroy())
  return { socket, text: () => received, closed }
}

const head = (upstreamPort: number, extra = '') =>
  `POST /upload HTTP/1.1\r\nHost: ${upstreamPort}-${ID}.sandock.test\r\n${extra}`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Writes `chunk` every `everyMs` until the socket closes or `until` says stop; resolves with how many were written. */
async function trickle(
  socket: net.Socket,
  chunk: string | Buffer,
  everyMs: number,
  until: () => boolean,
): Promise<number> {
  let n = 0
  while (!socket.destroyed && !until()) {
    socket.write(chunk)
    n++
    await sleep(everyMs)
  }
  return n
}

describe('slow clients', () => {
  it('closes a head that trickles in (headers timeout)', async () => {
    const up = await startUpstream()
    const { port } = await startProxy({ headersTimeoutMs: 1000 })
    const c = await rawClient(port)
    const started = performance.now()
    let done = false
    void c.closed.then(() => (done = true))
    c.socket.write(head(up.port))
    void trickle(c.socket, 'X', 200, () => done)
    const closedAt = await c.closed
    // Within the timeout plus one check interval (2 s), never left open.
    expect(closedAt - started).toBeLessThan(4500)
    expect(c.text()).toMatch(/^HTTP\/1\.1 408/)
  })

  it("answers 408 to a body that trickles in, closes the connection, and drops the sandbox's request", async () => {
    const up = await startUpstream()
    const { port } = await startProxy({ bodyTimeoutMs: 800, bodyMinBytes: 1024 })
    const c = await rawClient(port)
    const started = performance.now()
    c.socket.write(head(up.port, 'Content-Length: 100000\r\n\r\n'))
    let done = false
    void c.closed.then(() => (done = true))
    void trickle(c.socket, 'a', 100, () => done)
    const closedAt = await c.closed
    expect(closedAt - started).toBeLessThan(2500)
    expect(c.text()).toMatch(/^HTTP\/1\.1 408/)
    expect(JSON.parse(c.text().slice(c.text().indexOf('\r\n\r\n') + 4))).toEqual({
      code: 408,
      message: expect.stringMatching(/too slowly/),
    })
    await expect.poll(() => up.aborted).toContain('/upload')
  })

  it('lets a slow but steady upload through (each window brings its bytes)', async () => {
    const up = await startUpstream()
    const { port } = await startProxy({ bodyTimeoutMs: 800, bodyMinBytes: 1024 })
    const c = await rawClient(port)
    const total = 12 * 1024
    c.socket.write(head(up.port, `Content-Length: ${total}\r\n\r\n`))
    // 1 KiB every 250 ms: 4 KiB per window, for 3 s (well past several windows).
    for (let i = 0; i < 12; i++) {
      c.socket.write(Buffer.alloc(1024, 0x61))
      await sleep(250)
    }
    await expect.poll(() => c.text(), { timeout: 3000 }).toMatch(/\{"bytes":12288\}/)
    expect(c.text()).toMatch(/^HTTP\/1\.1 200/)
  })

  it('keeps an idle WebSocket open past the body window (only request bodies are timed)', async () => {
    const up = await startUpstream()
    const { port } = await startProxy({ bodyTimeoutMs: 500, bodyMinBytes: 1024 })
    const c = await rawClient(port)
    c.socket.write(
      `GET /ws HTTP/1.1\r\nHost: ${up.port}-${ID}.sandock.test\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
    )
    await expect.poll(() => c.text()).toMatch(/^HTTP\/1\.1 101/)
    await sleep(1500)
    c.socket.write('ping')
    await expect.poll(() => c.text()).toMatch(/ping$/)
    expect(c.socket.destroyed).toBe(false)
  })
})

describe('connection caps', () => {
  it('answers 429 past the per-client cap and serves again once a connection closes', async () => {
    const up = await startUpstream()
    const { port } = await startProxy({ perClientConnections: 3 })
    const held = await Promise.all([1, 2, 3].map(() => rawClient(port)))
    const over = await rawClient(port)
    await over.closed
    expect(over.text()).toMatch(/^HTTP\/1\.1 429/)
    expect(JSON.parse(over.text().slice(over.text().indexOf('\r\n\r\n') + 4))).toEqual({
      code: 429,
      message: 'Too many concurrent connections from this client (limit: 3)',
      connectionLimit: 3,
    })
    held[0]!.socket.destroy()
    await held[0]!.closed
    await sleep(50)
    const again = await rawClient(port)
    again.socket.write(`GET / HTTP/1.1\r\nHost: ${up.port}-${ID}.sandock.test\r\nConnection: close\r\n\r\n`)
    await again.closed
    expect(again.text()).toMatch(/^HTTP\/1\.1 200/)
  })

  it("answers the contract's 429 past the per-sandbox cap, and serves again when one ends", async () => {
    const up = await startUpstream()
    const { port } = await startProxy({ perSandboxConnections: 2 })
    const hanging = await Promise.all(
      [1, 2].map(async () => {
        const c = await rawClient(port)
        c.socket.write(`GET /hang HTTP/1.1\r\nHost: ${up.port}-${ID}.sandock.test\r\n\r\n`)
        await expect.poll(() => c.text()).toMatch(/^HTTP\/1\.1 200/)
        return c
      }),
    )
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { 'e2b-sandbox-id': ID, 'e2b-sandbox-port': String(up.port) },
    })
    expect(res.status).toBe(429)
    expect(await res.json()).toEqual({
      sandboxId: ID,
      message: 'The sandbox has too many concurrent incoming connections (limit: 2)',
      code: 429,
      connectionLimit: 2,
    })
    hanging[0]!.socket.destroy()
    await expect
      .poll(
        async () =>
          (
            await fetch(`http://127.0.0.1:${port}/`, {
              headers: { 'e2b-sandbox-id': ID, 'e2b-sandbox-port': String(up.port) },
            })
          ).status,
      )
      .toBe(200)
  })
})
