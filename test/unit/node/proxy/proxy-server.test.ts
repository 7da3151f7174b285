// The sandbox proxy over real loopback sockets, in front of a local upstream that echoes, streams and speaks WebSocket.
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { createProxyServer } from '../../../../src/node/proxy/proxy-server.js'
import type { ProxyResolver, ProxyTarget } from '../../../../src/node/sandboxes/types.js'

const DOMAIN = 'sandock.test'
const ID = 'sbx1'

async function listen(server: http.Server, port = 0): Promise<number> {
  server.listen(port, '127.0.0.1')
  await once(server, 'listening')
  return (server.address() as AddressInfo).port
}

/** A free loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const s = http.createServer()
  const port = await listen(s)
  await new Promise((r) => s.close(r))
  return port
}

/**
 * Upstream: /stream (rest after `release`), /hang (never ends), /die (drops the socket), /upload
 * (echoes chunks), /silent (reads the body, never answers: a request in flight), else JSON echo.
 */
async function startUpstream(port = 0) {
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  const cutResponses: string[] = []
  const received: string[] = []
  const upgraded = new Set<Duplex>()
  const server = http.createServer((req, res) => {
    received.push(req.url ?? '')
    res.once('close', () => {
      if (!res.writableFinished) cutResponses.push(req.url ?? '')
    })
    if (req.url === '/silent') return void req.resume()
    if (req.url === '/stream' || req.url === '/hang' || req.url === '/die') {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write('first\n')
      if (req.url === '/stream') void gate.then(() => res.end('last\n'))
      if (req.url === '/die') setTimeout(() => res.socket?.destroy(), 20)
      return
    }
    if (req.url === '/headers-first') {
      // A streamed response whose body starts later (the code interpreter's /execute).
      res.writeHead(200, { 'content-type': 'application/x-ndjson' })
      res.flushHeaders()
      void gate.then(() => res.end('{"type":"end_of_execution"}\n'))
      return
    }
    if (req.url === '/upload') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' })
      return void req.pipe(res)
    }
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () =>
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          host: req.headers.host,
          forwardedFor: req.headers['x-forwarded-for'],
          body: Buffer.concat(chunks).toString(),
        }),
      ),
    )
  })
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex) => {
    upgraded.add(socket)
    received.push(req.url ?? '')
    if (req.url === '/ws-silent') return void socket.on('error', () => {})
    const accept = createHash('sha1')
      .update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64')
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    )
    echoFrames(socket)
  })
  const actualPort = await listen(server, port)
  onTestFinished(async () => {
    release()
    for (const s of upgraded) s.destroy()
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  })
  return { port: actualPort, release, cutResponses, received }
}

/** Echoes small WebSocket frames (unmasked back to the client); answers a close frame and ends. */
function echoFrames(socket: Duplex): void {
  let buf = Buffer.alloc(0)
  socket.on('error', () => {})
  socket.on('data', (data: Buffer) => {
    buf = Buffer.concat([buf, data])
    while (buf.length >= 6) {
      const opcode = buf[0]! & 0x0f
      const len = buf[1]! & 0x7f
      if (len > 125 || buf.length < 6 + len) return
      const mask = buf.subarray(2, 6)
      const payload = Buffer.from(buf.subarray(6, 6 + len)).map((b, i) => b ^ mask[i % 4]!)
      buf = buf.subarray(6 + len)
      socket.write(Buffer.concat([Buffer.from([0x80 | opcode, payload.length]), payload]))
      if (opcode === 8) socket.end()
    }
  })
}

function fakeResolver(sandboxes: Record<string, ProxyTarget>) {
  const tracked = new Set<() => void>()
  const resumed: string[] = []
  const resolver: ProxyResolver = {
    lookup: (id) => sandboxes[id],
    resume: async (id) => {
      resumed.push(id)
      sandboxes[id] = { ...sandboxes[id]!, state: 'running' }
    },
    track: (_id, close) => {
      tracked.add(close)
      return () => void tracked.delete(close)
    },
  }
  return { resolver, tracked, resumed }
}

