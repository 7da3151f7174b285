// Control-plane benchmarks (`npm run bench`), all with the official SDK against `sandock serve`,
// beside raw Docker baselines measured in the same run:
// - Sandbox.create() → first commands.run('echo ok'), warm pool on and off (p50/p95/p99), against
//   `docker run --rm <base> true` (on Docker's default bridge, and on the sandboxes' own network)
//   and `docker exec <running container> true`, with ratios;
// - command round trip through the proxy (commands.run('true') = `bash -l -c true` as the sandbox
//   user), against spawn('/bin/true') and spawn of that bash measured inside the same container;
//   file write/read of 1 MiB and 100 MiB through the proxy; watchDir latency (write call → event);
// - 50 concurrent creates (wall time, errors); idle memory per sandbox (envd RSS, private and
//   anonymous memory, container total as `docker stats` counts it) with 20 and 100 sandboxes
//   alive, and how many idle sandboxes fit in 24 GiB;
// - pause/resume latency (memory kept and filesystem-only) for an idle sandbox and one holding 1 GiB.
// Prints the numbers and writes bench/results/control-<timestamp>.json. Everything it creates
// (sandboxes, pool containers, networks, the exec baseline container) is removed, also on failure.
// Knobs: BENCH_API_PORT/BENCH_PROXY_PORT (3500/3502), BENCH_CREATE_RUNS (50), BENCH_POOL_SIZE (2),
// BENCH_CMD_RUNS (200), BENCH_FILE_RUNS (10), BENCH_BIG_FILE_RUNS (3), BENCH_WATCH_RUNS (30),
// BENCH_CONCURRENT (50), BENCH_IDLE ("20,100"), BENCH_PAUSE_RUNS (3), SANDOCK_BASE_TEMPLATE_IMAGE,
// BENCH_BUILD_IMAGE=0 (use that image as it is, e.g. one built from an older commit).
// Focused mode: BENCH_ONLY=files,commands,create,idle measures just those hot paths (same code as the
// full run; create: cold create → first command, BENCH_FOCUSED_CREATES (15) per round, and host CPU
// per lifecycle against Docker's floor measured after each build's creates; idle: idle memory per
// sandbox with BENCH_FOCUSED_IDLE (10) alive),
// BENCH_ROUNDS (3) times on a fresh server and sandbox; with BENCH_BEFORE_BUNDLE (another build's
// dist/image/sandock.mjs) and BENCH_BEFORE_IMAGE (its base image), each round measures that build
// first and this one second, so before/after share the run and its load (BENCH_BUNDLE: measure
// another build's bundle as "this one", e.g. a copy of dist/image taken before further edits);
// BENCH_BEFORE_ENV=K=V,... gives "before" extra settings (alone: this build with them), and
// BENCH_AFTER_ENV=K=V,... "after" its own (e.g. SANDOCK_NETWORK_SLOTS=0 against =2).
// The full run ends with the fences' cost: cold create → first command and 1/100 MiB transfers with
// SANDOCK_FIREWALL=off against the default, BENCH_ROUNDS interleaved rounds (BENCH_FENCES=0 skips).
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Sandbox } from 'e2b'
import { startServe } from '../test/support/serve-process.mjs'
import { dockerFloorCpuMs as dockerFloor, hostBusyS } from './host-cpu.mjs'
import { percentile as pct, stats } from './stats.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const num = (name, fallback) => Number(process.env[name] ?? fallback)
const RUNS = num('BENCH_CREATE_RUNS', 50)
const POOL_SIZE = num('BENCH_POOL_SIZE', 2)
const CMD_RUNS = num('BENCH_CMD_RUNS', 200)
const FILE_RUNS = num('BENCH_FILE_RUNS', 10)
const BIG_FILE_RUNS = num('BENCH_BIG_FILE_RUNS', 3)
const WATCH_RUNS = num('BENCH_WATCH_RUNS', 30)
const CONCURRENT = num('BENCH_CONCURRENT', 50)
const IDLE = (process.env.BENCH_IDLE ?? '20,100')
  .split(',')
  .map(Number)
  .filter((n) => n > 0)
const PAUSE_RUNS = num('BENCH_PAUSE_RUNS', 3)
const apiPort = num('BENCH_API_PORT', 3500)
const proxyPort = num('BENCH_PROXY_PORT', 3502)
const image = process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest'
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((x) => x.trim())
  .filter(Boolean)
