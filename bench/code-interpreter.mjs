// Code-interpreter benchmarks (`npm run bench`), with the official @e2b/code-interpreter SDK
// against `sandock serve` and its built-in code-interpreter-v1 template (the image built ahead of
// time by `sandock templates build-builtin code-interpreter-v1`):
// - Sandbox.create() → first runCode('1+1') result, cold (no pool) and warm (SANDOCK_POOL_SIZES
//   code-interpreter-v1=1; each create waits for the refill first), p50/p95, with ratios;
// - the runCode('1+1') round trip against `python3 -c 'print(1+1)'` through commands.run in the
//   same sandbox (same run);
// - idle memory of a code-interpreter sandbox (container total, and per process inside).
// Prints the numbers and writes bench/results/code-interpreter-<timestamp>.json. Everything it
// creates (sandboxes, pool containers, networks, data dir) is removed, also on failure.
// Knobs: BENCH_API_PORT/BENCH_PROXY_PORT (3600/3602), BENCH_CI_COLD_RUNS (10), BENCH_CI_WARM_RUNS (30),
// BENCH_CI_ROUNDTRIP_RUNS (100), BENCH_CI_IDLE (3), SANDOCK_BASE_TEMPLATE_IMAGE.
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Sandbox } from '@e2b/code-interpreter'
import { stats } from './stats.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const num = (name, fallback) => Number(process.env[name] ?? fallback)
const COLD_RUNS = num('BENCH_CI_COLD_RUNS', 10)
const WARM_RUNS = num('BENCH_CI_WARM_RUNS', 30)
const RT_RUNS = num('BENCH_CI_ROUNDTRIP_RUNS', 100)
const IDLE = num('BENCH_CI_IDLE', 3)
const apiPort = num('BENCH_API_PORT', 3600)
const proxyPort = num('BENCH_PROXY_PORT', 3602)
const baseImage = process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest'
const networks = [`sandock-bench-${apiPort}`, `sandock-bench-${apiPort}-internal`]
const ALIAS = 'code-interpreter-v1'

const docker = (...args) =>
  execFileSync('docker', args, { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] }).trim()
