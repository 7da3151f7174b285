// The dashboard's server side in the API's composition (API-key hook, E2B error body): the static
// files with their caching and security headers, and the envd forwarding route against a stand-in
// envd on loopback (path, headers, auth, streaming both ways, errors).
import { once } from 'node:events'
import http from 'node:http'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { registerApiKeyAuth } from '../../../../src/control/api/auth.js'
import { dashboardRoutes } from '../../../../src/control/dashboard/index.js'
import { DASHBOARD_CSP } from '../../../../src/control/dashboard/serve-dashboard.js'
import type { ProxyResolver, ProxyTarget } from '../../../../src/node/sandboxes/types.js'
import { sendError, sendNotFound } from '../../../../src/shared/http-errors.js'
import { createLogger } from '../../../../src/shared/logging.js'
import { secretDigest } from '../../../../src/shared/safe-equal.js'

const KEY = 'e2b_0123abcd'
const log = createLogger({ level: 'silent', name: 'test' })
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function resolverOf(sandboxes: Record<string, Partial<ProxyTarget>>): ProxyResolver {
  return {
    lookup: (id) =>
      sandboxes[id]
        ? {
            sandboxId: id,
            state: 'running',
            ip: '127.0.0.1',
            autoResume: false,
            trafficAccessToken: undefined,
            envdAccessToken: undefined,
            ...sandboxes[id],
          }
        : undefined,
    resume: async () => undefined,
    track: () => () => undefined,
  }
}

async function buildApp(
  opts: { assetsDir?: string; resolver?: ProxyResolver; envdPort?: number } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: log }) as unknown as FastifyInstance
  app.setErrorHandler(sendError)
  app.setNotFoundHandler(sendNotFound)
  registerApiKeyAuth(app, [secretDigest(KEY)])
  await app.register(dashboardRoutes, {
    resolver: opts.resolver ?? resolverOf({}),
    log,
    assetsDir: opts.assetsDir,
    envdPort: opts.envdPort,
  })
  cleanups.push(() => app.close())
  return app
}

async function builtDashboard(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dashboard-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  await mkdir(join(dir, 'assets'))
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><script type="module" src="./assets/index-abc123.js"></script>',
  )
  const js = 'console.log("dashboard");'.repeat(50)
  await writeFile(join(dir, 'assets', 'index-abc123.js'), js)
  await writeFile(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(js))
  return dir
}