const ROUNDS = num('BENCH_ROUNDS', 3)
const FOCUSED_CREATES = num('BENCH_FOCUSED_CREATES', 15)
const FOCUSED_IDLE = num('BENCH_FOCUSED_IDLE', 10)
const THIS_BUNDLE = process.env.BENCH_BUNDLE
const envOf = (name) =>
  Object.fromEntries(
    (process.env[name] ?? '')
      .split(',')
      .filter((kv) => kv.includes('='))
      .map((kv) => [kv.slice(0, kv.indexOf('=')).trim(), kv.slice(kv.indexOf('=') + 1)]),
  )
const BEFORE_ENV = envOf('BENCH_BEFORE_ENV')
const AFTER_ENV = envOf('BENCH_AFTER_ENV')
const BEFORE =
  process.env.BENCH_BEFORE_BUNDLE || Object.keys(BEFORE_ENV).length > 0
    ? {
        bundle: process.env.BENCH_BEFORE_BUNDLE ?? THIS_BUNDLE,
        image: process.env.BENCH_BEFORE_IMAGE ?? image,
        env: BEFORE_ENV,
      }
    : undefined
const networks = [`sandock-bench-${apiPort}`, `sandock-bench-${apiPort}-internal`]
const execBaselineName = `sandock-bench-exec-${apiPort}`

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

if (process.env.BENCH_BUILD_IMAGE !== '0')
  execFileSync(process.execPath, [join(root, 'scripts/build-image.mjs')], { stdio: 'inherit' })

const apiKey = 'e2b_00bench00'
const opts = { apiKey, apiUrl: `http://127.0.0.1:${apiPort}`, sandboxUrl: `http://127.0.0.1:${proxyPort}` }
const created = new Set()
let server
let dataDir

/** A fresh `sandock serve` with its own data dir and a fixed pool of `poolSize` (0: none; workloads.mjs measures pools that follow demand). */
async function startServer(poolSize, build = { bundle: THIS_BUNDLE, image }) {
  build = { bundle: THIS_BUNDLE, ...build }
  dataDir = mkdtempSync(join(tmpdir(), 'sandock-bench-'))
  server = await startServe({
    apiUrl: opts.apiUrl,
    bundle: build.bundle,
    env: {
      SANDOCK_API_KEYS: apiKey,
      SANDOCK_API_PORT: String(apiPort),
      SANDOCK_PROXY_PORT: String(proxyPort),
      SANDOCK_HOST: '127.0.0.1',
      SANDOCK_DATA_DIR: dataDir,
      SANDOCK_LOG_LEVEL: 'warn',
      SANDOCK_DEFAULT_MEMORY_MB: '2048',
      SANDOCK_NETWORK: networks[0],
      SANDOCK_INTERNAL_NETWORK: networks[1],
      SANDOCK_POOL_SIZE: `${poolSize}..${poolSize}`,
      SANDOCK_POOL_SIZES: 'code-interpreter-v1=0',
      SANDOCK_BUILD_BUILTINS: 'off',
      SANDOCK_MAX_SANDBOXES: String(Math.max(100, CONCURRENT, ...IDLE) + 10),
      SANDOCK_BASE_TEMPLATE_IMAGE: build.image ?? image,
      ...build.env,
    },
  })
}

async function stopServer() {
  if (!server) return
  await Promise.all([...created].map((s) => s.kill().catch(() => undefined)))
  created.clear()
  await server.stop()
  server = undefined
  // Pool containers outlive the server by design (the next start re-adopts them): remove them here.
  for (const n of networks) {
    const ids = docker('ps', '-aq', '--filter', `network=${n}`).split('\n').filter(Boolean)
    if (ids.length) quietly(() => docker('rm', '-f', '-v', ...ids))
  }
  rmSync(dataDir, { recursive: true, force: true })
}

async function poolReady() {
  for (let i = 0; i < 600; i++) {
    const h = await fetch(`${opts.apiUrl}/health`).then(
      (r) => r.json(),
      () => undefined,
    )
    if ((h?.pools?.base?.ready ?? 0) >= POOL_SIZE) return
    await sleep(25)
  }
  throw new Error('the warm pool did not refill')
}

async function create(extra = {}) {
  const sbx = await Sandbox.create({ ...opts, ...extra })
  created.add(sbx)
  return sbx
}
async function kill(sbx) {
  created.delete(sbx)
  await sbx.kill()
}

