// Egress gateway benchmark (`npm run bench`): what the gateway costs per request, measured from
// inside a sandbox with curl (a new connection each time, `time_total`), against the same request
// from a sandbox with no egress policy (which never meets the gateway), in the same run:
// - HTTP and HTTPS through an allow rule (allowOut domain, denyOut 0.0.0.0/0): Host/SNI peeked,
//   dialled by name, piped;
// - HTTP and HTTPS to a host no rule names, from a sandbox whose rules name another host (allowed by
//   default, still through the gateway);
// - HTTP and HTTPS through a header transform (HTTPS: TLS interception with the sandbox's CA).
// The target is an echo server on a test host this script makes (198.51.100.10: a network
// namespace that stops by itself with this process, test/support/egress-hosts.mjs), names
// resolve through a DNS server it runs; both, and every sandbox, are removed at the end.
// Knobs: BENCH_EGRESS_RUNS (200), BENCH_API_PORT/BENCH_PROXY_PORT (3510/3512), SANDOCK_BASE_TEMPLATE_IMAGE.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ALL_TRAFFIC, Sandbox } from 'e2b'
import { generateCertificates } from '../dist/control/tls.js'
import { startServe } from '../test/support/serve-process.mjs'
import { createTestHost } from '../test/support/egress-hosts.mjs'
import { startDns } from '../test/support/egress-targets.mjs'
import { stats } from './stats.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const RUNS = Number(process.env.BENCH_EGRESS_RUNS ?? 200)
const apiPort = Number(process.env.BENCH_API_PORT ?? 3500) + 10
const proxyPort = Number(process.env.BENCH_PROXY_PORT ?? 3502) + 10
const image = process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest'
const networks = [`sandock-bench-${apiPort}`, `sandock-bench-${apiPort}-internal`]
const NS = `egb${apiPort}`
const WEB = '198.51.100.10'
const sh = (cmd, ...args) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
const quietly = (f) => {
  try {
    f()
  } catch {
    /* already gone */
  }
}
const say = (line) => console.log(line)

execFileSync(process.execPath, [join(root, 'scripts/build-image.mjs')], { stdio: 'inherit' })

const apiKey = 'e2b_00bench00'
const opts = { apiKey, apiUrl: `http://127.0.0.1:${apiPort}`, sandboxUrl: `http://127.0.0.1:${proxyPort}` }
const dir = mkdtempSync(join(tmpdir(), 'sandock-bench-egress-'))
const sandboxes = []
let server
let dns
let web

/** Per-request ms from inside the sandbox: one curl (a new connection) per request. */
async function measure(sbx, url, extra = '') {
  const u = new URL(url)
  const port = u.port || (u.protocol === 'https:' ? 443 : 80)
  const r = await sbx.commands.run(
    `for i in $(seq ${RUNS}); do curl -s -o /dev/null --resolve ${u.hostname}:${port}:${WEB} ${extra} -w '%{http_code} %{time_total}\\n' '${url}'; done`,
    { timeoutMs: 600_000 },
  )
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => l.split(' '))
  const bad = lines.filter(([code]) => code !== '200').length
  if (bad) throw new Error(`${url}: ${bad} of ${lines.length} requests did not answer 200`)
  return stats(
    lines.map(([, t]) => Number(t) * 1000),
    2,
  )
}

