// The sandbox proxy: header routing to user ports, its 502/404 answers, and WebSocket upgrades
// through host routing (`<port>-<id>.<anything>`), with servers running inside a real sandbox.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { Sandbox } from 'e2b'
import { rawWebSocket, WS_ECHO_PY } from '../support/websocket.js'
import {
  createSandbox,
  killQuietly,
  printServerLogsOnFailure,
  sdkOpts,
  sharedServer,
  viaProxy,
  waitForPortInSandbox,
} from '../support/control-sdk.js'

printServerLogsOnFailure()

const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.124 Safari/537.36'

/** Answers every request on port 8081 with its raw request head (the bytes the proxy sent) as the body. */
const RAW_HEAD_PY = [
  'import socket',
  's = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)',
  's.bind(("0.0.0.0", 8081)); s.listen(16)',
  'while True:',
  '    c, _ = s.accept(); data = b""',
  '    while b"\\r\\n\\r\\n" not in data:',
  '        d = c.recv(65536)',
  '        if not d: break',
  '        data += d',
  '    head = data.split(b"\\r\\n\\r\\n")[0]',
  '    c.sendall(b"HTTP/1.1 200 OK\\r\\ncontent-type: text/plain\\r\\nconnection: close\\r\\ncontent-length: %d\\r\\n\\r\\n%s" % (len(head), head))',
  '    c.close()',
].join('\n')

/** Starts `python3 -m http.server 8000` in the background and waits until it answers through the proxy. */
async function startHttpServer(sbx: Sandbox): Promise<void> {
  await sbx.commands.run('python3 -m http.server 8000', { background: true, timeoutMs: 0 })
  await waitForPortInSandbox(sbx, 8000)
}

/** Starts the WebSocket echo server on port 8080 in the background and waits until it listens. */
async function startWsEcho(sbx: Sandbox): Promise<void> {
  await sbx.files.write('/tmp/ws_echo.py', WS_ECHO_PY)
  await sbx.commands.run('python3 /tmp/ws_echo.py', { background: true, timeoutMs: 0 })
  await waitForPortInSandbox(sbx, 8080)
}

/** One HTTP/1.1 request with an arbitrary Host header (fetch cannot set it). */
function rawHttp(
  port: number,
  host: string,
  path: string,
  method = 'GET',
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: { host, ...(body ? { 'content-type': 'application/json' } : {}) },
        timeout: 30_000,
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.end(body)
  })
}