// spawn() of /bin/true and of what commands.run('true') executes (`bash -l -c true` as the sandbox
// user), run by the sandbox's own Node inside its container: one of each per line on stdin, their
// times (ms) back as one line, so they interleave with the commands measured through the proxy.
const SPAWN_BASELINE = `
const { spawn, execFileSync } = require('node:child_process');
const [uid, gid] = ['-u', '-g'].map((f) => Number(execFileSync('id', [f, 'user']).toString()));
const env = { PATH: process.env.PATH, HOME: '/home/user', USER: 'user', LOGNAME: 'user' };
const sp = (cmd, args, o) => new Promise((r) => spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...o }).on('close', r));
const t = async (fn) => { const s = performance.now(); await fn(); return performance.now() - s };
require('node:readline').createInterface({ input: process.stdin }).on('line', async () => {
  const spawnTrue = await t(() => sp('/bin/true', []));
  const spawnBash = await t(() => sp('/bin/bash', ['-l', '-c', 'true'], { uid, gid, env, cwd: '/home/user' }));
  process.stdout.write(JSON.stringify({ spawnTrue, spawnBash }) + '\\n');
});`

async function createToFirstCommand(beforeEach, runs = RUNS) {
  const xs = []
  for (let i = 0; i < runs; i++) {
    await beforeEach?.()
    let sbx
    const ms = await time(async () => {
      sbx = await Sandbox.create(opts)
      created.add(sbx)
      const res = await sbx.commands.run('echo ok')
      if (res.stdout !== 'ok\n') throw new Error(`unexpected output ${JSON.stringify(res.stdout)}`)
    })
    xs.push(ms)
    await kill(sbx)
  }
  return xs
}

/** Idle memory with `count` sandboxes alive (created 10 at a time). */
async function idleMemory(alive, count) {
  while (alive.length < count) {
    const batch = Math.min(10, count - alive.length)
    alive.push(...(await Promise.all(Array.from({ length: batch }, () => create()))))
  }
  await sleep(3000)
  const envd = { rss: [], anonymous: [], private: [] }
  for (const sbx of alive) {
    // The oldest process running envd's own Node is envd (PID 1 is Docker's init).
    const out = await sbx.commands.run('cat /proc/"$(pgrep -o -f \'^/opt/sandock/bin/node\')"/smaps_rollup', {
      user: 'root',
    })
    const kib = (k) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(out.stdout)?.[1] ?? NaN)
    envd.rss.push(kib('Rss') / 1024)
    envd.anonymous.push(kib('Anonymous') / 1024)
    envd.private.push((kib('Private_Clean') + kib('Private_Dirty')) / 1024)
  }
  const names = alive.map((s) => `sandock-${s.sandboxId}`)
  const memMiB = docker('stats', '--no-stream', '--format', '{{.MemUsage}}', ...names)
    .split('\n')
    .map((l) => {
      const [used] = l.split('/')
      const m = /([\d.]+)\s*([KMG]i?B)/.exec(used)
      const f = { KiB: 1 / 1024, KB: 1 / 1024, MiB: 1, MB: 1, GiB: 1024, GB: 1024 }[m[2]] ?? 1
      return Number(m[1]) * f
    })
  const containerMiB = stats(memMiB)
  return {
    sandboxes: count,
    envdRssMiB: stats(envd.rss),
    envdAnonymousMiB: stats(envd.anonymous),
    envdPrivateMiB: stats(envd.private),
    containerMiB,
    idleSandboxesIn24GiB: Math.floor((24 * 1024) / containerMiB.p50),
  }
}

/**
 * commands.run('true') through the proxy, CMD_RUNS times, each followed by the spawn baselines
 * in the same container (the same moment's load on both sides of the comparison).
 */
