// Dashboard benchmark (`npm run bench`): page weight and time to interactive in headless Chromium
// (Debian's, via playwright-core) against a real `sandock serve` with a few sandboxes, each run in a
// fresh browser profile (cold cache) unless said otherwise:
// - first visit: /dashboard/ until the sign-in form is usable; bytes on the wire (compressed, with
//   headers) and the bodies' decoded size;
// - signed in (the key already in sessionStorage): /dashboard/ until the sandbox list shows every
//   sandbox with its CPU and memory charts drawn; bytes;
// - opening a sandbox's terminal (the lazily loaded xterm.js/Connect chunk) until the shell's pid
//   is known; bytes of that step;
// - a repeat visit with a warm cache (hashed assets immutable, the page revalidated): bytes.
// Bytes are the static files under /dashboard/ (page weight); the API's JSON is counted apart.
// Over plain HTTP Chromium asks for gzip only; over TLS it takes the (smaller) brotli copies.
// Prints the numbers and writes bench/results/dashboard-<timestamp>.json.
// Knobs: BENCH_API_PORT/BENCH_PROXY_PORT (3500/3502), BENCH_DASHBOARD_RUNS (10), BENCH_SANDBOXES (5),
// SANDOCK_TEST_CHROMIUM (/usr/bin/chromium), SANDOCK_BASE_TEMPLATE_IMAGE.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Sandbox } from 'e2b'
import { chromium } from 'playwright-core'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const num = (name, fallback) => Number(process.env[name] ?? fallback)
const RUNS = num('BENCH_DASHBOARD_RUNS', 10)
const SANDBOXES = num('BENCH_SANDBOXES', 5)
const apiPort = num('BENCH_API_PORT', 3500)
const proxyPort = num('BENCH_PROXY_PORT', 3502)
const chromiumPath = process.env.SANDOCK_TEST_CHROMIUM || '/usr/bin/chromium'
const image = process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest'
const networks = [`sandock-bench-${apiPort}`, `sandock-bench-${apiPort}-internal`]
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

const docker = (...args) => execFileSync('docker', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]
const r1 = (x) => +x.toFixed(1)
const stats = (xs) => ({
  n: xs.length,
  p50: r1(pct(xs, 50)),
  p95: r1(pct(xs, 95)),
  min: r1(Math.min(...xs)),
  max: r1(Math.max(...xs)),
})
const kib = (b) => `${(b / 1024).toFixed(1)} KiB`

execFileSync(process.execPath, [join(root, 'scripts/build-image.mjs')], { stdio: 'inherit' })