async function startProxy(
  opts: {
    state?: 'running' | 'paused'
    dialRetries?: number
    trafficAccessToken?: string
    autoResume?: boolean
    envdAccessToken?: string
    ingress?: ProxyTarget['ingress']
  } = {},
) {
  const { resolver, tracked, resumed } = fakeResolver({
    [ID]: {
      sandboxId: ID,
      state: opts.state ?? 'running',
      ip: '127.0.0.1',
      autoResume: opts.autoResume ?? false,
      trafficAccessToken: opts.trafficAccessToken,
      envdAccessToken: opts.envdAccessToken,
      ingress: opts.ingress,
    },
  })
  const proxy = createProxyServer({
    resolver,
    domain: DOMAIN,
    log: pino({ level: 'silent' }),
    dialRetries: opts.dialRetries,
  })
  const port = await listen(proxy.server)
  onTestFinished(() => proxy.close())
  return { port, tracked, resumed, server: proxy.server }
}

type Sent = { path: string; method?: string; headers?: Record<string, string>; body?: string }

function send(proxyPort: number, s: Sent): Promise<http.IncomingMessage> {
  const req = http.request({
    host: '127.0.0.1',
    port: proxyPort,
    path: s.path,
    method: s.method ?? 'GET',
    headers: s.headers,
    agent: false,
  })
  const res = once(req, 'response').then(([r]) => r as http.IncomingMessage)
  req.end(s.body)
  return res
}

async function text(res: http.IncomingMessage): Promise<string> {
  let out = ''
  for await (const chunk of res) out += String(chunk)
  return out
}

const routed = (port: number) => ({ 'e2b-sandbox-id': ID, 'e2b-sandbox-port': String(port) })

describe('proxy forwarding', () => {
  it('forwards a header-routed request with its body and Host unchanged', async () => {
    const up = await startUpstream()
    const { port } = await startProxy()
    const res = await send(port, { path: '/echo?q=1', method: 'POST', headers: routed(up.port), body: 'hello' })
    expect(res.statusCode).toBe(200)
    expect(JSON.parse(await text(res))).toEqual({
      method: 'POST',
      url: '/echo?q=1',
      host: `127.0.0.1:${port}`,
      forwardedFor: '127.0.0.1',
      body: 'hello',
    })
  })

  it('forwards a host-routed request with its body and Host unchanged', async () => {
    const up = await startUpstream()
    const { port } = await startProxy()
    const host = `${up.port}-${ID}.${DOMAIN}`
    const res = await send(port, { path: '/x', method: 'PUT', headers: { host }, body: 'payload' })
    expect(res.statusCode).toBe(200)
    expect(JSON.parse(await text(res))).toMatchObject({ method: 'PUT', url: '/x', host, body: 'payload' })
  })

  it('streams a response: the first chunk arrives before the upstream ends', async () => {
    const up = await startUpstream()
    const { port } = await startProxy()
    const res = await send(port, { path: '/stream', headers: routed(up.port) })
    const [first] = await once(res, 'data')
    expect(String(first)).toBe('first\n')
    up.release()
    expect(await text(res)).toBe('last\n')
  })

  it('streams a chunked upload: each chunk comes back before the request ends', async () => {
    const up = await startUpstream()
    const { port } = await startProxy()
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/upload',
      method: 'POST',
      headers: routed(up.port),
      agent: false,
    })
    req.write('one')
    const [res] = (await once(req, 'response')) as [http.IncomingMessage]
    expect(res.headers['transfer-encoding']).toBe('chunked')
    const [echoed] = await once(res, 'data')
    expect(String(echoed)).toBe('one')
    req.end('two')
    expect(await text(res)).toBe('two')
  })

  it('releases the tracker once a request completes', async () => {
    const up = await startUpstream()
    const { port, tracked } = await startProxy()
    const res = await send(port, { path: '/echo', headers: routed(up.port) })
    await text(res)
    await vi.waitFor(() => expect(tracked.size).toBe(0))
  })
})

