// Memory on disk (`npm run bench`): pause and resume of sandboxes under gVisor's own network stack
// (SANDOCK_RUNTIME=runsc-netstack), whose memory pause writes the memory to disk (docker checkpoint)
// and stops the container, against the default runtime's memory pause (runc: the cgroup freezer, the
// memory stays in RAM) measured in the same run. For an idle sandbox and one whose process holds
// BENCH_MOD_HOLD_MIB (256) MiB of random bytes (incompressible), BENCH_MOD_RUNS (5) rounds each:
// - pause latency (SDK pause() → answer), resume → first command (Sandbox.connect + commands.run);
// - disk per paused sandbox (the checkpoint's size) and host RAM it keeps (the container's memory
//   use while paused: 0 when stopped);
// - host CPU per pause + resume cycle (all processes, /proc/stat);
// - once per case: the restore after the server was killed (SIGKILL) and started again;
// - BENCH_MOD_FORK_RUNS (3) forks of one: fork() → the fork's first command, whether the fork kept
//   the source's process (under runsc-netstack it should; runc's forks boot its filesystem), the
//   disk its snapshot's memory takes, and the source's first command after it.
// Every round checks that the process and its memory came back (same pid, same in-memory secret):
// a resume that rebooted fails the bench instead of being timed. Skipped (exit 0, says why) when
// Docker has no runsc-netstack runtime (.ci/ensure-runsc.sh registers it). Writes
// bench/results/memory-on-disk-<timestamp>.json. Removes its sandboxes, networks and data dirs.
// Ports: BENCH_MOD_API_PORT (3520) and +2.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Sandbox } from 'e2b'
import { startServe } from '../test/support/serve-process.mjs'
import { hostBusyS } from './host-cpu.mjs'
import { stats } from './stats.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const num = (name, fallback) => Number(process.env[name] ?? fallback)
const RUNS = num('BENCH_MOD_RUNS', 5)
const HOLD_MIB = num('BENCH_MOD_HOLD_MIB', 256)
const FORK_RUNS = num('BENCH_MOD_FORK_RUNS', 3)
const apiPort = num('BENCH_MOD_API_PORT', 3520)
const proxyPort = apiPort + 2
const NETSTACK = 'runsc-netstack'
const apiKey = 'e2b_00benchmod00'
const opts = { apiKey, apiUrl: `http://127.0.0.1:${apiPort}`, sandboxUrl: `http://127.0.0.1:${proxyPort}` }
const networks = [`sandock-bench-${apiPort}`, `sandock-bench-${apiPort}-internal`]
const say = (s) => console.log(`[memory-on-disk] ${s}`)
const docker = (...args) => execFileSync('docker', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
const quietly = (f) => {
  try {
    return f()
  } catch {
    return undefined
  }
}
const time = async (f) => {
  const t = performance.now()
  await f()
  return performance.now() - t
}
const mib = (bytes) => +(bytes / 2 ** 20).toFixed(1)

if (!docker('info', '--format', '{{json .Runtimes}}').includes(`"${NETSTACK}"`)) {
  say(`skipped: Docker has no ${NETSTACK} runtime (bash .ci/ensure-runsc.sh registers it)`)
  process.exit(0)
}

let server
let dataDir

async function startServer(runtime) {
  dataDir ??= mkdtempSync(join(tmpdir(), 'sandock-bench-mod-'))
  server = await startServe({
    apiUrl: opts.apiUrl,
    apiKey,
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
      SANDOCK_POOL_SIZE: '0..0',
      SANDOCK_POOL_SIZES: 'code-interpreter-v1=0',
      SANDOCK_BUILD_BUILTINS: 'off',
      ...(runtime ? { SANDOCK_RUNTIME: runtime } : {}),
    },
  })
}

async function stopServer() {
  if (!server) return
  await server.stop()
  server = undefined
}

/** The sandbox's container (id) by the label the server gives it. */
const containerOf = (sandboxId) =>
  docker('ps', '-aq', '--no-trunc', '--filter', `label=sandock.sandbox-id=${sandboxId}`).trim().split('\n')[0]

/** Bytes under the container's checkpoints (what a paused sandbox keeps on disk). */
function checkpointBytes(containerId) {
  const out = quietly(() =>
    execFileSync('du', ['-sb', `/var/lib/docker/containers/${containerId}/checkpoints`], { encoding: 'utf8' }),
  )
  return out ? Number(out.split(/\s/)[0]) : 0
}

/** The container's memory use (bytes) while paused: 0 when it is stopped. */
function ramBytes(containerId) {
  const running = docker('inspect', '-f', '{{.State.Running}}', containerId).trim() === 'true'
  if (!running) return 0
  const usage = docker('stats', '--no-stream', '--format', '{{.MemUsage}}', containerId).split('/')[0].trim()
  const m = /^([\d.]+)\s*([KMG]i?B|B)$/.exec(usage)
  if (!m) return Number.NaN
  const unit = { B: 1, KiB: 2 ** 10, MiB: 2 ** 20, GiB: 2 ** 30, kB: 1e3, MB: 1e6, GB: 1e9 }[m[2]] ?? 1
  return Number(m[1]) * unit
}