describe('static files', () => {
  it('serves the page without an API key, no-cache, with the strict CSP and security headers', async () => {
    const app = await buildApp({ assetsDir: await builtDashboard() })
    const res = await app.inject({ url: '/dashboard/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain('./assets/index-abc123.js')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers['content-security-policy']).toBe(DASHBOARD_CSP)
    expect(DASHBOARD_CSP).toContain("script-src 'self'")
    expect(DASHBOARD_CSP).toContain("style-src 'self'")
    expect(DASHBOARD_CSP).toContain("connect-src 'self'")
    expect(DASHBOARD_CSP).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
  })

  it('redirects /dashboard to dashboard/ with a relative Location (works under a path prefix)', async () => {
    const app = await buildApp({ assetsDir: await builtDashboard() })
    const res = await app.inject({ url: '/dashboard' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('dashboard/')
  })

  it('serves hashed assets as immutable, gzip-compressed when the client accepts it', async () => {
    const app = await buildApp({ assetsDir: await builtDashboard() })
    const plain = await app.inject({ url: '/dashboard/assets/index-abc123.js' })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(plain.headers['content-encoding']).toBeUndefined()
    const gz = await app.inject({ url: '/dashboard/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length)
    const again = await app.inject({
      url: '/dashboard/assets/index-abc123.js',
      headers: { 'if-none-match': String(plain.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
  })

  it('answers 404 for missing files and never serves outside its folder', async () => {
    const app = await buildApp({ assetsDir: await builtDashboard() })
    expect((await app.inject({ url: '/dashboard/assets/nope.js' })).statusCode).toBe(404)
    for (const url of [
      '/dashboard/../package.json',
      '/dashboard/%2e%2e/%2e%2e/etc/passwd',
      '/dashboard/assets/..%2f..%2fetc%2fpasswd',
    ]) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(res.body).not.toContain('root:')
    }
  })

  it('answers 503 with the E2B error body when the dashboard is not built', async () => {
    const app = await buildApp({ assetsDir: join(tmpdir(), 'no-such-dashboard-dir') })
    const res = await app.inject({ url: '/dashboard/' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ code: 503, message: expect.stringContaining('not built') })
  })

  it('keeps the API key check on everything else, including POSTs under /dashboard', async () => {
    const app = await buildApp({ assetsDir: await builtDashboard() })
    expect((await app.inject({ method: 'POST', url: '/dashboard/' })).statusCode).toBe(401)
  })
})

/** A stand-in envd on loopback that records what reached it; `handler` answers. */
async function fakeEnvd(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders }[] = []
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, headers: req.headers })
    handler(req, res)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  cleanups.push(
    () =>
      new Promise((r) => {
        server.closeAllConnections()
        server.close(r)
      }),
  )
  return { port: (server.address() as AddressInfo).port, seen }
}

describe('envd forwarding (/sandock/v1/sandboxes/{id}/envd/*)', () => {
  const url = (id: string, rest: string) => `/sandock/v1/sandboxes/${id}/envd/${rest}`

  it('requires the API key and answers with the E2B error body', async () => {
    const app = await buildApp({ resolver: resolverOf({ abc: {} }) })
    const none = await app.inject({ url: url('abc', 'files?path=a') })
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual({ code: 401, message: 'authorization header is missing' })
    const wrong = await app.inject({ url: url('abc', 'files?path=a'), headers: { 'x-api-key': 'e2b_nope' } })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().message).toMatch(/Invalid API key/)
  })

  it('answers 404 for an unknown sandbox, 409 for a paused one and 400 for a malformed id', async () => {
    const app = await buildApp({ resolver: resolverOf({ sleepy: { state: 'paused' } }) })
    const headers = { 'x-api-key': KEY }
    const unknown = await app.inject({
      method: 'POST',
      url: url('ghost1', 'process.Process/List'),
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({
      code: 404,
      message: 'Sandbox "ghost1" doesn\'t exist or you don\'t have access to it',
    })
    const paused = await app.inject({ url: url('sleepy', 'files?path=a'), headers })
    expect(paused.statusCode).toBe(409)
    expect(paused.json()).toEqual({ code: 409, message: expect.stringContaining('paused') })
    expect((await app.inject({ url: url('Bad-Id', 'files'), headers })).statusCode).toBe(400)
  })

  it('forwards path and query with the sandbox token instead of the API key and any client routing headers', async () => {
    const envd = await fakeEnvd((_req, res) => res.end('ok'))
    const app = await buildApp({ resolver: resolverOf({ abc: { envdAccessToken: 'tok-abc' } }), envdPort: envd.port })
    const res = await app.inject({
      url: url('abc', 'files?path=%2Fhome%2Fuser%2Fa%20b.txt&username=user'),
      headers: {
        'x-api-key': KEY,
        'x-access-token': 'forged',
        'e2b-sandbox-id': 'other',
        cookie: 'c=1',
        authorization: 'Basic dXNlcjo=',
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('ok')
    const [got] = envd.seen
    expect(got!.url).toBe('/files?path=%2Fhome%2Fuser%2Fa%20b.txt&username=user')
    expect(got!.headers['x-access-token']).toBe('tok-abc')
    expect(got!.headers['x-api-key']).toBeUndefined()
    expect(got!.headers.cookie).toBeUndefined()
    expect(got!.headers['e2b-sandbox-id']).toBe('abc')
    // The envd user (Basic auth) is the caller's choice and passes through.
    expect(got!.headers.authorization).toBe('Basic dXNlcjo=')
  })

  it('streams request and response bodies without buffering them', async () => {
    let release: (() => void) | undefined
    const envd = await fakeEnvd((req, res) => {
      let bytes = 0
      req.on('data', (c: Buffer) => {
        bytes += c.length
      })
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/connect+json' })
        res.write(`first ${bytes}\n`)
        // The rest only after the client has seen the first chunk: a buffering forwarder would deadlock.
        release = () => res.end('second\n')
      })
    })
    const app = await buildApp({ resolver: resolverOf({ abc: {} }), envdPort: envd.port })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const upload = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new Uint8Array(300_000))
        c.enqueue(new Uint8Array(200_000))
        c.close()
      },
    })
    const res = await fetch(`http://127.0.0.1:${port}${url('abc', 'process.Process/Start')}`, {
      method: 'POST',
      body: upload,
      duplex: 'half',
      headers: { 'x-api-key': KEY, 'content-type': 'application/connect+json' },
    } as RequestInit)
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    while (!text.includes('\n')) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value)
    }
    expect(text).toBe('first 500000\n')
    release!()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value)
    }
    expect(text).toBe('first 500000\nsecond\n')
  })
})
