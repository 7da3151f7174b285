// Control-plane benchmarks (`npm run bench`): Sandbox.create() → first commands.run('echo ok')
// with the official SDK against `sandock serve`, beside raw `docker run --rm` of the same image
// measured in the same run; then idle memory per sandbox (envd RSS, container total) with 20
// sandboxes alive; pause/resume latency (memory kept and filesystem-only) for an idle sandbox and
// one holding 1 GiB. Prints medians and ratios; writes bench/results/control-<timestamp>.json.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Sandbox } from 'e2b'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const RUNS = Number(process.env.BENCH_CREATE_RUNS ?? 20)
const IDLE = Number(process.env.BENCH_IDLE_SANDBOXES ?? 20)
const image = process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest'
const docker = (...args) => execFileSync('docker', args, { encoding: 'utf8', maxBuffer: 64 << 20 }).trim()
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]
const stats = (xs) => ({ n: xs.length, p50: +pct(xs, 50).toFixed(1), p95: +pct(xs, 95).toFixed(1) })

execFileSync(process.execPath, [join(root, 'scripts/build-image.mjs')], { stdio: 'inherit' })

// Baseline: the same image, straight through the Docker CLI.
const dockerRun = []
for (let i = 0; i < RUNS; i++) {
  const t = performance.now()
  docker('run', '--rm', '--entrypoint', 'true', image)
  dockerRun.push(performance.now() - t)
}

const dataDir = mkdtempSync(join(tmpdir(), 'sandock-bench-'))
const apiKey = 'e2b_00bench00'
const apiPort = 3500
const proxyPort = 3502
const server = spawn(process.execPath, [join(root, 'dist/image/sandock.mjs'), 'serve'], {
  env: { ...process.env, SANDOCK_API_KEYS: apiKey, SANDOCK_API_PORT: String(apiPort), SANDOCK_PROXY_PORT: String(proxyPort),
    SANDOCK_HOST: '127.0.0.1', SANDOCK_DATA_DIR: dataDir, SANDOCK_LOG_LEVEL: 'warn', SANDOCK_DEFAULT_MEMORY_MB: '2048', SANDOCK_NETWORK: 'sandock-bench', SANDOCK_INTERNAL_NETWORK: 'sandock-bench-internal' },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const opts = { apiKey, apiUrl: `http://127.0.0.1:${apiPort}`, sandboxUrl: `http://127.0.0.1:${proxyPort}` }
const created = []
try {
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${opts.apiUrl}/health`).then((r) => r.status === 200, () => false)) break
    await new Promise((r) => setTimeout(r, 200))
  }
  const createToFirst = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    const sbx = await Sandbox.create(opts)
    const res = await sbx.commands.run('echo ok')
    createToFirst.push(performance.now() - t)
    if (res.stdout !== 'ok\n') throw new Error(`unexpected output ${JSON.stringify(res.stdout)}`)
    await sbx.kill()
  }

  // Pause/resume latency: an idle sandbox and one holding 1 GiB, with memory kept and without.
  const PAUSE_RUNS = Number(process.env.BENCH_PAUSE_RUNS ?? 5)
  const pauseResume = {}
  for (const [label, holdGiB] of [['idle', 0], ['holding1GiB', 1]]) {
    const sbx = await Sandbox.create(opts)
    created.push(sbx)
    if (holdGiB) {
      await sbx.commands.run(`python3 -c "b=bytearray(${holdGiB}<<30); b[::4096]=b'x'*len(b[::4096]); import time; time.sleep(3600)"`, { background: true, timeoutMs: 0 })
      await new Promise((r) => setTimeout(r, 3000))
    }
    for (const keepMemory of [true, false]) {
      const pause = []
      const resume = []
      for (let i = 0; i < PAUSE_RUNS; i++) {
        let t = performance.now()
        await sbx.pause({ keepMemory })
        pause.push(performance.now() - t)
        t = performance.now()
        const back = await Sandbox.connect(sbx.sandboxId, opts)
        await back.commands.run('true')
        resume.push(performance.now() - t)
        if (!keepMemory && holdGiB) break // a reboot frees the memory: later runs would hold none
      }
      pauseResume[`${label}.${keepMemory ? 'memory' : 'filesystem'}`] = { pauseMs: stats(pause), resumeToFirstCommandMs: stats(resume) }
    }
  }

  // Idle memory with IDLE sandboxes alive at once.
  const idle = await Promise.all(Array.from({ length: IDLE }, () => Sandbox.create(opts)))
  created.push(...idle)
  await new Promise((r) => setTimeout(r, 3000))
  const envdRssKiB = []
  for (const sbx of idle) {
    // The oldest process running envd's own Node is envd (PID 1 is Docker's init).
    const out = await sbx.commands.run("ps -o rss= -p \"$(pgrep -o -f '^/opt/sandock/bin/node')\"", { user: 'root' })
    envdRssKiB.push(Number(out.stdout.trim()))
  }
  const names = idle.map((s) => `sandock-${s.sandboxId}`)
  const memMiB = docker('stats', '--no-stream', '--format', '{{.MemUsage}}', ...names).split('\n').map((l) => {
    const [used] = l.split('/')
    const m = /([\d.]+)\s*([KMG]i?B)/.exec(used)
    const f = { KiB: 1 / 1024, KB: 1 / 1024, MiB: 1, MB: 1, GiB: 1024, GB: 1024 }[m[2]] ?? 1
    return Number(m[1]) * f
  })

  const c = stats(createToFirst)
  const d = stats(dockerRun)
  const result = {
    when: new Date().toISOString(),
    runs: RUNS,
    createToFirstCommandMs: c,
    dockerRunRmTrueMs: d,
    ratioP50: +(c.p50 / d.p50).toFixed(2),
    pauseResume,
    idle: {
      sandboxes: IDLE,
      envdRssMiB: stats(envdRssKiB.map((k) => k / 1024)),
      containerMiB: stats(memMiB),
    },
  }
  console.log(`create → first command: p50 ${c.p50} ms, p95 ${c.p95} ms; docker run --rm true: p50 ${d.p50} ms, p95 ${d.p95} ms (x${result.ratioP50})`)
  for (const [k, v] of Object.entries(pauseResume)) {
    console.log(`pause/resume ${k}: pause p50 ${v.pauseMs.p50} ms, resume → first command p50 ${v.resumeToFirstCommandMs.p50} ms`)
  }
  console.log(`idle with ${IDLE} sandboxes: envd RSS p50 ${result.idle.envdRssMiB.p50} MiB, container total p50 ${result.idle.containerMiB.p50} MiB`)
  const out = join(root, 'bench', 'results', `control-${result.when.replace(/[:.]/g, '-')}.json`)
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, JSON.stringify(result, null, 2) + '\n')
  console.log(`results: ${out}`)
} finally {
  await Promise.all(created.map((s) => s.kill().catch(() => undefined)))
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
  rmSync(dataDir, { recursive: true, force: true })
  for (const n of ['sandock-bench', 'sandock-bench-internal']) {
    try {
      docker('network', 'rm', n)
    } catch {
      // still in use or gone
    }
  }
}