// A process holding `hold` MiB of random bytes (the worst case for the checkpoint's compression) and
// a secret that exists only in its memory, which it writes out on SIGUSR1. No TCP in the sandbox: a
// connection closed in the last 60 s (TIME_WAIT) makes runsc refuse the save, and the pause then
// freezes the sandbox in RAM and writes it out later (test/control/memory-on-disk.test.ts).
const HOLDER = (hold) => `python3 -c '
import os, secrets, signal, time
b = os.urandom(${hold} << 20)
token = secrets.token_hex(16)
def dump(*a):
    open("/tmp/secret.next", "w").write(token); os.rename("/tmp/secret.next", "/tmp/secret.out")
signal.signal(signal.SIGUSR1, dump)
open("/tmp/holder.pid", "w").write(str(os.getpid()))
while True: time.sleep(3600)'`

/** Bytes of the memory kept with snapshot `snapshotId` (its volume), 0 without one. */
function keptMemoryBytes(snapshotId) {
  const dir = quietly(() => docker('volume', 'inspect', '-f', '{{.Mountpoint}}', `sandock-memory-${snapshotId}`).trim())
  const out = dir && quietly(() => execFileSync('du', ['-sb', dir], { encoding: 'utf8' }))
  return out ? Number(out.split(/\s/)[0]) : 0
}

/** Forks of one: fork() → its first command, whether it kept the process, its memory's disk, the source's first command after. */
async function measureForks(sbx, want) {
  const fork = []
  const sourceBack = []
  const disk = []
  let kept = 0
  for (let i = 0; i < FORK_RUNS; i++) {
    let child
    fork.push(
      await time(async () => {
        const [f] = await sbx.fork({ count: 1 })
        if (f instanceof Error) throw f
        child = f
        await child.commands.run('true')
      }),
    )
    try {
      sourceBack.push(await time(() => sbx.commands.run('true')))
      disk.push(keptMemoryBytes((await child.getInfo()).templateId))
      const got = await Promise.race([state(child), new Promise((r) => setTimeout(() => r({}), 15_000))])
      if (got.secret === want.secret && got.pid === want.pid) kept++
    } finally {
      await child.kill().catch(() => undefined)
    }
  }
  return {
    forksKeptProcess: `${kept}/${FORK_RUNS}`,
    forkToFirstCommandMs: stats(fork),
    sourceFirstCommandAfterForkMs: stats(sourceBack),
    forkMemoryOnDiskMiB: stats(disk.map(mib)),
  }
}

/** The secret and the holder's pid, asked of the process (a reboot would have neither). */
async function state(sbx) {
  const r = await sbx.commands.run(
    'for i in $(seq 100); do [ -s /tmp/holder.pid ] && break; sleep 0.1; done; rm -f /tmp/secret.out; kill -USR1 "$(cat /tmp/holder.pid)" && for i in $(seq 100); do [ -s /tmp/secret.out ] && break; sleep 0.1; done; cat /tmp/secret.out; echo; cat /tmp/holder.pid',
  )
  const [secret, pid] = r.stdout.trim().split('\n')
  return { secret, pid }
}

