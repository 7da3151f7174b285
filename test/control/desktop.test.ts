// @e2b/desktop 2.4.0, unmodified, against the built-in `desktop` template (docker/desktop.Dockerfile): Xvfb and XFCE started by the SDK, screenshots, mouse and
// keyboard, apps, and the noVNC stream through the proxy by header routing and, in domain mode,
// by host routing over TLS.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { join } from 'node:path'
import type { Duplex } from 'node:stream'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { Sandbox } from '@e2b/desktop'
import {
  inspectSandbox,
  killQuietly,
  printServerLogsOnFailure,
  sdkOpts,
  sharedServer,
  viaProxy,
} from '../support/control-sdk.js'
import {
  DEFAULT_API_PORT,
  DEFAULT_PROXY_PORT,
  startServer,
  trackSandbox,
  type ControlServer,
} from '../support/control-server.js'
import { DESKTOP_MEMORY_MB, ensureDesktopImage } from '../support/desktop-template.js'

printServerLogsOnFailure()

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
// The RFB protocol version line a VNC server sends first (x11vnc: 3.8).
const RFB_GREETING = /^RFB 003\.00\d\n$/

let sbx: Sandbox
let createMs: number
let cursorAfterCreate: { x: number; y: number }

beforeAll(async () => {
  // The built-in's image, built once per content hash (minutes cold, skipped when the tag exists).
  await ensureDesktopImage()
  const t0 = Date.now()
  sbx = await Sandbox.create('desktop', { ...sdkOpts(), timeoutMs: 15 * 60_000 })
  createMs = Date.now() - t0
  trackSandbox(sharedServer(), sbx.sandboxId)
  // Read before any test moves the mouse, so the assertion below does not depend on test order.
  cursorAfterCreate = await sbx.getCursorPosition()
}, 20 * 60_000)

afterAll(async () => {
  await killQuietly(sbx?.sandboxId)
})

describe('Sandbox.create (Xvfb and XFCE started by the SDK)', () => {
  it('runs Xvfb and the XFCE session, window manager and desktop as user `user`, with the template memory', async () => {
    console.info(`desktop Sandbox.create (Xvfb + XFCE up) took ${createMs} ms`)
    const ps = await sbx.commands.run('ps -o user=,comm= -C Xvfb,xfce4-session,xfwm4,xfdesktop')
    const rows = ps.stdout
      .trim()
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
    expect(new Set(rows.map(([, comm]) => comm))).toEqual(new Set(['Xvfb', 'xfce4-session', 'xfwm4', 'xfdesktop']))
    expect(new Set(rows.map(([user]) => user))).toEqual(new Set(['user']))
    expect((await inspectSandbox(sbx.sandboxId)).HostConfig.Memory).toBe(DESKTOP_MEMORY_MB * 1024 * 1024)
  })

  it('reports a 1024x768 screen', async () => {
    expect(await sbx.getScreenSize()).toEqual({ width: 1024, height: 768 })
  })

  it('starts with the cursor at the centre of the screen', () => {
    expect(cursorAfterCreate).toEqual({ x: 512, y: 384 })
  })
})