async function measureCommands(sbx, into) {
  const loop = spawn(
    'docker',
    ['exec', '-i', `sandock-${sbx.sandboxId}`, '/opt/sandock/bin/node', '-e', SPAWN_BASELINE],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  )
  const lines = loop.stdout.setEncoding('utf8')[Symbol.asyncIterator]()
  let buffered = ''
  const baseline = async () => {
    loop.stdin.write('\n')
    while (!buffered.includes('\n')) {
      const { value, done } = await lines.next()
      if (done) throw new Error('the spawn baseline loop ended')
      buffered += value
    }
    const line = buffered.slice(0, buffered.indexOf('\n'))
    buffered = buffered.slice(line.length + 1)
    return JSON.parse(line)
  }
  // The same SDK pointed straight at envd (the sandbox's address, no proxy): what the SDK and envd
  // cost without the proxy's hop, the floor the 2 ms target meets if the hop cost nothing.
  const ip = (await sbx.commands.run('hostname -I')).stdout.trim().split(/\s+/)[0]
  const direct = await Sandbox.connect(sbx.sandboxId, { ...opts, sandboxUrl: `http://${ip}:49983` })
  try {
    for (let i = 0; i < 5; i++) {
      await sbx.commands.run('true')
      await direct.commands.run('true')
      await baseline()
    }
    for (let i = 0; i < CMD_RUNS; i++) {
      into.cmd.push(await time(() => sbx.commands.run('true')))
      ;(into.direct ??= []).push(await time(() => direct.commands.run('true')))
      const b = await baseline()
      ;(into.spawnTrue ??= []).push(b.spawnTrue)
      ;(into.spawnBash ??= []).push(b.spawnBash)
    }
  } finally {
    loop.stdin.end()
    loop.kill()
  }
}
function commandSummary(s) {
  const commandRoundTripMs = stats(s.cmd)
  const commandBaselines = { spawnTrueMs: stats(s.spawnTrue), spawnBashLoginAsUserMs: stats(s.spawnBash) }
  const directToEnvdMs = stats(s.direct)
  return {
    commandRoundTripMs,
    directToEnvdMs,
    commandBaselines,
    commandOverP50Ms: {
      spawnTrue: r1(commandRoundTripMs.p50 - commandBaselines.spawnTrueMs.p50),
      spawnBashLoginAsUser: r1(commandRoundTripMs.p50 - commandBaselines.spawnBashLoginAsUserMs.p50),
      directToEnvdOverSpawnBash: r1(directToEnvdMs.p50 - commandBaselines.spawnBashLoginAsUserMs.p50),
      proxyHop: r1(commandRoundTripMs.p50 - directToEnvdMs.p50),
    },
  }
}
function sayCommands(r, prefix = '') {
  const over = r.commandOverP50Ms.spawnBashLoginAsUser
  say(
    `${prefix}target: commands.run('true') p50 within 2 ms of spawn('bash -l -c true') in the same sandbox: +${over} ms ` +
      `(${over <= 2 ? 'met' : 'missed'}; n=${r.commandRoundTripMs.n}, interleaved)`,
  )
  say(
    `${prefix}commands.run('true') through the proxy: p50 ${r.commandRoundTripMs.p50} / p95 ${r.commandRoundTripMs.p95} ms; in the container ` +
      `spawn('/bin/true') ${r.commandBaselines.spawnTrueMs.p50} / ${r.commandBaselines.spawnTrueMs.p95} ms (+${r.commandOverP50Ms.spawnTrue} ms), ` +
      `spawn('bash -l -c true') as user ${r.commandBaselines.spawnBashLoginAsUserMs.p50} ms (+${r.commandOverP50Ms.spawnBashLoginAsUser} ms)`,
  )
  say(
    `${prefix}floor: the SDK straight to envd (no proxy) p50 ${r.directToEnvdMs.p50} / p95 ${r.directToEnvdMs.p95} ms, ` +
      `+${r.commandOverP50Ms.directToEnvdOverSpawnBash} ms over spawn('bash -l -c true'); the proxy's hop +${r.commandOverP50Ms.proxyHop} ms`,
  )
}