describe('proxy errors', () => {
  it('answers 502 with the exact E2B body for an unknown sandbox', async () => {
    const { port } = await startProxy()
    const res = await send(port, {
      path: '/health',
      headers: { 'e2b-sandbox-id': 'nope', 'e2b-sandbox-port': '49983' },
    })
    expect(res.statusCode).toBe(502)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(await text(res)).toBe('{"sandboxId":"nope","message":"The sandbox was not found","code":502}')
  })

  it('answers 502 not found for a paused sandbox', async () => {
    const up = await startUpstream()
    const { port } = await startProxy({ state: 'paused' })
    const res = await send(port, { path: '/echo', headers: { host: `${up.port}-${ID}.${DOMAIN}` } })
    expect(res.statusCode).toBe(502)
    expect(JSON.parse(await text(res))).toEqual({ sandboxId: ID, message: 'The sandbox was not found', code: 502 })
  })

  it('answers 502 port-not-open after the dial retries when nothing listens', async () => {
    const closed = await closedPort()
    const { port, tracked } = await startProxy()
    const started = performance.now()
    const res = await send(port, { path: '/', headers: routed(closed) })
    expect(performance.now() - started).toBeGreaterThanOrEqual(550) // 100 + 200 + 300 ms of backoff
    expect(res.statusCode).toBe(502)
    expect(await text(res)).toBe(
      `{"sandboxId":"${ID}","message":"The sandbox is running but port is not open","port":${closed},"code":502}`,
    )
    await vi.waitFor(() => expect(tracked.size).toBe(0))
  })

  it('reaches a service that starts listening during the dial retries', async () => {
    const late = await closedPort()
    const { port } = await startProxy()
    const pending = send(port, { path: '/echo', headers: routed(late) })
    await new Promise((r) => setTimeout(r, 150))
    await startUpstream(late)
    const res = await pending
    expect(res.statusCode).toBe(200)
    expect(JSON.parse(await text(res))).toMatchObject({ url: '/echo' })
  })

  it('does not retry a request whose body cannot be replayed', async () => {
    const closed = await closedPort()
    const { port } = await startProxy({ dialRetries: 5 })
    const started = performance.now()
    const res = await send(port, { path: '/', method: 'POST', headers: routed(closed), body: 'data' })
    expect(performance.now() - started).toBeLessThan(500) // with retries it would take 1.5 s
    expect(res.statusCode).toBe(502)
    expect(JSON.parse(await text(res))).toMatchObject({
      message: 'The sandbox is running but port is not open',
      port: closed,
    })
  })

  it.each(['/init', '/init?x=1', '//init/', '/foo/../init', '/%69nit', '/fsfreeze', '/upgrade'])(
    'answers 404 for the envd control route %s on port 49983',
    async (path) => {
      const { port } = await startProxy()
      const res = await send(port, { path, method: 'POST', headers: routed(49983), body: '{}' })
      expect(res.statusCode).toBe(404)
      expect(JSON.parse(await text(res))).toEqual({
        sandboxId: ID,
        code: 404,
        message: 'This endpoint is reserved for the E2B control plane and is not reachable through the sandbox URL',
      })
    },
  )

  it('answers 400 for a malformed route and 404 when no sandbox is named', async () => {
    const { port } = await startProxy()
    const bad = await send(port, { path: '/', headers: { 'e2b-sandbox-id': ID } })
    expect(bad.statusCode).toBe(400)
    expect(JSON.parse(await text(bad))).toEqual({ code: 400, message: 'missing header' })
    const none = await send(port, { path: '/' })
    expect(none.statusCode).toBe(404)
    expect(JSON.parse(await text(none))).toEqual({ code: 404, message: 'no sandbox in request' })
  })
})

