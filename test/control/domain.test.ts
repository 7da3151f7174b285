// Domain mode: with only E2B_DOMAIN and the generated CA, the unmodified SDK reaches the API at
// https://api.<domain> (volume content API included) and each sandbox at https://<port>-<id>.<domain>
// through one TLS listener.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { request as httpsRequest } from 'node:https'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEFAULT_API_PORT, DEFAULT_PROXY_PORT, startServer, type ControlServer } from '../support/control-server.js'

const DOMAIN = 'sandock.test'
const TLS_PORT = DEFAULT_API_PORT + 53
let server: ControlServer

beforeAll(async () => {
  server = await startServer({
    apiPort: DEFAULT_API_PORT + 50,
    proxyPort: DEFAULT_PROXY_PORT + 50,
    env: { SANDOCK_DOMAIN: DOMAIN, SANDOCK_TLS_PORT: String(TLS_PORT) },
  })
})
afterAll(async () => server?.cleanup())

it('serves the API and sandboxes on one TLS listener for the SDK given only a domain', async () => {
  const caPath = join(server.dataDir, 'tls', DOMAIN, 'ca.crt')
  expect(await readFile(caPath, 'utf8')).toContain('BEGIN CERTIFICATE')
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', './test/support/loopback-dns.mjs', './test/support/domain-client.mjs'],
    {
      env: {
        ...process.env,
        E2B_API_KEY: server.apiKey,
        E2B_DOMAIN: `${DOMAIN}:${TLS_PORT}`,
        NODE_EXTRA_CA_CERTS: caPath,
        E2B_API_URL: '',
        E2B_SANDBOX_URL: '',
        E2B_DEBUG: '',
        E2B_VOLUME_API_URL: '',
      },
      timeout: 90_000,
    },
  )
  const out = JSON.parse(stdout.trim().split('\n').at(-1)!)
  expect(out.stdout).toBe('via-domain\n')
  expect(out.read).toBe('hello over tls')
  expect(out.signedUrlHost).toBe(`49983-${out.sandboxId}.${DOMAIN}:${TLS_PORT}`)
  expect(out.signedRead).toBe('hello over tls')
  expect(out.userPortStatus).toBe(200)
  expect(out.runningBeforeKill).toBe(true)
  expect(out.killed).toBe(true)
  expect(out.runningAfterKill).toBe(false)
  expect(out.volumeRead).toBe('volume over tls')
  expect(out.volumeDestroyed).toBe(true)
})

it('rejects a client that does not trust the generated CA', async () => {
  const res = await fetch(`https://127.0.0.1:${TLS_PORT}/health`).then(
    () => 'connected',
    (e: Error) => String((e.cause as Error)?.message ?? e.message),
  )
  expect(res).not.toBe('connected')
  expect(res).toMatch(/certificate|self.signed|verify/i)
})

it("serves E2B's CLI sign-in page on the bare domain (https://<E2B_DOMAIN>/docs/api/cli), and nothing else there", async () => {
  const ca = await readFile(join(server.dataDir, 'tls', DOMAIN, 'ca.crt'), 'utf8')
  const get = (host: string, path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpsRequest(
        { host: '127.0.0.1', port: TLS_PORT, path, servername: host, ca, headers: { host: `${host}:${TLS_PORT}` } },
        (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (d: string) => {
            body += d
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        },
      )
      req.on('error', reject)
      req.end()
    })
  const page = await get(DOMAIN, `/docs/api/cli?next=${encodeURIComponent('http://localhost:4567')}&cliVersion=2.19.0`)
  expect(page.status).toBe(200)
  expect(page.body).toContain('name="next" value="http://localhost:4567/"')
  // The rest of the bare domain is not the API.
  expect((await get(DOMAIN, '/v2/sandboxes')).body).not.toContain('authorization header is missing')
  expect((await get(`api.${DOMAIN}`, '/v2/sandboxes')).status).toBe(401)
})
