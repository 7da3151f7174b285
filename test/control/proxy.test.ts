// The sandbox proxy: header routing to user ports, its 502/404 answers, and WebSocket upgrades
// through host routing (`<port>-<id>.<anything>`), with servers running inside a real sandbox.
import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { Sandbox } from 'e2b'
import { createSandbox, killQuietly, printServerLogsOnFailure, sdkOpts, sharedServer, viaProxy, waitForPortInSandbox } from '../support/control-sdk.js'

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'

printServerLogsOnFailure()

// A minimal RFC 6455 echo server (python3 has no websockets module): handshake, then echo each
// text/binary frame back unmasked until a close frame.
const WS_ECHO_PY = String.raw`
import base64, hashlib, socket, threading

GUID = b'${WS_GUID}'

class Conn:
    def __init__(self, sock):
        self.sock, self.buf = sock, b''
    def fill(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise EOFError()
        self.buf += chunk
    def read(self, n):
        while len(self.buf) < n:
            self.fill()
        out, self.buf = self.buf[:n], self.buf[n:]
        return out
    def head(self):
        while b'\r\n\r\n' not in self.buf:
            self.fill()
        head, self.buf = self.buf.split(b'\r\n\r\n', 1)
        return head.decode('latin-1')

def frame(opcode, payload):
    n = len(payload)
    if n < 126:
        return bytes([0x80 | opcode, n]) + payload
    if n < 65536:
        return bytes([0x80 | opcode, 126]) + n.to_bytes(2, 'big') + payload
    return bytes([0x80 | opcode, 127]) + n.to_bytes(8, 'big') + payload

def serve(sock):
    c = Conn(sock)
    try:
        lines = c.head().split('\r\n')
        headers = {k.strip().lower(): v.strip() for k, _, v in (l.partition(':') for l in lines[1:])}
        accept = base64.b64encode(hashlib.sha1(headers['sec-websocket-key'].encode() + GUID).digest()).decode()
        sock.sendall(('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
                      'Sec-WebSocket-Accept: ' + accept + '\r\n\r\n').encode())
        while True:
            b0, b1 = c.read(2)
            opcode, n = b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = int.from_bytes(c.read(2), 'big')
            elif n == 127:
                n = int.from_bytes(c.read(8), 'big')
            mask = c.read(4) if b1 & 0x80 else b'\0\0\0\0'
            payload = bytes(b ^ mask[i % 4] for i, b in enumerate(c.read(n)))
            if opcode == 8:
                sock.sendall(frame(8, payload))
                return
            if opcode in (1, 2):
                sock.sendall(frame(opcode, payload))
    except (EOFError, KeyError, ValueError, OSError):
        pass
    finally:
        sock.close()

server = socket.create_server(('0.0.0.0', 8080))
while True:
    client, _ = server.accept()
    threading.Thread(target=serve, args=(client,), daemon=True).start()
`


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
function rawHttp(port: number, host: string, path: string, method = 'GET', body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers: { host, ...(body ? { 'content-type': 'application/json' } : {}) }, timeout: 30_000 }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      res.on('error', reject)
    })
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
    expect(res.body).toEqual({ sandboxId: sbx.sandboxId, message: 'The sandbox is running but port is not open', port: 8999, code: 502 })
  })

  it('routes by Host <port>-<id>[-extra].<domain> as well', async () => {
    for (const host of [`8000-${sbx.sandboxId}.sandock.test`, `8000-${sbx.sandboxId}-00000000.sandock.test`]) {
      const res = await rawHttp(sharedServer().proxyPort, host, '/')
      expect(res.status, host).toBe(200)
      expect(res.body).toContain('Directory listing for /')
    }
  })

  it.each(['/init', '/INIT', '/init/', '//init', '/./init', '/x/../init', '/%69nit', '/init?x=1', '/freeze', '/upgrade'])(
    'refuses the envd control route %s on port 49983 with 404', async (path) => {
      const res = await rawHttp(sharedServer().proxyPort, `49983-${sbx.sandboxId}.sandock.test`, path, 'POST', '{}')
      expect(res.status, res.body).toBe(404)
    })

  it('refuses envd control routes such as POST /init on port 49983 with 404', async () => {
    const res = await viaProxy(sbx.sandboxId, 49983, {
      path: '/init', method: 'POST', body: JSON.stringify({ envVars: { EVIL: '1' } }), headers: { 'content-type': 'application/json' },
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

type Frame = { opcode: number; masked: boolean; payload: Buffer }

/** A WebSocket client over a raw socket, so the Host header can carry the sandbox route. */
async function rawWebSocket(port: number, host: string) {
  const socket = net.connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  let buf = Buffer.alloc(0)
  let wake: (() => void) | undefined
  let ended = false
  socket.on('data', (d: Buffer) => {
    buf = Buffer.concat([buf, d])
    wake?.()
  })
  socket.on('close', () => {
    ended = true
    wake?.()
  })
  socket.on('error', () => undefined)
  const waitFor = async <T>(take: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const v = take()
      if (v !== undefined) return v
      if (ended) throw new Error(`connection closed while waiting for ${what}; got ${JSON.stringify(buf.toString('latin1'))}`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(buf.toString('latin1'))}`)
      await new Promise<void>((r) => {
        const t = setTimeout(r, left)
        wake = () => {
          clearTimeout(t)
          r()
        }
      })
    }
  }

  const key = randomBytes(16).toString('base64')
  socket.write([
    'GET / HTTP/1.1', `Host: ${host}`, 'Upgrade: websocket', 'Connection: Upgrade',
    `Sec-WebSocket-Key: ${key}`, 'Sec-WebSocket-Version: 13', '', '',
  ].join('\r\n'))
  const head = await waitFor(() => {
    const end = buf.indexOf('\r\n\r\n')
    if (end < 0) return undefined
    const text = buf.subarray(0, end).toString('latin1')
    buf = buf.subarray(end + 4)
    return text
  }, 'the handshake response')
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const l of lines) {
    const i = l.indexOf(':')
    if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim()
  }

  return {
    socket,
    /** True once the connection closes within `timeoutMs`, false if it stays open. */
    closed: (timeoutMs: number) => waitFor(() => (ended ? true : undefined), 'the connection to close', timeoutMs).catch(() => false),
    status: Number(statusLine.split(' ')[1]),
    headers,
    expectedAccept: createHash('sha1').update(key + WS_GUID).digest('base64'),
    send(text: string) {
      const payload = Buffer.from(text, 'utf8')
      if (payload.length >= 126) throw new Error('test frames are short')
      const mask = randomBytes(4)
      const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!))
      socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]))
    },
    nextFrame: () => waitFor<Frame>(() => {
      if (buf.length < 2) return undefined
      const opcode = buf[0]! & 0x0f
      const masked = (buf[1]! & 0x80) !== 0
      let len = buf[1]! & 0x7f
      let off = 2
      if (len === 126) {
        if (buf.length < 4) return undefined
        len = buf.readUInt16BE(2)
        off = 4
      } else if (len === 127) {
        if (buf.length < 10) return undefined
        len = Number(buf.readBigUInt64BE(2))
        off = 10
      }
      const maskLen = masked ? 4 : 0
      if (buf.length < off + maskLen + len) return undefined
      const mask = buf.subarray(off, off + maskLen)
      const payload = Buffer.from(buf.subarray(off + maskLen, off + maskLen + len))
      if (masked) for (let i = 0; i < payload.length; i++) payload[i] = payload[i]! ^ mask[i % 4]!
      buf = buf.subarray(off + maskLen + len)
      return { opcode, masked, payload }
    }, 'a frame'),
  }
}