try {
  const pki = await generateCertificates('egress.test')
  writeFileSync(join(dir, 'ca.pem'), pki.caCert)
  web = await createTestHost(NS, '198.51.100.8')
  if (web.ip !== WEB) throw new Error(`the test host is at ${web.ip}, not ${WEB}`)
  await web.start({
    http: [{ host: '0.0.0.0', port: 80 }],
    https: { host: '0.0.0.0', port: 443, cert: pki.cert + pki.caCert, key: pki.key },
  })
  dns = await startDns({ records: { 'web.egress.test': WEB, 'api.egress.test': WEB } })
  const dataDir = join(dir, 'data')
  mkdirSync(dataDir)
  server = await startServe({
    apiUrl: opts.apiUrl,
    env: {
      SANDOCK_API_KEYS: apiKey,
      SANDOCK_API_PORT: String(apiPort),
      SANDOCK_PROXY_PORT: String(proxyPort),
      SANDOCK_HOST: '127.0.0.1',
      SANDOCK_DATA_DIR: dataDir,
      SANDOCK_LOG_LEVEL: 'warn',
      SANDOCK_NETWORK: networks[0],
      SANDOCK_INTERNAL_NETWORK: networks[1],
      SANDOCK_POOL_SIZE: '0',
      SANDOCK_POOL_SIZES: 'code-interpreter-v1=0',
      SANDOCK_BUILD_BUILTINS: 'off',
      SANDOCK_BASE_TEMPLATE_IMAGE: image,
      SANDOCK_EGRESS_RESOLVER: `127.0.0.1:${dns.port}`,
      SANDOCK_EGRESS_CA_CERTS: join(dir, 'ca.pem'),
    },
  })
  const make = async (network) => {
    const sbx = await Sandbox.create('base', { ...opts, timeoutMs: 900_000, ...(network ? { network } : {}) })
    sandboxes.push(sbx)
    await sbx.files.write('/tmp/ca.pem', pki.caCert)
    return sbx
  }
  const none = await make(undefined)
  const allow = await make({ allowOut: ['web.egress.test'], denyOut: [ALL_TRAFFIC] })
  const transform = await make({
    rules: { 'api.egress.test': [{ transform: { headers: { 'X-Bench': 'transformed' } } }] },
  })
  const results = {}
  const row = async (name, sbx, url, extra) => {
    results[name] = await measure(sbx, url, extra)
    say(`${name.padEnd(46)} p50 ${results[name].p50} ms  p95 ${results[name].p95} ms`)
  }
  say(`egress gateway, ${RUNS} requests each (curl in the sandbox, new connection per request):`)
  await row('HTTP, no policy (direct)', none, 'http://web.egress.test/')
  await row('HTTP, allow rule (gateway, by name)', allow, 'http://web.egress.test/')
  await row('HTTP, no rule matches (gateway, default allow)', transform, 'http://web.egress.test/')
  await row('HTTP, header transform (gateway, per-request)', transform, 'http://api.egress.test/')
  await row('HTTPS, no policy (direct)', none, 'https://web.egress.test/', '--cacert /tmp/ca.pem')
  await row('HTTPS, allow rule (gateway, SNI pass-through)', allow, 'https://web.egress.test/', '--cacert /tmp/ca.pem')
  await row(
    'HTTPS, no rule matches (gateway, default allow)',
    transform,
    'https://web.egress.test/',
    '--cacert /tmp/ca.pem',
  )
  // Trusting one CA file on both sides: curl reading the whole system bundle costs ~15 ms per process by itself.
  await row(
    'HTTPS, header transform (TLS interception)',
    transform,
    'https://api.egress.test/',
    '--cacert /usr/local/share/ca-certificates/e2b-ca.crt',
  )
  const over = (a, b) => +(results[a].p50 - results[b].p50).toFixed(2)
  const added = {
    httpAllow: over('HTTP, allow rule (gateway, by name)', 'HTTP, no policy (direct)'),
    httpUnmatched: over('HTTP, no rule matches (gateway, default allow)', 'HTTP, no policy (direct)'),
    httpTransform: over('HTTP, header transform (gateway, per-request)', 'HTTP, no policy (direct)'),
    httpsAllow: over('HTTPS, allow rule (gateway, SNI pass-through)', 'HTTPS, no policy (direct)'),
    httpsUnmatched: over('HTTPS, no rule matches (gateway, default allow)', 'HTTPS, no policy (direct)'),
    httpsTransform: over('HTTPS, header transform (TLS interception)', 'HTTPS, no policy (direct)'),
  }
  say(`added p50 over the direct request (ms): ${JSON.stringify(added)}`)
  mkdirSync(join(root, 'bench', 'results'), { recursive: true })
  const file = join(root, 'bench', 'results', `egress-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, JSON.stringify({ runs: RUNS, results, addedP50Ms: added }, null, 2))
  say(`wrote ${file}`)
} finally {
  for (const s of sandboxes) await Sandbox.kill(s.sandboxId, opts).catch(() => undefined)
  await server?.stop()
  for (const n of networks) quietly(() => sh('docker', 'network', 'rm', n))
  await web?.remove()
  await dns?.close()
  rmSync(dir, { recursive: true, force: true })
}