const FILE_SIZES = [
  ['1MiB', 1 << 20, FILE_RUNS],
  ['100MiB', 100 << 20, BIG_FILE_RUNS],
]
const fileSamples = () => Object.fromEntries(FILE_SIZES.map(([label]) => [label, { write: [], read: [] }]))
/** files.write / files.read (bytes) of 1 MiB and 100 MiB through the proxy, checked for length. */
async function measureFiles(sbx, into) {
  for (const [label, size, runs] of FILE_SIZES) {
    const data = new Uint8Array(size).map((_, i) => i & 0xff)
    for (let i = 0; i < runs; i++) {
      into[label].write.push(await time(() => sbx.files.write(`bench-${label}.bin`, data.buffer)))
      let got
      into[label].read.push(
        await time(async () => {
          got = await sbx.files.read(`bench-${label}.bin`, { format: 'bytes' })
        }),
      )
      if (got.length !== size) throw new Error(`read ${got.length} bytes, wrote ${size}`)
    }
  }
  await sbx.commands.run('rm -f bench-*.bin')
}
function filesSummary(s) {
  const out = {}
  for (const [label, size] of FILE_SIZES) {
    const { write, read } = s[label]
    const roundTrip = write.map((w, i) => w + read[i])
    out[label] = {
      writeMs: stats(write),
      readMs: stats(read),
      roundTripMs: stats(roundTrip),
      writeMiBps: r1(size / 1048576 / (pct(write, 50) / 1000)),
      readMiBps: r1(size / 1048576 / (pct(read, 50) / 1000)),
    }
  }
  return out
}
function sayFiles(files, prefix = '') {
  for (const [label, f] of Object.entries(files)) {
    say(
      `${prefix}files ${label}: write p50 ${f.writeMs.p50} ms (${f.writeMiBps} MiB/s), read p50 ${f.readMs.p50} ms (${f.readMiBps} MiB/s), write+read p50 ${f.roundTripMs.p50} ms`,
    )
  }
}

/**
 * Just the named hot paths (create, commands, files), `ROUNDS` fresh servers per build, the builds
 * interleaved in every round so they share the run and its load. A build: another bundle and image,
 * or this one with extra settings (`env`).
 */
async function compare(only, builds) {
  const samples = Object.fromEntries(
    builds.map(([name]) => [name, { cmd: [], files: fileSamples(), create: [], createCpu: [], idle: [] }]),
  )
  const floorCpu = []
  const load = { start: loadavg() }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, build] of builds) {
      // No pool: nothing boots in the background while the hot paths are measured.
      await startServer(0, build)
      try {
        if (only.includes('create')) {
          // The host's CPU (all processes, /proc/stat) per lifecycle: create → first command → kill.
          const busy0 = hostBusyS()
          samples[name].create.push(...(await createToFirstCommand(undefined, FOCUSED_CREATES)))
          samples[name].createCpu.push(((hostBusyS() - busy0) / FOCUSED_CREATES) * 1000)
          floorCpu.push(await dockerFloorCpuMs(FOCUSED_CREATES))
        }
        const sbx = await create()
        if (only.includes('commands')) await measureCommands(sbx, samples[name])
        if (only.includes('files')) await measureFiles(sbx, samples[name].files)
        await kill(sbx)
        if (only.includes('idle')) {
          const alive = []
          try {
            samples[name].idle.push(await idleMemory(alive, FOCUSED_IDLE))
          } finally {
            await Promise.all(alive.map((s) => kill(s)))
          }
        }
      } finally {
        await stopServer()
      }
    }
  }
  load.end = loadavg()
  const out = { only, rounds: ROUNDS, loadAverage: load, builds: {} }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length
  if (floorCpu.length) out.dockerFloorHostCpuMsByRun = floorCpu.map((x) => Math.round(x))
  for (const [name, build] of builds) {
    const r = { bundle: build.bundle ?? 'this checkout', image: build.image ?? image, env: build.env }
    if (only.includes('commands')) Object.assign(r, commandSummary(samples[name]))
    if (only.includes('files')) r.files = filesSummary(samples[name].files)
    if (only.includes('create')) {
      r.createToFirstCommandPoolOffMs = stats(samples[name].create)
      r.hostCpuPerLifecycleMsByRound = samples[name].createCpu.map((x) => Math.round(x))
      r.hostCpuPerLifecycleToDockerFloor = ratio(mean(samples[name].createCpu), mean(floorCpu))
    }
    if (only.includes('idle')) {
      const byRound = (f) => samples[name].idle.map((m) => f(m).p50)
      r.idleMemoryP50ByRound = {
        sandboxes: FOCUSED_IDLE,
        containerMiB: byRound((m) => m.containerMiB),
        envdRssMiB: byRound((m) => m.envdRssMiB),
        envdPrivateMiB: byRound((m) => m.envdPrivateMiB),
      }
    }
    out.builds[name] = r
    if (r.idleMemoryP50ByRound)
      say(
        `[${name}] idle memory per sandbox (${FOCUSED_IDLE} alive), p50 by round: container ${r.idleMemoryP50ByRound.containerMiB.join(', ')} MiB; envd RSS ${r.idleMemoryP50ByRound.envdRssMiB.join(', ')} MiB, private ${r.idleMemoryP50ByRound.envdPrivateMiB.join(', ')} MiB`,
      )
    if (r.commandRoundTripMs) sayCommands(r, `[${name}] `)
    if (r.files) sayFiles(r.files, `[${name}] `)
    if (r.createToFirstCommandPoolOffMs)
      say(
        `[${name}] cold create → first command: p50 ${r.createToFirstCommandPoolOffMs.p50} ms, p95 ${r.createToFirstCommandPoolOffMs.p95} ms (n=${r.createToFirstCommandPoolOffMs.n}); host CPU per lifecycle (create → command → kill, all processes) by round: ${r.hostCpuPerLifecycleMsByRound.join(', ')} ms, mean ×${r.hostCpuPerLifecycleToDockerFloor} Docker's floor`,
      )
  }
  if (out.dockerFloorHostCpuMsByRun)
    say(
      `Docker's floor (engine API create + start + wait + remove of \`true\` on the sandbox bridge), host CPU per container after each build's creates: ${out.dockerFloorHostCpuMsByRun.join(', ')} ms`,
    )
  say(`load average (1/5/15 min) at start ${load.start.join(' ')}, at end ${load.end.join(' ')}`)
  return out
}