describe('screen, mouse and keyboard', () => {
  it('takes a screenshot: a 1024x768 PNG, and leaves no file behind', async () => {
    const png = Buffer.from(await sbx.screenshot())
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE)
    // IHDR is the first chunk: length, "IHDR", then width and height (big-endian).
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR')
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: 1024, height: 768 })
    // The SDK removes its temp file without waiting: poll.
    await expect
      .poll(async () => (await sbx.commands.run('ls /tmp')).stdout, {
        timeout: 10_000,
        interval: 100,
        message: 'the screenshot file to go',
      })
      .not.toContain('screenshot-')
  })

  it('moves the mouse and reads the same position back', async () => {
    await sbx.moveMouse(100, 200)
    expect(await sbx.getCursorPosition()).toEqual({ x: 100, y: 200 })
    await sbx.moveMouse(700, 500)
    expect(await sbx.getCursorPosition()).toEqual({ x: 700, y: 500 })
  })

  it('types a command into a launched terminal, which writes the file', async () => {
    const token = `typed${Date.now().toString(36)}`
    await sbx.launch('xfce4-terminal')
    const [win] = await vi.waitFor(() => sbx.getApplicationWindows('xfce4-terminal'), {
      timeout: 60_000,
      interval: 100,
    })
    // Click into the window (its centre): it gets the keyboard focus.
    const geo = await sbx.commands.run(`xdotool getwindowgeometry --shell ${win}`)
    const g = Object.fromEntries(
      geo.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('='))
        .map(([k, v]) => [k, Number(v)]),
    )
    await sbx.leftClick(g.X! + Math.floor(g.WIDTH! / 2), g.Y! + Math.floor(g.HEIGHT! / 2))
    await expect
      .poll(() => sbx.getCurrentWindowId(), {
        timeout: 10_000,
        interval: 100,
        message: 'the terminal to have the focus',
      })
      .toBe(win)
    expect(await sbx.getWindowTitle(win!)).toMatch(/Terminal/)
    await sbx.write(`echo ${token} > ~/typed.txt`)
    await sbx.press('enter')
    const text = await vi.waitFor(() => sbx.files.read('typed.txt'), { timeout: 15_000, interval: 100 })
    expect(text).toBe(`${token}\n`)
  })

  it('opens a file in the browser with open()', async () => {
    const token = `page${Date.now().toString(36)}`
    await sbx.files.write('page.html', `<!doctype html><title>${token}</title><h1>${token}</h1>`)
    await sbx.open('/home/user/page.html')
    // Firefox's first start takes a while on a loaded 2-core host.
    const title = await vi.waitFor(
      async () => {
        for (const id of await sbx.getApplicationWindows('firefox')) {
          const t = await sbx.getWindowTitle(id)
          if (t.includes(token)) return t
        }
        throw new Error('no Firefox window titled with the page yet')
      },
      { timeout: 120_000, interval: 1000 },
    )
    expect(title).toMatch(new RegExp(`^${token} — Mozilla Firefox`))
  }, 180_000)
})