const apiKey = 'e2b_00bench00'
const opts = { apiKey, apiUrl: `http://127.0.0.1:${apiPort}`, sandboxUrl: `http://127.0.0.1:${proxyPort}` }
const dashboard = `${opts.apiUrl}/dashboard/`
const dataDir = mkdtempSync(join(tmpdir(), 'sandock-bench-dash-'))
const server = spawn(process.execPath, [join(root, 'dist/image/sandock.mjs'), 'serve'], {
  env: {
    ...process.env,
    SANDOCK_API_KEYS: apiKey,
    SANDOCK_API_PORT: String(apiPort),
    SANDOCK_PROXY_PORT: String(proxyPort),
    SANDOCK_HOST: '127.0.0.1',
    SANDOCK_DATA_DIR: dataDir,
    SANDOCK_LOG_LEVEL: 'warn',
    SANDOCK_POOL_SIZE: '0',
    SANDOCK_POOL_SIZES: 'code-interpreter-v1=0',
    SANDOCK_BUILD_BUILTINS: 'off',
    SANDOCK_NETWORK: networks[0],
    SANDOCK_INTERNAL_NETWORK: networks[1],
    SANDOCK_BASE_TEMPLATE_IMAGE: image,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const sandboxes = []

/** A fresh profile; resolves to a page whose network bytes are counted through CDP. */
async function freshPage() {
  const profile = mkdtempSync(join(tmpdir(), 'sandock-bench-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: FLAGS,
    viewport: { width: 1400, height: 900 },
  })
  const page = context.pages()[0] ?? (await context.newPage())
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  // Static files (under /dashboard/) and API calls counted apart: page weight is the former.
  const wire = { bytes: 0, decoded: 0, requests: 0, apiBytes: 0, apiRequests: 0 }
  const urls = new Map()
  const isStatic = (id) => new URL(urls.get(id) ?? dashboard).pathname.startsWith('/dashboard/')
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url))
  cdp.on('Network.dataReceived', (e) => {
    if (isStatic(e.requestId)) wire.decoded += e.dataLength
  })
  cdp.on('Network.loadingFinished', (e) => {
    if (isStatic(e.requestId)) {
      wire.bytes += e.encodedDataLength
      wire.requests++
    } else {
      wire.apiBytes += e.encodedDataLength
      wire.apiRequests++
    }
  })
  const reset = () => Object.assign(wire, { bytes: 0, decoded: 0, requests: 0, apiBytes: 0, apiRequests: 0 })
  const close = async () => {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
  return { page, wire, reset, close }
}

/** performance.now() in the page once `selector` matches: ms since the navigation started. */
async function readyAt(page, selector, state = 'visible') {
  await page.waitForSelector(selector, { state, timeout: 30_000 })
  return page.evaluate(() => performance.now())
}

/** Waits until nothing was received for `quietMs`. */
async function settled(wire, quietMs = 500) {
  let last = -1
  while (last !== wire.bytes) {
    last = wire.bytes
    await sleep(quietMs)
  }
}

try {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${opts.apiUrl}/health`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      break
    if (server.exitCode !== null) throw new Error('sandock serve exited')
    await sleep(200)
  }
  for (let i = 0; i < SANDBOXES; i++)
    sandboxes.push(
      await Sandbox.create({ ...opts, metadata: { bench: 'dashboard', n: String(i) }, timeoutMs: 900_000 }),
    )
  await sleep(6000) // metric samples for the charts

  const first = { ms: [], bytes: [], decoded: [], requests: [] }
  const list = { ms: [], bytes: [], decoded: [], requests: [], apiBytes: [], apiRequests: [] }
  const terminal = { ms: [], bytes: [], decoded: [], requests: [] }
  const repeat = { bytes: [], requests: [] }
  const rowsDrawn = `tr[data-sandbox-id]:nth-child(${SANDBOXES}) td.metric canvas`
  for (let run = 0; run < RUNS; run++) {
    // First visit: the sign-in form.
    {
      const p = await freshPage()
      await p.page.goto(dashboard, { waitUntil: 'commit' })
      first.ms.push(await readyAt(p.page, '#api-key:enabled'))
      await settled(p.wire)
      first.bytes.push(p.wire.bytes)
      first.decoded.push(p.wire.decoded)
      first.requests.push(p.wire.requests)
      await p.close()
    }
    // Signed in: the list with charts, then the terminal, then a warm repeat visit.
    {
      const p = await freshPage()
      await p.page.addInitScript((key) => sessionStorage.setItem('sandock.apiKey', key), apiKey)
      await p.page.goto(dashboard, { waitUntil: 'commit' })
      list.ms.push(await readyAt(p.page, rowsDrawn, 'attached'))
      list.bytes.push(p.wire.bytes)
      list.decoded.push(p.wire.decoded)
      list.requests.push(p.wire.requests)
      list.apiBytes.push(p.wire.apiBytes)
      list.apiRequests.push(p.wire.apiRequests)

      p.reset()
      const t0 = await p.page.evaluate(() => performance.now())
      await p.page.click(`tr[data-sandbox-id="${sandboxes[0].sandboxId}"] a`)
      terminal.ms.push((await readyAt(p.page, '.terminal[data-pid]', 'attached')) - t0)
      await sleep(300)
      terminal.bytes.push(p.wire.bytes)
      terminal.decoded.push(p.wire.decoded)
      terminal.requests.push(p.wire.requests)
      await p.page.click('button:has-text("Close shell")')

      await p.page.goto('about:blank')
      p.reset()
      await p.page.goto(dashboard, { waitUntil: 'commit' })
      await readyAt(p.page, rowsDrawn, 'attached')
      repeat.bytes.push(p.wire.bytes)
      repeat.requests.push(p.wire.requests)
      await p.close()
    }
  }
  const assets = execFileSync('ls', ['-l', join(root, 'dist/dashboard/assets')], { encoding: 'utf8' })
  const results = {
    date: new Date().toISOString(),
    runs: RUNS,
    sandboxes: SANDBOXES,
    firstVisitSignInMs: stats(first.ms),
    firstVisitBytes: stats(first.bytes),
    firstVisitDecodedBytes: stats(first.decoded),
    firstVisitRequests: stats(first.requests),
    signedInListMs: stats(list.ms),
    signedInListBytes: stats(list.bytes),
    signedInListDecodedBytes: stats(list.decoded),
    signedInListRequests: stats(list.requests),
    signedInListApiBytes: stats(list.apiBytes),
    signedInListApiRequests: stats(list.apiRequests),
    terminalOpenMs: stats(terminal.ms),
    terminalBytes: stats(terminal.bytes),
    terminalDecodedBytes: stats(terminal.decoded),
    repeatVisitBytes: stats(repeat.bytes),
    repeatVisitRequests: stats(repeat.requests),
    assets,
  }
  console.log(`dashboard, ${RUNS} runs each, cold browser profile, p50 (p95):`)
  console.log(
    `  first visit → sign-in form usable: ${results.firstVisitSignInMs.p50} ms (${results.firstVisitSignInMs.p95}); ${kib(results.firstVisitBytes.p50)} transferred (${kib(results.firstVisitDecodedBytes.p50)} decoded) in ${results.firstVisitRequests.p50} requests`,
  )
  console.log(
    `  signed in → list of ${SANDBOXES} with charts: ${results.signedInListMs.p50} ms (${results.signedInListMs.p95}); static ${kib(results.signedInListBytes.p50)} transferred (${kib(results.signedInListDecodedBytes.p50)} decoded) in ${results.signedInListRequests.p50} requests, API ${kib(results.signedInListApiBytes.p50)} in ${results.signedInListApiRequests.p50}`,
  )
  console.log(
    `  open a terminal → shell attached: ${results.terminalOpenMs.p50} ms (${results.terminalOpenMs.p95}); ${kib(results.terminalBytes.p50)} transferred (${kib(results.terminalDecodedBytes.p50)} decoded)`,
  )
  console.log(
    `  repeat visit (warm cache) → list: static ${kib(results.repeatVisitBytes.p50)} transferred in ${results.repeatVisitRequests.p50} requests (the page revalidated; hashed assets from the cache)`,
  )
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  writeFileSync(join(root, 'bench/results', `dashboard-${Date.now()}.json`), JSON.stringify(results, null, 2))
} finally {
  await Promise.all(sandboxes.map((s) => s.kill().catch(() => undefined)))
  if (server.exitCode === null) {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
  }
  for (const n of networks) {
    const ids = (() => {
      try {
        return docker('ps', '-aq', '--filter', `network=${n}`).split('\n').filter(Boolean)
      } catch {
        return []
      }
    })()
    if (ids.length)
      try {
        docker('rm', '-f', '-v', ...ids)
      } catch {
        /* gone */
      }
    try {
      docker('network', 'rm', n)
    } catch {
      /* gone */
    }
  }
  rmSync(dataDir, { recursive: true, force: true })
}