/** BENCH_ONLY: before (BENCH_BEFORE_BUNDLE/IMAGE and/or BENCH_BEFORE_ENV) and after. */
async function focused() {
  const builds = [...(BEFORE ? [['before', BEFORE]] : []), ['after', { bundle: THIS_BUNDLE, image, env: AFTER_ENV }]]
  return { mode: 'focused', ...(await compare(ONLY, builds)) }
}

/**
 * What the fences cost (the host firewall's chains and each sandbox's flow cap): cold create →
 * first command and file transfers up to 100 MiB with SANDOCK_FIREWALL=off and with the default
 * (on), interleaved in the same run.
 */
async function fencesCost() {
  const off = 'fences off (SANDOCK_FIREWALL=off)'
  const on = 'fences on (default)'
  const out = await compare(
    ['create', 'files'],
    [
      [off, { env: { SANDOCK_FIREWALL: 'off' } }],
      [on, {}],
    ],
  )
  const a = out.builds[off]
  const b = out.builds[on]
  const ratio = (x, y) => +(y / x).toFixed(2)
  out.ratios = {
    createToFirstCommandP50: ratio(a.createToFirstCommandPoolOffMs.p50, b.createToFirstCommandPoolOffMs.p50),
    createToFirstCommandP95: ratio(a.createToFirstCommandPoolOffMs.p95, b.createToFirstCommandPoolOffMs.p95),
    write100MiBP50: ratio(a.files['100MiB'].writeMs.p50, b.files['100MiB'].writeMs.p50),
    read100MiBP50: ratio(a.files['100MiB'].readMs.p50, b.files['100MiB'].readMs.p50),
  }
  say(
    `fences on / off: cold create → first command p50 ×${out.ratios.createToFirstCommandP50}, p95 ×${out.ratios.createToFirstCommandP95}; 100 MiB write p50 ×${out.ratios.write100MiBP50}, read p50 ×${out.ratios.read100MiBP50}`,
  )
  return out
}
/**
 * Docker's own floor for a sandbox's container, host CPU (all processes) per container: `runs`
 * engine API create + start + wait + remove of `true` on the sandboxes' user-defined bridge.
 */
const dockerFloorCpuMs = (runs) => dockerFloor({ image, network: networks[0], runs })
const loadavg = () => os.loadavg().map((x) => +x.toFixed(2))