const quietly = (f) => {
  try {
    f()
  } catch {
    /* already gone */
  }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const r1 = (x) => +x.toFixed(1)
const ratio = (a, b) => +(a / b).toFixed(2)
const time = async (f) => {
  const t = performance.now()
  await f()
  return performance.now() - t
}
const say = (line) => console.log(line)

execFileSync(process.execPath, [join(root, 'scripts/build-image.mjs')], { stdio: 'inherit' })
const t0 = Date.now()
const built = execFileSync(
  process.execPath,
  [join(root, 'dist/image/sandock.mjs'), 'templates', 'build-builtin', 'code-interpreter-v1'],
  {
    encoding: 'utf8',
    env: { ...process.env, SANDOCK_BASE_TEMPLATE_IMAGE: baseImage, SANDOCK_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
)
const image = built
  .split('\n')
  .find((l) => l.startsWith('code-interpreter-v1 '))
  ?.split(' ')[1]
say(`code-interpreter image ${image} (ready in ${Math.round((Date.now() - t0) / 1000)} s)`)

const apiKey = 'e2b_00bench00ci'
const opts = { apiKey, apiUrl: `http://127.0.0.1:${apiPort}`, sandboxUrl: `http://127.0.0.1:${proxyPort}` }
const created = new Set()
const dataDir = mkdtempSync(join(tmpdir(), 'sandock-bench-ci-'))
let server

/** `sandock serve` on the bench's data dir. */
async function startServer(env) {
  server = spawn(process.execPath, [join(root, 'dist/image/sandock.mjs'), 'serve'], {
    env: {
      ...process.env,
      SANDOCK_API_KEYS: apiKey,
      SANDOCK_API_PORT: String(apiPort),
      SANDOCK_PROXY_PORT: String(proxyPort),
      SANDOCK_HOST: '127.0.0.1',
      SANDOCK_DATA_DIR: dataDir,
      SANDOCK_LOG_LEVEL: 'warn',
      SANDOCK_POOL_SIZE: '0',
      SANDOCK_POOL_SIZES: `${ALIAS}=0`,
      SANDOCK_BUILD_BUILTINS: 'off',
      SANDOCK_NETWORK: networks[0],
      SANDOCK_INTERNAL_NETWORK: networks[1],
      SANDOCK_BASE_TEMPLATE_IMAGE: baseImage,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${opts.apiUrl}/health`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return
    if (server.exitCode !== null) break
    await sleep(200)
  }
  throw new Error('sandock serve did not become healthy')
}

async function stopServer() {
  if (!server) return
  await Promise.all([...created].map((s) => s.kill().catch(() => undefined)))
  created.clear()
  if (server.exitCode === null) {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
  }
  server = undefined
  for (const n of networks) {
    const ids = docker('ps', '-aq', '--filter', `network=${n}`).split('\n').filter(Boolean)
    if (ids.length) quietly(() => docker('rm', '-f', '-v', ...ids))
  }
}

async function poolReady() {
  for (let i = 0; i < 2400; i++) {
    const h = await fetch(`${opts.apiUrl}/health`).then(
      (r) => r.json(),
      () => undefined,
    )
    if ((h?.pools?.[ALIAS]?.ready ?? 0) >= 1) return
    await sleep(25)
  }
  throw new Error('the code-interpreter pool did not refill')
}

async function createToFirstResult(runs, beforeEach) {
  const xs = []
  for (let i = 0; i < runs; i++) {
    await beforeEach?.()
    let sbx
    const ms = await time(async () => {
      sbx = await Sandbox.create(opts)
      created.add(sbx)
      const e = await sbx.runCode('1+1')
      if (e.text !== '2') throw new Error(`unexpected result ${JSON.stringify(e.text)} ${JSON.stringify(e.error)}`)
    })
    xs.push(ms)
    created.delete(sbx)
    await sbx.kill()
  }
  return stats(xs)
}

const result = { when: new Date().toISOString(), image, cpus: (await import('node:os')).cpus().length }
try {
  await startServer({})

  // Cold: no pool, every create starts a container, envd, Jupyter Server and both default kernels.
  result.createToFirstResultColdMs = await createToFirstResult(COLD_RUNS)
  const cold = result.createToFirstResultColdMs
  say(`create → first runCode('1+1'), cold: p50 ${cold.p50} / p95 ${cold.p95} ms`)

  // Round trip in one sandbox: runCode against python3 -c through commands.run.
  const sbx = await Sandbox.create(opts)
  created.add(sbx)
  await sbx.runCode('1+1')
  await sbx.commands.run("python3 -c 'print(1+1)'")
  const rc = []
  const py = []
  for (let i = 0; i < RT_RUNS; i++) {
    rc.push(
      await time(async () => {
        if ((await sbx.runCode('1+1')).text !== '2') throw new Error('runCode')
      }),
    )
    py.push(
      await time(async () => {
        if ((await sbx.commands.run("python3 -c 'print(1+1)'")).stdout !== '2\n') throw new Error('python3 -c')
      }),
    )
  }
  result.runCodeRoundTripMs = stats(rc)
  result.python3CommandRoundTripMs = stats(py)
  say(
    `runCode('1+1') round trip: p50 ${result.runCodeRoundTripMs.p50} / p95 ${result.runCodeRoundTripMs.p95} ms; commands.run("python3 -c 'print(1+1)'"): p50 ${result.python3CommandRoundTripMs.p50} / p95 ${result.python3CommandRoundTripMs.p95} ms`,
  )

  // Idle memory: a few sandboxes left alone after their first run.
  const idle = [sbx]
  while (idle.length < IDLE) {
    const s = await Sandbox.create(opts)
    created.add(s)
    await s.runCode('1+1')
    idle.push(s)
  }
  await sleep(5000)
  const memMiB = docker(
    'stats',
    '--no-stream',
    '--format',
    '{{.MemUsage}}',
    ...idle.map((s) => `sandock-${s.sandboxId}`),
  )
    .split('\n')
    .map((l) => {
      const m = /([\d.]+)\s*([KMG]i?B)/.exec(l.split('/')[0])
      return Number(m[1]) * ({ KiB: 1 / 1024, KB: 1 / 1024, MiB: 1, MB: 1, GiB: 1024, GB: 1024 }[m[2]] ?? 1)
    })
  const ps = await sbx.commands.run(
    'ps -eo rss=,args= | awk \'{ printf "%d\\t", $1; $1=""; print substr($0, 2, 70) }\' | sort -rn | head -8',
    { user: 'root' },
  )
  result.idleMemory = { containerMiB: stats(memMiB), processesKiB: ps.stdout.trim().split('\n') }
  say(
    `idle code-interpreter sandbox: container memory p50 ${r1(result.idleMemory.containerMiB.p50)} MiB (n=${memMiB.length}); largest processes (RSS KiB):\n  ${result.idleMemory.processesKiB.join('\n  ')}`,
  )
  await stopServer()

  // Warm: a pool of one; each create waits for the refill, so it finds a ready container.
  await startServer({ SANDOCK_POOL_SIZES: `${ALIAS}=1..1` })
  await poolReady()
  result.createToFirstResultWarmMs = await createToFirstResult(WARM_RUNS, poolReady)
  const warm = result.createToFirstResultWarmMs
  say(`create → first runCode('1+1'), warm pool: p50 ${warm.p50} / p95 ${warm.p95} ms`)

  result.ratios = {
    warmVsCold: ratio(warm.p50, cold.p50),
    runCodeVsPython3Command: ratio(result.runCodeRoundTripMs.p50, result.python3CommandRoundTripMs.p50),
    warmCreateVsRunCodeRoundTrip: ratio(warm.p50, result.runCodeRoundTripMs.p50),
  }
  say(
    '\nratios (p50): ' +
      Object.entries(result.ratios)
        .map(([k, v]) => `${k} x${v}`)
        .join(', '),
  )
  const out = join(root, 'bench', 'results', `code-interpreter-${result.when.replace(/[:.]/g, '-')}.json`)
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, JSON.stringify(result, null, 2) + '\n')
  say(`results: ${out}`)
} finally {
  await stopServer().catch((e) => console.error('cleanup failed:', e))
  for (const n of networks) quietly(() => docker('network', 'rm', n))
  rmSync(dataDir, { recursive: true, force: true })
}