describe('traffic access token (private sandboxes)', () => {
  it('answers 403 on a user port without the token, naming the missing header', async () => {
    const up = await startUpstream()
    const { port } = await startProxy({ trafficAccessToken: 'secret-token' })
    const res = await send(port, { path: '/echo', headers: routed(up.port) })
    expect(res.statusCode).toBe(403)
    expect(JSON.parse(await text(res))).toEqual({
      sandboxId: ID,
      code: 403,
      message: "Sandbox is secured with traffic access token. Token header 'e2b-traffic-access-token' is missing",
    })
  })

  it('answers 403 for a wrong token and forwards with the right one', async () => {
    const up = await startUpstream()
    const { port } = await startProxy({ trafficAccessToken: 'secret-token' })
    const wrong = await send(port, {
      path: '/echo',
      headers: { ...routed(up.port), 'e2b-traffic-access-token': 'nope' },
    })
    expect(wrong.statusCode).toBe(403)
    expect(JSON.parse(await text(wrong)).message).toMatch(/is invalid$/)
    const right = await send(port, {
      path: '/echo',
      method: 'POST',
      headers: { ...routed(up.port), 'e2b-traffic-access-token': 'secret-token' },
      body: 'ok',
    })
    expect(right.statusCode).toBe(200)
    expect(JSON.parse(await text(right)).body).toBe('ok')
  })

  it('never asks for the traffic token on the envd port', async () => {
    const { port } = await startProxy({ trafficAccessToken: 'secret-token' })
    // Whatever answers on 127.0.0.1:49983 (nothing, or a test envd), the token check let it through.
    const res = await send(port, { path: '/health', headers: routed(49983) })
    expect(res.statusCode).not.toBe(403)
    expect(await text(res)).not.toContain('traffic access token')
  })
})

