// The dashboard wherever it is served from, in headless Chromium: domain mode over TLS
// (https://api.<domain>:<port>/dashboard/, the API and envd route on the same listener) and behind
// a TLS-terminating reverse proxy that mounts Sandock under a path prefix. Only relative URLs
// make both work: every request must stay on the page's origin and under its prefix.
import { createHash, X509Certificate } from 'node:crypto'
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { generateCertificates } from '../../src/control/tls.js'
import { launchBrowser, signIn, terminalText, waitForTerminal, watchedPage, type Browser } from '../support/browser.js'
import { createSandbox, killQuietly, printServerLogsOnFailure } from '../support/control-sdk.js'
import {
  DEFAULT_API_PORT,
  DEFAULT_PROXY_PORT,
  sharedServer,
  startServer,
  type ControlServer,
  type ServerInfo,
} from '../support/control-server.js'
import type { document as pageDocument } from '../support/page-globals.js'

declare const document: typeof pageDocument

const DOMAIN = 'dash.sandock.test'
const TLS_PORT = DEFAULT_API_PORT + 78
const PREFIX = '/sandock'

let domainServer: ControlServer
let prefixProxy: https.Server
let browser: Browser

printServerLogsOnFailure(() => domainServer ?? sharedServer())

/** base64(SHA-256(SPKI)) of a PEM certificate: what Chromium's --ignore-certificate-errors-spki-list takes. */
const spkiHash = (pem: string) =>
  createHash('sha256')
    .update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64')

/** A TLS-terminating reverse proxy: https://127.0.0.1:<port>/sandock/… → http://<api>/…, streamed both ways. */
async function startPrefixProxy(cert: string, key: string, upstream: URL): Promise<https.Server> {
  const server = https.createServer({ cert, key }, (req, res) => {
    if (!req.url?.startsWith(`${PREFIX}/`)) {
      res.writeHead(404).end('not under the prefix')
      return
    }
    const up = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url.slice(PREFIX.length),
        headers: { ...req.headers, host: upstream.host, 'x-forwarded-proto': 'https' },
      },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers)
        upRes.pipe(res)
      },
    )
    up.on('error', () => res.destroy())
    req.pipe(up)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return server
}

beforeAll(async () => {
  domainServer = await startServer({
    apiPort: DEFAULT_API_PORT + 74,
    proxyPort: DEFAULT_PROXY_PORT + 74,
    env: { SANDOCK_DOMAIN: DOMAIN, SANDOCK_TLS_PORT: String(TLS_PORT) },
  })
  const domainCert = await readFile(join(domainServer.dataDir, 'tls', DOMAIN, 'server.crt'), 'utf8')
  const proxyTls = await generateCertificates('prefix-proxy.test')
  prefixProxy = await startPrefixProxy(proxyTls.cert, proxyTls.key, new URL(sharedServer().apiUrl))
  // Exactly these two certificates are trusted, nothing else; *.dash.sandock.test resolves to loopback.
  browser = await launchBrowser({
    args: [
      `--ignore-certificate-errors-spki-list=${spkiHash(domainCert)},${spkiHash(proxyTls.cert)}`,
      `--host-resolver-rules=MAP *.${DOMAIN} 127.0.0.1, MAP ${DOMAIN} 127.0.0.1`,
    ],
  })
})

afterAll(async () => {
  await browser?.close()
  if (prefixProxy) {
    prefixProxy.closeAllConnections()
    await new Promise((r) => prefixProxy.close(r))
  }
  await domainServer?.cleanup()
})

/** Signs in at `url`, finds the sandbox, runs a command in its terminal; checks where every request went. */
async function driveDashboard(url: string, server: ServerInfo, requestPrefix: string) {
  const sbx = await createSandbox({ timeoutMs: 120_000, metadata: { via: requestPrefix } }, server)
  onTestFinished(() => killQuietly(sbx.sandboxId, server))
  const w = await watchedPage(browser.context)
  onTestFinished(() => w.page.close())
  await signIn(w.page, url, server.apiKey)
  await w.page.waitForSelector(`tr[data-sandbox-id="${sbx.sandboxId}"]`, { timeout: 15_000 })
  await w.page.click(`tr[data-sandbox-id="${sbx.sandboxId}"] a`)
  await waitForTerminal(w.page)
  await w.page.click('.terminal')
  await w.page.keyboard.type('echo over-$((40+2))-tls\n')
  await w.page.waitForFunction(() =>
    [...document.querySelectorAll('.xterm-rows > div')].some((r) => r.textContent?.includes('over-42-tls')),
  )
  expect(await terminalText(w.page)).toContain('over-42-tls')
  expect(w.requests.length).toBeGreaterThan(5)
  expect(w.requests.filter((u) => !u.startsWith(requestPrefix))).toEqual([])
  expect(w.pageErrors).toEqual([])
  expect(await w.cspViolations()).toEqual([])
}

it('works in domain mode over TLS at https://api.<domain>/dashboard/', async () => {
  const origin = `https://api.${DOMAIN}:${TLS_PORT}`
  await driveDashboard(`${origin}/dashboard/`, domainServer, `${origin}/`)
})

it('works behind a TLS-terminating proxy that serves Sandock under a path prefix', async () => {
  const origin = `https://127.0.0.1:${(prefixProxy.address() as AddressInfo).port}`
  // /sandock/dashboard redirects relatively to /sandock/dashboard/.
  await driveDashboard(`${origin}${PREFIX}/dashboard`, sharedServer(), `${origin}${PREFIX}/`)
})