const result = {
  when: new Date().toISOString(),
  image,
  poolSize: POOL_SIZE,
  cpus: os.cpus().length,
  loadAverageAtStart: loadavg(),
}
try {
  if (ONLY.length > 0) Object.assign(result, await focused())
  else {
    // Baselines: the same image straight through the Docker CLI.
    const dockerRun = []
    for (let i = 0; i < RUNS; i++)
      dockerRun.push(await time(() => docker('run', '--rm', '--entrypoint', 'true', image)))
    quietly(() => docker('rm', '-f', execBaselineName))
    docker(
      'run',
      '-d',
      '--rm',
      '--name',
      execBaselineName,
      '--label',
      'sandock.bench=exec-baseline',
      '--entrypoint',
      'sleep',
      image,
      'infinity',
    )
    const dockerExec = []
    for (let i = 0; i < RUNS; i++) dockerExec.push(await time(() => docker('exec', execBaselineName, 'true')))
    quietly(() => docker('rm', '-f', execBaselineName))
    result.dockerRunRmTrueMs = stats(dockerRun)
    result.dockerExecTrueMs = stats(dockerExec)
    say(
      `docker run --rm true: p50 ${result.dockerRunRmTrueMs.p50} ms; docker exec true: p50 ${result.dockerExecTrueMs.p50} ms`,
    )

    // Pool off: every create is a cold start.
    await startServer(0)
    // The same baseline on the sandboxes' own network (a user-defined bridge, which gives every
    // container Docker's embedded DNS, set up by iptables in its namespace): Docker's floor for a
    // container attached as a sandbox is, before any of Sandock's work.
    const dockerRunOnNet = []
    for (let i = 0; i < RUNS; i++)
      dockerRunOnNet.push(
        await time(() => docker('run', '--rm', '--network', networks[0], '--entrypoint', 'true', image)),
      )
    result.dockerRunRmTrueOnSandboxNetworkMs = stats(dockerRunOnNet)
    say(`docker run --rm --network ${networks[0]} true: p50 ${result.dockerRunRmTrueOnSandboxNetworkMs.p50} ms`)
    result.createToFirstCommandPoolOffMs = stats(await createToFirstCommand())
    say(
      `create → first command, pool off: p50 ${result.createToFirstCommandPoolOffMs.p50} / p95 ${result.createToFirstCommandPoolOffMs.p95} / p99 ${result.createToFirstCommandPoolOffMs.p99} ms`,
    )
    await stopServer()

    // Pool on: each create finds a ready container (the run waits for the background refill first).
    await startServer(POOL_SIZE)
    await poolReady()
    result.createToFirstCommandPoolOnMs = stats(await createToFirstCommand(poolReady))
    const on = result.createToFirstCommandPoolOnMs
    say(`create → first command, pool on:  p50 ${on.p50} / p95 ${on.p95} / p99 ${on.p99} ms`)

    // Hot path through the proxy on one sandbox.
    await poolReady()
    const sbx = await create()
    const hot = { cmd: [], files: fileSamples() }
    await measureCommands(sbx, hot)
    Object.assign(result, commandSummary(hot))
    sayCommands(result)
    await measureFiles(sbx, hot.files)
    result.files = filesSummary(hot.files)
    sayFiles(result.files)

    // watchDir: from the write call (through the proxy) to the event reaching the SDK.
    await sbx.files.makeDir('watched')
    const waiting = new Map()
    const handle = await sbx.files.watchDir(
      'watched',
      (ev) => {
        const w = waiting.get(ev.name)
        if (w) {
          waiting.delete(ev.name)
          w(performance.now())
        }
      },
      { timeoutMs: 0 },
    )
    const watch = []
    for (let i = 0; i < WATCH_RUNS; i++) {
      const name = `f${i}.txt`
      const seen = new Promise((resolve) => waiting.set(name, resolve))
      const t = performance.now()
      await sbx.files.write(`watched/${name}`, 'x')
      const at = await Promise.race([seen, sleep(5000).then(() => undefined)])
      if (at === undefined) throw new Error(`no watch event for ${name}`)
      watch.push(at - t)
    }
    await handle.stop()
    result.watchDirWriteToEventMs = stats(watch)
    say(
      `watchDir write → event: p50 ${result.watchDirWriteToEventMs.p50} / p95 ${result.watchDirWriteToEventMs.p95} ms`,
    )
    await kill(sbx)

    // 50 concurrent creates (the pool serves the first few, the rest cold-start side by side).
    await poolReady()
    const outcomes = []
    const wall = await time(() =>
      Promise.all(
        Array.from({ length: CONCURRENT }, async () => {
          const t = performance.now()
          try {
            const s = await create()
            outcomes.push({ ok: true, ms: performance.now() - t })
          } catch (e) {
            outcomes.push({ ok: false, ms: performance.now() - t, error: String(e?.message ?? e).slice(0, 200) })
          }
        }),
      ),
    )
    const oks = outcomes.filter((o) => o.ok)
    result.concurrentCreates = {
      count: CONCURRENT,
      wallMs: r1(wall),
      errors: outcomes.length - oks.length,
      errorSamples: outcomes
        .filter((o) => !o.ok)
        .slice(0, 3)
        .map((o) => o.error),
      perCreateMs: oks.length ? stats(oks.map((o) => o.ms)) : undefined,
    }
    say(
      `${CONCURRENT} concurrent creates: wall ${result.concurrentCreates.wallMs} ms, errors ${result.concurrentCreates.errors}`,
    )
    await Promise.all([...created].map((s) => kill(s).catch(() => undefined)))

    // Idle memory with 20, then 100 sandboxes alive.
    const alive = []
    result.idle = []
    for (const n of IDLE) {
      const m = await idleMemory(alive, n)
      result.idle.push(m)
      say(
        `idle with ${n} sandboxes: envd RSS p50 ${m.envdRssMiB.p50} MiB (private ${m.envdPrivateMiB.p50}, anonymous ${m.envdAnonymousMiB.p50}), container total p50 ${m.containerMiB.p50} MiB → ${m.idleSandboxesIn24GiB} idle sandboxes in 24 GiB`,
      )
    }
    await Promise.all([...created].map((s) => kill(s).catch(() => undefined)))

    // Pause/resume latency: an idle sandbox and one holding 1 GiB, with memory kept and without.
    result.pauseResume = {}
    for (const [label, holdGiB] of [
      ['idle', 0],
      ['holding1GiB', 1],
    ]) {
      const s = await create()
      if (holdGiB) {
        await s.commands.run(
          `python3 -c "b=bytearray(${holdGiB}<<30); b[::4096]=b'x'*len(b[::4096]); import time; time.sleep(3600)"`,
          { background: true, timeoutMs: 0 },
        )
        await sleep(3000)
      }
      for (const keepMemory of [true, false]) {
        const pause = []
        const resume = []
        for (let i = 0; i < PAUSE_RUNS; i++) {
          pause.push(await time(() => s.pause({ keepMemory })))
          resume.push(await time(async () => (await Sandbox.connect(s.sandboxId, opts)).commands.run('true')))
          if (!keepMemory && holdGiB) break // a reboot frees the memory: later runs would hold none
        }
        result.pauseResume[`${label}.${keepMemory ? 'memory' : 'filesystem'}`] = {
          pauseMs: stats(pause),
          resumeToFirstCommandMs: stats(resume),
        }
      }
    }
    for (const [k, v] of Object.entries(result.pauseResume))
      say(
        `pause/resume ${k}: pause p50 ${v.pauseMs.p50} ms, resume → first command p50 ${v.resumeToFirstCommandMs.p50} ms`,
      )

    const run = result.dockerRunRmTrueMs.p50
    const exec = result.dockerExecTrueMs.p50
    const off = result.createToFirstCommandPoolOffMs.p50
    result.ratios = {
      poolOnVsDockerRun: ratio(on.p50, run),
      poolOnVsDockerExec: ratio(on.p50, exec),
      poolOffVsDockerRun: ratio(off, run),
      poolOffVsDockerExec: ratio(off, exec),
      poolOffVsDockerRunOnSandboxNetwork: ratio(off, result.dockerRunRmTrueOnSandboxNetworkMs.p50),
      poolOnVsPoolOff: ratio(on.p50, off),
      commandVsDockerExec: ratio(result.commandRoundTripMs.p50, exec),
      commandVsSpawnTrue: ratio(result.commandRoundTripMs.p50, result.commandBaselines.spawnTrueMs.p50),
      // Not measured here: E2B's cloud, API call → first command, median ~490 ms (independent measurement).
      poolOnVsE2bCloud490: ratio(on.p50, 490),
    }
    say(
      '\nratios (p50): ' +
        Object.entries(result.ratios)
          .map(([k, v]) => `${k} x${v}`)
          .join(', '),
    )
    if (process.env.BENCH_FENCES !== '0') {
      say('\nfences cost (SANDOCK_FIREWALL=off against the default, interleaved):')
      result.fences = await fencesCost()
    }
  }
  result.loadAverageAtEnd = loadavg()
  const out = join(
    root,
    'bench',
    'results',
    `control-${ONLY.length ? 'focused-' : ''}${result.when.replace(/[:.]/g, '-')}.json`,
  )
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, JSON.stringify(result, null, 2) + '\n')
  say(`results: ${out}`)
} finally {
  await stopServer().catch((e) => console.error('cleanup failed:', e))
  quietly(() => docker('rm', '-f', execBaselineName))
  for (const n of networks) quietly(() => docker('network', 'rm', n))
}