describe('auto-resume', () => {
  it('resumes a paused autoResume sandbox on traffic, then forwards the request', async () => {
    const up = await startUpstream()
    const { port, resumed } = await startProxy({ state: 'paused', autoResume: true })
    const res = await send(port, { path: '/echo', method: 'POST', headers: routed(up.port), body: 'after resume' })
    expect(res.statusCode).toBe(200)
    expect(JSON.parse(await text(res)).body).toBe('after resume')
    expect(resumed).toEqual([ID])
  })

  it('refuses to resume without the credentials the port needs, and keeps the sandbox paused', async () => {
    const up = await startUpstream()
    const { port, resumed } = await startProxy({ state: 'paused', autoResume: true, trafficAccessToken: 'traffic' })
    const res = await send(port, { path: '/echo', headers: routed(up.port) })
    expect(res.statusCode).toBe(403)
    expect(JSON.parse(await text(res)).message).toMatch(/can't be resumed with the credentials provided/)
    expect(resumed).toEqual([])
  })

  it('does not resume a paused sandbox created without autoResume (502 not found)', async () => {
    const up = await startUpstream()
    const { port, resumed } = await startProxy({ state: 'paused', autoResume: false })
    const res = await send(port, { path: '/echo', headers: routed(up.port) })
    expect(res.statusCode).toBe(502)
    expect(JSON.parse(await text(res)).message).toBe('The sandbox was not found')
    expect(resumed).toEqual([])
  })
})

describe('proxy connections', () => {
  it('cuts an in-flight streaming response when the tracked close runs (kill)', async () => {
    const up = await startUpstream()
    const { port, tracked } = await startProxy()
    const res = await send(port, { path: '/hang', headers: routed(up.port) })
    const [first] = await once(res, 'data')
    expect(String(first)).toBe('first\n')
    expect(tracked.size).toBe(1)

    const outcome = new Promise<unknown>((resolve) => {
      res.on('error', resolve)
      res.on('end', () => resolve('clean end'))
    })
    for (const close of tracked) close()
    expect(await outcome).toMatchObject({ code: 'ECONNRESET', message: 'aborted' })
    expect(res.complete).toBe(false)
    await vi.waitFor(() => expect(up.cutResponses).toEqual(['/hang']))
    expect(tracked.size).toBe(0)
  })

  // A pause (or kill) cuts what is in flight. A request the sandbox has not started answering can
  // still get the proxy's 502 for a sandbox that is not running (contract 3.4); before the fix it
  // was cut without an answer ("Server disconnected"), depending on when it arrived.
  it.each([
    ['a request waiting for its answer', false],
    ['an upload still sending its body', true],
  ])('answers %s with the 502 body when the tracked close runs, instead of cutting it', async (_name, streaming) => {
    const up = await startUpstream()
    const { port, tracked } = await startProxy()
    for (let i = 0; i < 5; i++) {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: '/silent',
        method: 'POST',
        headers: routed(up.port),
        agent: false,
      })
      const answer = new Promise<http.IncomingMessage | Error>((resolve) => {
        req.on('response', resolve)
        req.on('error', resolve)
      })
      if (streaming) req.write('first chunk of a longer body')
      else req.end('whole body')
      await vi.waitFor(() => expect(up.received.length).toBe(i + 1))
      expect(tracked.size).toBe(1)
      for (const close of tracked) close()
      const res = await answer
      expect(res).toBeInstanceOf(http.IncomingMessage)
      expect((res as http.IncomingMessage).statusCode).toBe(502)
      expect(await text(res as http.IncomingMessage)).toBe(
        `{"sandboxId":"${ID}","message":"The sandbox was not found","code":502}`,
      )
      req.destroy()
      await vi.waitFor(() => expect(tracked.size).toBe(0))
    }
  })

  it("sends a streamed response's headers at once, before its first body byte", async () => {
    const up = await startUpstream()
    const { port } = await startProxy()
    const response = send(port, { path: '/headers-first', headers: routed(up.port) })
    const first = await Promise.race([response, new Promise<'late'>((r) => setTimeout(() => r('late'), 2000))])
    expect(first).not.toBe('late')
    const res = first as http.IncomingMessage
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/x-ndjson')
    up.release()
    expect(await text(res)).toBe('{"type":"end_of_execution"}\n')
  })

  it('sends what the sandbox sent in one packet in one write: head with first chunk, last chunk with the end', async () => {
    const up = await startUpstream()
    const { port, server } = await startProxy()
    // Each write the proxy makes on the client's socket (a write or a writev of corked chunks).
    const writes: string[] = []
    server.once('connection', (socket: Socket) => {
      const write = socket._write.bind(socket)
      const writev = socket._writev?.bind(socket)
      socket._write = (chunk, encoding, cb) => {
        writes.push(String(chunk))
        write(chunk, encoding, cb)
      }
      socket._writev = (chunks, cb) => {
        writes.push(chunks.map((c) => String(c.chunk)).join(''))
        writev?.(chunks, cb)
      }
    })
    const res = await send(port, { path: '/stream', headers: routed(up.port) })
    expect(res.statusCode).toBe(200)
    const [first] = (await once(res, 'data')) as [Buffer]
    expect(String(first)).toBe('first\n')
    up.release()
    let rest = ''
    for await (const chunk of res) rest += String(chunk)
    expect(rest).toBe('last\n')
    expect(writes).toHaveLength(2)
    expect(writes[0]).toMatch(/^HTTP\/1\.1 200 [\s\S]*\r\n\r\n6\r\nfirst\n\r\n$/)
    expect(writes[1]).toBe('5\r\nlast\n\r\n0\r\n\r\n')
  })

  it('breaks the client response when the upstream dies mid-stream', async () => {
    const up = await startUpstream()
    const { port, tracked } = await startProxy()
    const res = await send(port, { path: '/die', headers: routed(up.port) })
    const outcome = new Promise<unknown>((resolve) => {
      res.on('error', resolve)
      res.on('end', () => resolve('clean end'))
    })
    res.resume()
    expect(await outcome).toMatchObject({ code: 'ECONNRESET' })
    await vi.waitFor(() => expect(tracked.size).toBe(0))
  })

  it('passes a WebSocket upgrade through and echoes messages', async () => {
    const up = await startUpstream()
    const { port, tracked } = await startProxy()
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: routed(up.port) })
    onTestFinished(() => ws.close())
    await new Promise((resolve, reject) => {
      ws.onopen = resolve
      ws.onerror = reject
    })
    expect(tracked.size).toBe(1)
    const reply = new Promise<string>((resolve) => {
      ws.onmessage = (e) => resolve(String(e.data))
    })
    ws.send('ping through the proxy')
    expect(await reply).toBe('ping through the proxy')
    ws.close()
    await vi.waitFor(() => expect(tracked.size).toBe(0))
  })

  it('answers a WebSocket upgrade for an unknown sandbox with the 502 body', async () => {
    const { port } = await startProxy()
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/ws',
      agent: false,
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'e2b-sandbox-id': 'gone', 'e2b-sandbox-port': '8000' },
    })
    req.end()
    const [res] = (await once(req, 'response')) as [http.IncomingMessage]
    expect(res.statusCode).toBe(502)
    expect(await text(res)).toBe('{"sandboxId":"gone","message":"The sandbox was not found","code":502}')
  })

  it('answers a WebSocket upgrade the sandbox has not answered yet with the 502 body when the tracked close runs', async () => {
    const up = await startUpstream()
    const { port, tracked } = await startProxy()
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/ws-silent',
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...routed(up.port),
      },
    })
    const answer = new Promise<http.IncomingMessage | Error>((resolve) => {
      req.on('response', resolve)
      req.on('error', resolve)
    })
    req.end()
    await vi.waitFor(() => expect(up.received).toContain('/ws-silent'))
    expect(tracked.size).toBe(1)
    for (const close of tracked) close()
    const res = await answer
    expect(res).toBeInstanceOf(http.IncomingMessage)
    expect((res as http.IncomingMessage).statusCode).toBe(502)
    expect(await text(res as http.IncomingMessage)).toBe(
      `{"sandboxId":"${ID}","message":"The sandbox was not found","code":502}`,
    )
  })

  it('cuts an open WebSocket when the tracked close runs (kill)', async () => {
    const up = await startUpstream()
    const { port, tracked } = await startProxy()
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: routed(up.port) })
    await new Promise((resolve, reject) => {
      ws.onopen = resolve
      ws.onerror = reject
    })
    const closed = new Promise<CloseEvent>((resolve) => {
      ws.onclose = resolve
    })
    for (const close of tracked) close()
    const ev = await closed
    expect(ev.wasClean).toBe(false)
    expect(tracked.size).toBe(0)
  })
})