async function measureCase(runtime, label, hold) {
  const sbx = await Sandbox.create({ ...opts, timeoutMs: 600_000 })
  try {
    await (await sbx.commands.run(HOLDER(hold), { background: true, timeoutMs: 0 })).disconnect()
    const want = await state(sbx)
    if (!/^[0-9a-f]{32}$/.test(want.secret))
      throw new Error(`${label}: the holder did not start (${JSON.stringify(want)})`)
    const containerId = containerOf(sbx.sandboxId)
    const pause = []
    const resume = []
    const disk = []
    const ram = []
    let onDisk = 0
    const busy0 = hostBusyS()
    for (let i = 0; i < RUNS; i++) {
      pause.push(await time(() => sbx.pause()))
      disk.push(checkpointBytes(containerId))
      ram.push(ramBytes(containerId))
      if (ram.at(-1) === 0 && disk.at(-1) > 2 ** 20) onDisk++
      let again
      resume.push(
        await time(async () => {
          again = await Sandbox.connect(sbx.sandboxId, { ...opts, timeoutMs: 600_000 })
          await again.commands.run('true')
        }),
      )
      const got = await state(again)
      if (got.secret !== want.secret || got.pid !== want.pid)
        throw new Error(
          `${runtime} ${label}: round ${i + 1} lost the process or its memory (${JSON.stringify({ want, got })})`,
        )
    }
    const cpuMsPerCycle = +(((hostBusyS() - busy0) * 1000) / RUNS).toFixed(0)
    const forks = await measureForks(sbx, want)
    // Across a server crash: pause, SIGKILL the server, start it again, resume.
    await sbx.pause()
    await server.stop('SIGKILL')
    await startServer(runtime)
    let afterCrash
    const restoreAfterCrash = await time(async () => {
      afterCrash = await Sandbox.connect(sbx.sandboxId, { ...opts, timeoutMs: 600_000 })
      await afterCrash.commands.run('true')
    })
    const kept = await state(afterCrash)
    const r = {
      pausesWrittenToDisk: `${onDisk}/${RUNS}`,
      pauseMs: stats(pause),
      resumeToFirstCommandMs: stats(resume),
      diskPerPausedMiB: stats(disk.map(mib)),
      ramWhilePausedMiB: stats(ram.map(mib)),
      hostCpuMsPerPauseResume: cpuMsPerCycle,
      resumeAfterServerKillMs: +restoreAfterCrash.toFixed(1),
      memoryKeptAfterServerKill: kept.secret === want.secret && kept.pid === want.pid,
      ...forks,
    }
    say(
      `${runtime.padEnd(14)} ${label.padEnd(12)} memory on disk in ${r.pausesWrittenToDisk} pauses; pause p50 ${r.pauseMs.p50} ms (p95 ${r.pauseMs.p95}), resume → first command p50 ${r.resumeToFirstCommandMs.p50} ms (p95 ${r.resumeToFirstCommandMs.p95}), on disk ${r.diskPerPausedMiB.p50} MiB, in RAM ${r.ramWhilePausedMiB.p50} MiB, host CPU ${cpuMsPerCycle} ms per cycle; after a server SIGKILL: resume ${r.resumeAfterServerKillMs} ms, memory kept: ${r.memoryKeptAfterServerKill}`,
    )
    say(
      `${runtime.padEnd(14)} ${label.padEnd(12)} forks keeping the process: ${r.forksKeptProcess}; fork → first command p50 ${r.forkToFirstCommandMs.p50} ms (p95 ${r.forkToFirstCommandMs.p95}), the source's next command ${r.sourceFirstCommandAfterForkMs.p50} ms, its memory on disk ${r.forkMemoryOnDiskMiB.p50} MiB`,
    )
    return r
  } finally {
    await sbx.kill().catch(() => undefined)
  }
}

const result = { runs: RUNS, holdMiB: HOLD_MIB, runtimes: {} }
try {
  for (const [name, runtime] of [
    ['runc (memory in RAM)', undefined],
    [`${NETSTACK} (memory on disk)`, NETSTACK],
  ]) {
    await startServer(runtime)
    result.runtimes[name] = {
      idle: await measureCase(runtime ?? 'runc', 'idle', 0),
      [`holding${HOLD_MIB}MiB`]: await measureCase(runtime ?? 'runc', `${HOLD_MIB} MiB`, HOLD_MIB),
    }
    await stopServer()
  }
  const [ram, disk] = Object.values(result.runtimes)
  const ratio = (a, b) => +(a / b).toFixed(2)
  result.ratios = {}
  for (const k of Object.keys(ram))
    result.ratios[k] = {
      pauseP50OnDiskVsRam: ratio(disk[k].pauseMs.p50, ram[k].pauseMs.p50),
      resumeP50OnDiskVsRam: ratio(disk[k].resumeToFirstCommandMs.p50, ram[k].resumeToFirstCommandMs.p50),
      hostCpuOnDiskVsRam: ratio(disk[k].hostCpuMsPerPauseResume, ram[k].hostCpuMsPerPauseResume),
      forkP50WithMemoryVsFilesystem: ratio(disk[k].forkToFirstCommandMs.p50, ram[k].forkToFirstCommandMs.p50),
    }
  for (const [k, v] of Object.entries(result.ratios))
    say(
      `${k}: on disk vs in RAM: pause ×${v.pauseP50OnDiskVsRam}, resume ×${v.resumeP50OnDiskVsRam}, host CPU ×${v.hostCpuOnDiskVsRam}; a fork keeping processes vs runc's filesystem fork ×${v.forkP50WithMemoryVsFilesystem}`,
    )
  mkdirSync(join(root, 'bench', 'results'), { recursive: true })
  const file = join(root, 'bench', 'results', `memory-on-disk-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, JSON.stringify(result, null, 2))
  say(`wrote ${file}`)
} finally {
  await stopServer().catch(() => undefined)
  for (const n of networks) {
    const ids = (quietly(() => docker('ps', '-aq', '--filter', `network=${n}`)) ?? '').split('\n').filter(Boolean)
    if (ids.length) quietly(() => docker('rm', '-f', '-v', ...ids))
    quietly(() => docker('network', 'rm', n))
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
}