describe('stream (x11vnc + noVNC) through the proxy', () => {
  let started: Promise<void> | undefined
  const startStream = () => (started ??= sbx.stream.start())

  it('stream.start() serves noVNC on 6080 and hands out its URL on the sandbox host', async () => {
    await startStream()
    const url = new URL(sbx.stream.getUrl())
    expect(url.host).toBe(sbx.getHost(6080))
    expect(url.host.startsWith(`6080-${sbx.sandboxId}.`)).toBe(true)
    expect(url.pathname).toBe('/vnc.html')
    expect(url.searchParams.get('autoconnect')).toBe('true')
    expect(url.searchParams.get('resize')).toBe('scale')
  })

  it('serves vnc.html and its scripts by header routing', async () => {
    await startStream()
    const page = await viaProxy(sbx.sandboxId, 6080, { path: '/vnc.html?autoconnect=true&resize=scale' })
    expect(page.status).toBe(200)
    expect(page.contentType).toMatch(/text\/html/)
    expect(page.text).toContain('<title>noVNC</title>')
    // `/` is the viewer too (index.html → vnc.html), as in E2B's template.
    expect((await viaProxy(sbx.sandboxId, 6080, { path: '/' })).text).toContain('<title>noVNC</title>')
    const ui = await viaProxy(sbx.sandboxId, 6080, { path: '/app/ui.js' })
    expect(ui.status).toBe(200)
    // vnc.html loads it as an ES module: browsers refuse one without a JavaScript type.
    expect(ui.contentType).toMatch(/javascript/)
    expect(ui.text).toContain('websockify')
  })

  it('upgrades /websockify by header routing and carries the RFB handshake both ways', async () => {
    await startStream()
    const { proxyPort } = sharedServer()
    const ws = new WebSocket(`ws://127.0.0.1:${proxyPort}/websockify`, {
      protocols: ['binary'],
      headers: { 'E2b-Sandbox-Id': sbx.sandboxId, 'E2b-Sandbox-Port': '6080' },
    })
    ws.binaryType = 'arraybuffer'
    try {
      const messages = messageQueue(ws)
      expect(await messages.next()).toMatch(RFB_GREETING)
      expect(ws.protocol).toBe('binary')
      // Our version back; the server then lists its security types: 1 (None) for -nopw.
      ws.send(Buffer.from('RFB 003.008\n', 'latin1'))
      const types = Buffer.from(await messages.next(), 'latin1')
      expect(types[0]).toBeGreaterThan(0)
      expect([...types.subarray(1, 1 + types[0]!)]).toContain(1)
    } finally {
      ws.close()
    }
  })

  it('serves the page and the WebSocket by host routing without a domain (Host: 6080-<id>.localhost)', async () => {
    await startStream()
    const host = `6080-${sbx.sandboxId}.localhost:${sharedServer().proxyPort}`
    const page = await hostRouted(sharedServer().proxyPort, host, '/vnc.html')
    expect(page.status).toBe(200)
    expect(page.body).toContain('<title>noVNC</title>')
    const ws = await hostRoutedUpgrade(sharedServer().proxyPort, host, '/websockify')
    try {
      expect(ws.status).toBe(101)
      expect(ws.protocol).toBe('binary')
      expect(await ws.firstFrame()).toMatch(RFB_GREETING)
    } finally {
      ws.socket.destroy()
    }
  })

  it('streams with a password (requireAuth): VNC authentication only, the key in the URL; stop() ends x11vnc', async () => {
    const other = await Sandbox.create('desktop', { ...sdkOpts(), timeoutMs: 5 * 60_000 })
    trackSandbox(sharedServer(), other.sandboxId)
    onTestFinished(() => killQuietly(other.sandboxId))
    await other.stream.start({ requireAuth: true })
    const key = other.stream.getAuthKey()
    expect(key).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(new URL(other.stream.getUrl({ authKey: key })).searchParams.get('password')).toBe(key)
    const ws = new WebSocket(`ws://127.0.0.1:${sharedServer().proxyPort}/websockify`, {
      protocols: ['binary'],
      headers: { 'E2b-Sandbox-Id': other.sandboxId, 'E2b-Sandbox-Port': '6080' },
    })
    ws.binaryType = 'arraybuffer'
    try {
      const messages = messageQueue(ws)
      expect(await messages.next()).toMatch(RFB_GREETING)
      ws.send(Buffer.from('RFB 003.008\n', 'latin1'))
      const types = Buffer.from(await messages.next(), 'latin1')
      // 2 = VNC authentication (the password); 1 (None) is not offered.
      expect([...types.subarray(1, 1 + types[0]!)]).toEqual([2])
    } finally {
      ws.close()
    }
    await other.stream.stop()
    expect((await other.commands.run('pgrep -x x11vnc || true')).stdout.trim()).toBe('')
  })
})