describe('ingress settings (network.maskRequestHost, network.httpsPorts)', () => {
  it('masks Host on user ports with ${PORT} substituted, the original in X-Forwarded-Host', async () => {
    const seen: http.IncomingHttpHeaders[] = []
    const upstream = http.createServer((req, res) => {
      seen.push(req.headers)
      res.end('ok')
    })
    const upstreamPort = await listen(upstream)
    onTestFinished(
      () =>
        new Promise<void>((r) => {
          upstream.closeAllConnections()
          upstream.close(() => r())
        }),
    )
    const { port } = await startProxy({ ingress: { maskRequestHost: 'custom-host.example.com:${PORT}' } })
    const res = await send(port, { path: '/', headers: { host: `${upstreamPort}-${ID}.${DOMAIN}` } })
    expect(await text(res)).toBe('ok')
    expect(seen[0]).toMatchObject({
      host: `custom-host.example.com:${upstreamPort}`,
      'x-forwarded-host': `${upstreamPort}-${ID}.${DOMAIN}`,
    })
  })

  it('reaches an httpsPorts port over TLS without verifying its certificate', async () => {
    const { generateCertificates } = await import('../../../../src/control/tls.js')
    const pki = await generateCertificates('self.test')
    const { default: httpsModule } = await import('node:https')
    const upstream = httpsModule.createServer({ cert: pki.cert, key: pki.key }, (_req, res) => res.end('https backend'))
    upstream.listen(0, '127.0.0.1')
    await once(upstream, 'listening')
    const upstreamPort = (upstream.address() as AddressInfo).port
    onTestFinished(
      () =>
        new Promise<void>((r) => {
          upstream.closeAllConnections()
          upstream.close(() => r())
        }),
    )
    const plain = await startProxy()
    expect(
      (await send(plain.port, { path: '/', headers: { host: `${upstreamPort}-${ID}.${DOMAIN}` } })).statusCode,
    ).toBe(502)
    const { port } = await startProxy({ ingress: { httpsPorts: [upstreamPort] } })
    const res = await send(port, { path: '/', headers: { host: `${upstreamPort}-${ID}.${DOMAIN}` } })
    expect(res.statusCode).toBe(200)
    expect(await text(res)).toBe('https backend')
  })
})