describe('the sandbox proxy', () => {
  let sbx: Sandbox

  beforeAll(async () => {
    sbx = await createSandbox({ timeoutMs: 180_000 })
    await startHttpServer(sbx)
    await startWsEcho(sbx)
  })
  afterAll(() => killQuietly(sbx?.sandboxId))

  it('forwards header-routed requests to a user port (http.server directory listing)', async () => {
    await sbx.files.write('proxy-marker.txt', 'x')
    const res = await viaProxy(sbx.sandboxId, 8000)
    expect(res.status).toBe(200)
    expect(res.text).toContain('Directory listing for /')
    expect(res.text).toContain('proxy-marker.txt')
  })

  it('answers 502 "port is not open" for a port with nothing listening', async () => {
    const res = await viaProxy(sbx.sandboxId, 8999)
    expect(res.status).toBe(502)
    expect(res.contentType).toMatch(/^application\/json/)
    expect(res.body).toEqual({
      sandboxId: sbx.sandboxId,
      message: 'The sandbox is running but port is not open',
      port: 8999,
      code: 502,
    })
  })

  it('answers a browser with an HTML "Closed Port Error" page, same 502', async () => {
    const res = await viaProxy(sbx.sandboxId, 8999, { headers: { 'user-agent': BROWSER_UA } })
    expect(res.status).toBe(502)
    expect(res.contentType).toMatch(/^text\/html/)
    expect(res.text).toContain('<title>Closed Port Error</title>')
    expect(res.text).toContain('8999')
  })

  it('answers a browser with an HTML "Sandbox Not Found" page for an unknown sandbox', async () => {
    const res = await viaProxy('nosuchsandbox0000000', 8000, { headers: { 'user-agent': BROWSER_UA } })
    expect(res.status).toBe(502)
    expect(res.contentType).toMatch(/^text\/html/)
    expect(res.text).toContain('<title>Sandbox Not Found</title>')
  })

  it('forwards request headers under their canonical names (Host, X-Custom-Thing), as upstream', async () => {
    await sbx.files.write('/tmp/raw_head.py', RAW_HEAD_PY)
    await sbx.commands.run('python3 /tmp/raw_head.py', { background: true, timeoutMs: 0 })
    await waitForPortInSandbox(sbx, 8081)
    const res = await viaProxy(sbx.sandboxId, 8081, { headers: { 'x-custom-thing': 'v1' } })
    expect(res.status).toBe(200)
    const lines = res.text.split('\r\n')
    expect(lines[0]).toBe('GET / HTTP/1.1')
    expect(lines).toContain('X-Custom-Thing: v1')
    expect(lines.some((l) => l.startsWith('Host: '))).toBe(true)
    expect(lines.filter((l) => /^host:/i.test(l))).toHaveLength(1)
    expect(lines.some((l) => l.startsWith('X-Forwarded-For: '))).toBe(true)
  })

  it('routes by Host <port>-<id>[-extra].<domain> as well', async () => {
    for (const host of [`8000-${sbx.sandboxId}.sandock.test`, `8000-${sbx.sandboxId}-00000000.sandock.test`]) {
      const res = await rawHttp(sharedServer().proxyPort, host, '/')
      expect(res.status, host).toBe(200)
      expect(res.body).toContain('Directory listing for /')
    }
  })

  it.each([
    '/init',
    '/INIT',
    '/init/',
    '//init',
    '/./init',
    '/x/../init',
    '/%69nit',
    '/init?x=1',
    '/freeze',
    '/upgrade',
  ])('refuses the envd control route %s on port 49983 with 404', async (path) => {
    const res = await rawHttp(sharedServer().proxyPort, `49983-${sbx.sandboxId}.sandock.test`, path, 'POST', '{}')
    expect(res.status, res.body).toBe(404)
  })

  it('refuses envd control routes such as POST /init on port 49983 with 404', async () => {
    const res = await viaProxy(sbx.sandboxId, 49983, {
      path: '/init',
      method: 'POST',
      body: JSON.stringify({ envVars: { EVIL: '1' } }),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({
      message: 'This endpoint is reserved for the E2B control plane and is not reachable through the sandbox URL',
    })
    // envd itself stays reachable on the same port.
    const health = await viaProxy(sbx.sandboxId, 49983, { path: '/health' })
    expect(health.status).toBeGreaterThanOrEqual(200)
    expect(health.status).toBeLessThan(300)
    expect((await sbx.commands.run('echo "[$EVIL]"')).stdout).toBe('[]\n')
  })

  it('passes a WebSocket upgrade through host routing and echoes a text frame', async () => {
    const ws = await rawWebSocket(sharedServer().proxyPort, `8080-${sbx.sandboxId}.sandock.test`)
    onTestFinished(() => void ws.socket.destroy())
    expect(ws.status).toBe(101)
    expect(ws.headers['sec-websocket-accept']).toBe(ws.expectedAccept)

    const message = `hello sandock ${randomBytes(4).toString('hex')}`
    ws.send(message)
    const reply = await ws.nextFrame()
    expect(reply.opcode).toBe(1)
    expect(reply.masked).toBe(false)
    expect(reply.payload.toString('utf8')).toBe(message)

    // A second frame on the same connection: the tunnel stays open both ways.
    ws.send('again')
    expect((await ws.nextFrame()).payload.toString('utf8')).toBe('again')
  })
})

describe('the sandbox proxy after kill', () => {
  it('cuts an open WebSocket, then answers 502 "The sandbox was not found" with the E2B JSON body', async () => {
    const sbx = await createSandbox({ timeoutMs: 120_000 })
    onTestFinished(() => killQuietly(sbx.sandboxId))
    await startHttpServer(sbx)
    await startWsEcho(sbx)
    expect((await viaProxy(sbx.sandboxId, 8000)).status).toBe(200)
    const ws = await rawWebSocket(sharedServer().proxyPort, `8080-${sbx.sandboxId}.sandock.test`)
    onTestFinished(() => void ws.socket.destroy())
    expect(ws.status).toBe(101)
    ws.send('before kill')
    expect((await ws.nextFrame()).payload.toString('utf8')).toBe('before kill')

    expect(await sbx.kill()).toBe(true)
    // contract 7.4: kill cuts every proxied connection, upgraded ones included.
    expect(await ws.closed(10_000), 'the WebSocket tunnel stayed open after kill').toBe(true)
    for (const port of [8000, 49983]) {
      const res = await viaProxy(sbx.sandboxId, port)
      expect(res.status).toBe(502)
      expect(res.contentType).toMatch(/^application\/json/)
      expect(res.body).toEqual({ sandboxId: sbx.sandboxId, message: 'The sandbox was not found', code: 502 })
    }
    const upgrade = await rawWebSocket(sharedServer().proxyPort, `8080-${sbx.sandboxId}.sandock.test`)
    onTestFinished(() => void upgrade.socket.destroy())
    expect(upgrade.status).toBe(502)
    expect(await sbx.isRunning()).toBe(false)
  })
})

describe('the sandbox proxy and pause', () => {
  it('answers 502 "not found" while paused and serves the same HTTP server again after connect', async () => {
    const sbx = await createSandbox({ timeoutMs: 120_000 })
    onTestFinished(() => killQuietly(sbx.sandboxId))
    await startHttpServer(sbx)
    expect((await viaProxy(sbx.sandboxId, 8000)).status).toBe(200)

    expect(await sbx.pause()).toBe(true)
    const paused = await viaProxy(sbx.sandboxId, 8000)
    expect(paused.status).toBe(502)
    expect(paused.body).toEqual({ sandboxId: sbx.sandboxId, message: 'The sandbox was not found', code: 502 })

    await Sandbox.connect(sbx.sandboxId, { ...sdkOpts(), timeoutMs: 60_000 })
    const again = await viaProxy(sbx.sandboxId, 8000)
    expect(again.status).toBe(200)
    expect(again.text).toContain('Directory listing for /')
  })
})