describe('domain mode: the stream URL and its WebSocket by host routing over TLS', () => {
  const DOMAIN = 'sandock.test'
  const TLS_PORT = DEFAULT_API_PORT + 83
  let server: ControlServer

  beforeAll(async () => {
    server = await startServer({
      apiPort: DEFAULT_API_PORT + 80,
      proxyPort: DEFAULT_PROXY_PORT + 80,
      env: { SANDOCK_DOMAIN: DOMAIN, SANDOCK_TLS_PORT: String(TLS_PORT) },
    })
  }, 10 * 60_000)
  afterAll(async () => {
    await server?.cleanup()
  })

  it('loads the noVNC page at stream.getUrl(), reads the VNC greeting on wss://…/websockify, and a kill cuts it', async () => {
    const caPath = join(server.dataDir, 'tls', DOMAIN, 'ca.crt')
    // A sandbox the client leaves behind (if it dies) is on the server's network: cleanup() removes it.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', './test/support/loopback-dns.mjs', './test/support/desktop-domain-client.mjs'],
      {
        env: {
          ...process.env,
          E2B_API_KEY: server.apiKey,
          E2B_DOMAIN: `${DOMAIN}:${TLS_PORT}`,
          NODE_EXTRA_CA_CERTS: caPath,
          E2B_API_URL: '',
          E2B_SANDBOX_URL: '',
          E2B_DEBUG: '',
        },
        timeout: 240_000,
      },
    )
    const out = JSON.parse(stdout.trim().split('\n').at(-1)!)
    trackSandbox(server, out.sandboxId)
    console.info(`domain-mode desktop Sandbox.create took ${out.createMs} ms`)
    expect(out.screen).toEqual({ width: 1024, height: 768 })
    const url = new URL(out.streamUrl)
    expect(url.protocol).toBe('https:')
    expect(url.host).toBe(`6080-${out.sandboxId}.${DOMAIN}:${TLS_PORT}`)
    expect(url.pathname).toBe('/vnc.html')
    expect(out.pageStatus).toBe(200)
    expect(out.pageTitle).toBe('noVNC')
    expect(out.greeting).toMatch(RFB_GREETING)
    expect(out.protocol).toBe('binary')
    expect(out.killed).toBe(true)
    // The kill cuts the tunnel: an abnormal close (1006), never left open.
    expect(out.closeAfterKill).toEqual({ code: 1006 })
  }, 300_000)
})

/** The binary messages of `ws` in order, as latin1 text; next() rejects after 15 s or on close. */
function messageQueue(ws: WebSocket) {
  const queue: string[] = []
  let wake: (() => void) | undefined
  let closed = false
  ws.addEventListener('message', (e) => {
    queue.push(Buffer.from(e.data as ArrayBuffer).toString('latin1'))
    wake?.()
  })
  ws.addEventListener('close', () => {
    closed = true
    wake?.()
  })
  return {
    async next(): Promise<string> {
      const deadline = Date.now() + 15_000
      while (queue.length === 0) {
        if (closed) throw new Error('the WebSocket closed before the next message')
        if (Date.now() > deadline) throw new Error('no WebSocket message within 15 s')
        await new Promise<void>((r) => {
          const t = setTimeout(r, 250)
          wake = () => {
            clearTimeout(t)
            r()
          }
        })
      }
      return queue.shift()!
    },
  }
}

/** A GET to the proxy with `host` as the Host header (fetch cannot set it). */
function hostRouted(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { host }, timeout: 15_000 }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
  })
}

/** A WebSocket upgrade to the proxy with `host` as the Host header; firstFrame() reads one unmasked server frame. */
function hostRoutedUpgrade(port: number, host: string, path: string) {
  return new Promise<{ status: number; protocol: string | undefined; socket: Duplex; firstFrame(): Promise<string> }>(
    (resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path,
        timeout: 15_000,
        headers: {
          host,
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': randomBytes(16).toString('base64'),
          'sec-websocket-protocol': 'binary',
        },
      })
      req.on('upgrade', (res, socket, head) => {
        let buf = head
        const firstFrame = () =>
          new Promise<string>((done, fail) => {
            const timer = setTimeout(() => fail(new Error('no frame within 15 s')), 15_000)
            const take = () => {
              // FIN + opcode, then a 7-bit length (the greeting is 12 bytes), then the payload.
              if (buf.length < 2 || buf.length < 2 + (buf[1]! & 0x7f)) return
              clearTimeout(timer)
              socket.off('data', onData)
              done(buf.subarray(2, 2 + (buf[1]! & 0x7f)).toString('latin1'))
            }
            const onData = (d: Buffer) => {
              buf = Buffer.concat([buf, d])
              take()
            }
            socket.on('data', onData)
            take()
          })
        resolve({ status: res.statusCode ?? 0, protocol: res.headers['sec-websocket-protocol'], socket, firstFrame })
      })
      req.on('response', (res) =>
        resolve({
          status: res.statusCode ?? 0,
          protocol: undefined,
          socket: res.socket,
          firstFrame: () => Promise.reject(new Error(`no upgrade: ${res.statusCode}`)),
        }),
      )
      req.on('error', reject)
      req.end()
    },
  )
}
