// envd benchmarks (`npm run bench`): the official SDK against envd in the real base image, each
// number beside a baseline taken in the same run:
//   - command round trip: SDK commands.run('true') and a raw Process.Start of /bin/true, against
//     child_process.spawn of /bin/true and of `bash -l -c true` (what commands.run executes) inside
//     the same container; p50/p95, plus the CPU each command costs envd and the whole container;
//   - envd start: exec → /health answering, inside a container (wall and envd's CPU), against
//     `docker run --rm <base> true`;
//   - idle memory: fresh sandbox-like containers (/init with a token, one command, /metrics, then
//     idle): envd's RSS, private and anonymous memory, and the container's memory (cgroup usage
//     minus inactive file cache, as `docker stats` counts it), with how many fit in 24 GiB;
//   - file write+read of 1 MiB and 100 MiB through /files, against node:fs on the same disk.
// Prints the numbers and writes bench/results/envd-<timestamp>.json. Knobs: BENCH_RUNS (200),
// BENCH_FILE_RUNS (5), BENCH_START_RUNS (30), BENCH_IDLE_CONTAINERS (5), SANDOCK_BASE_TEMPLATE_IMAGE,
// BENCH_BUILD_IMAGE=0 (measure that image as it is, e.g. one built from an older commit).
import { execFileSync } from 'node:child_process'
import http from 'node:http'
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Sandbox } from 'e2b'
import { createClient } from '@connectrpc/connect'
import { createConnectTransport } from '@connectrpc/connect-node'
import { stats as summarise } from './stats.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const { Process } = await import(join(root, 'dist/gen/process/process_pb.js'))
const RUNS = Number(process.env.BENCH_RUNS ?? 200)
const FILE_RUNS = Number(process.env.BENCH_FILE_RUNS ?? 5)
const START_RUNS = Number(process.env.BENCH_START_RUNS ?? 30)
const IDLE_CONTAINERS = Number(process.env.BENCH_IDLE_CONTAINERS ?? 5)
const MiB = 1 << 20

const docker = (...args) => execFileSync('docker', args, { encoding: 'utf8', maxBuffer: 64 << 20 }).trim()
const stats = (xs) => summarise(xs, 3)
const r3 = (x) => +x.toFixed(3)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
async function time(n, fn) {
  const out = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await fn(i)
    out.push(performance.now() - t)
  }
  return out
}
const ipOf = (id) => docker('inspect', '-f', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', id)
async function healthy(url) {
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${url}/health`).then(
        (r) => r.status === 204,
        () => false,
      )
    )
      return
    await sleep(50)
  }
  throw new Error(`envd at ${url} did not answer /health`)
}

/** CPU time (ns) of a host pid's threads, and of a container's cgroup; undefined where not readable. */
function threadsCpuNs(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).reduce(
      (s, t) => s + Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]),
      0,
    )
  } catch {
    return undefined
  }
}
function cgroupCpuNs(id) {
  for (const p of [
    `/sys/fs/cgroup/cpuacct/docker/${id}/cpuacct.usage`,
    `/sys/fs/cgroup/system.slice/docker-${id}.scope/cpu.stat`,
  ]) {
    try {
      const text = readFileSync(p, 'utf8')
      return p.endsWith('cpu.stat') ? Number(/usage_usec (\d+)/.exec(text)[1]) * 1000 : Number(text)
    } catch {
      /* the other cgroup layout */
    }
  }
  return undefined
}

// Baselines run by the container's own Node, on the container's filesystem.
const BASELINE = `
const { spawn } = require('node:child_process'); const fs = require('node:fs/promises');
const runs = ${RUNS}, fileRuns = ${FILE_RUNS};
const t = async (n, fn) => { const o = []; for (let i = 0; i < n; i++) { const s = performance.now(); await fn(); o.push(performance.now() - s) } return o };
const sp = (cmd, args) => new Promise((r) => spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).on('close', r));
(async () => {
  const out = { spawnTrue: await t(runs, () => sp('/bin/true', [])), spawnBash: await t(runs, () => sp('/bin/bash', ['-l', '-c', 'true'])) };
  for (const mib of [1, 100]) {
    const buf = Buffer.alloc(mib << 20, 7);
    out['fs' + mib] = await t(fileRuns, async () => { await fs.writeFile('/home/user/bench-fs.bin', buf); await fs.readFile('/home/user/bench-fs.bin') });
  }
  await fs.rm('/home/user/bench-fs.bin');
  process.stdout.write(JSON.stringify(out));
})();`

// envd started the way the image starts it (its ENTRYPOINT), START_RUNS times: exec → /health
// answering (polled every 2 ms), and the CPU its threads used by then. Runs inside a container.
const startProbe = (argv) => `
const { spawn } = require('node:child_process'); const http = require('node:http'); const fs = require('node:fs');
const argv = ${JSON.stringify(argv)}, runs = ${START_RUNS};
const get = (port) => new Promise((r) => { const q = http.get({ host: '127.0.0.1', port, path: '/health', agent: false }, (res) => { res.resume(); r(res.statusCode) }); q.on('error', () => r(0)) });
const cpuMs = (pid) => fs.readdirSync('/proc/' + pid + '/task').reduce((s, t) => { try { return s + Number(fs.readFileSync('/proc/' + pid + '/task/' + t + '/schedstat', 'utf8').split(' ')[0]) } catch { return s } }, 0) / 1e6;
(async () => {
  const wall = [], cpu = [];
  for (let i = 0; i < runs; i++) {
    const port = 30000 + i, t = performance.now();
    const c = spawn(argv[0], [...argv.slice(1), '--port', String(port), '--log-level', 'warn'], { stdio: 'inherit' });
    while ((await get(port)) !== 204) await new Promise((r) => setTimeout(r, 2));
    wall.push(performance.now() - t); cpu.push(cpuMs(c.pid));
    c.kill('SIGKILL'); await new Promise((r) => c.on('exit', r));
  }
  process.stdout.write(JSON.stringify({ wall, cpu }));
})();`

/** A Connect server-stream request body: one envelope (flags 0, big-endian length) of JSON. */
function envelope(msg) {
  const body = Buffer.from(JSON.stringify(msg))
  const head = Buffer.alloc(5)
  head.writeUInt32BE(body.length, 1)
  return Buffer.concat([head, body])
}

/** Fresh containers set up like an idle sandbox, measured after envd's idle memory reducer ran. */
async function idleMemory(image) {
  const ids = []
  try {
    for (let i = 0; i < IDLE_CONTAINERS; i++)
      ids.push(docker('run', '-d', '--init', '--label', 'sandock.bench=envd', '--memory', '1g', image))
    for (const id of ids) {
      const url = `http://${ipOf(id)}:49983`
      await healthy(url)
      const headers = { 'x-access-token': 'bench-token' }
      await fetch(`${url}/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accessToken: 'bench-token', envVars: { A: 'b' } }),
      })
      const run = await fetch(`${url}/process.Process/Start`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/connect+json' },
        body: envelope({ process: { cmd: '/bin/true' }, stdin: false }),
      })
      if (!(await run.text()).includes('"end"')) throw new Error('the idle setup command did not end')
      await fetch(`${url}/metrics`, { headers }).then((r) => r.text())
    }
    await sleep(4000)
    const rows = ids.map((id) => {
      const smaps = docker('exec', id, 'sh', '-c', "cat /proc/$(pgrep -o -f '^/opt/sandock/bin/node')/smaps_rollup")
      const kib = (k) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(smaps)?.[1] ?? NaN) / 1024
      // cgroup v1 (usage minus total_inactive_file) or v2 (memory.current minus inactive_file).
      const cg = docker(
        'exec',
        id,
        'sh',
        '-c',
        'cat /sys/fs/cgroup/memory/memory.usage_in_bytes /sys/fs/cgroup/memory/memory.stat 2>/dev/null || (cat /sys/fs/cgroup/memory.current; cat /sys/fs/cgroup/memory.stat)',
      )
      const [usage] = cg.split('\n')
      const inactive = Number(/^(?:total_)?inactive_file (\d+)$/m.exec(cg)?.[1] ?? 0)
      return {
        rss: kib('Rss'),
        anonymous: kib('Anonymous'),
        private: kib('Private_Clean') + kib('Private_Dirty'),
        pss: kib('Pss'),
        container: (Number(usage) - inactive) / MiB,
      }
    })
    const col = (k) => stats(rows.map((r) => r[k]))
    const container = col('container')
    return {
      containers: rows.length,
      envdRssMiB: col('rss'),
      envdAnonymousMiB: col('anonymous'),
      envdPrivateMiB: col('private'),
      envdPssMiB: col('pss'),
      containerMiB: container,
      // Only the container's own memory counts: the image's files are shared page cache.
      idleSandboxesIn24GiB: Math.floor((24 * 1024) / container.p50),
    }
  } finally {
    if (ids.length) docker('rm', '-f', ...ids)
  }
}

if (process.env.BENCH_BUILD_IMAGE !== '0')
  execFileSync(process.execPath, [join(root, 'scripts/build-image.mjs')], { stdio: 'inherit' })
const image = process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest'
const id = docker('run', '-d', '--init', '--label', 'sandock.bench=envd', '--cpus', '2', '--memory', '2g', image)
try {
  const url = `http://${ipOf(id)}:49983`
  await healthy(url)
  const fullId = docker('inspect', '-f', '{{.Id}}', id)
  const envdPid = Number(docker('inspect', '-f', '{{.State.Pid}}', id)) // docker-init; envd is its child
  const envdHostPid =
    Number(readFileSync(`/proc/${envdPid}/task/${envdPid}/children`, 'utf8').trim().split(' ')[0]) || undefined
  const baseline = JSON.parse(docker('exec', id, '/opt/sandock/bin/node', '-e', BASELINE))

  const sbx = await Sandbox.create({ debug: true, sandboxUrl: url })
  const rpc = createClient(Process, createConnectTransport({ baseUrl: url, httpVersion: '1.1' }))
  for (let i = 0; i < 20; i++) await sbx.commands.run('true') // warm-up
  const cpu0 = { envd: threadsCpuNs(envdHostPid), container: cgroupCpuNs(fullId) }
  const sdkRun = await time(RUNS, () => sbx.commands.run('true'))
  const cpu1 = { envd: threadsCpuNs(envdHostPid), container: cgroupCpuNs(fullId) }
  const rpcStart = await time(RUNS, async () => {
    for await (const _ of rpc.start({ process: { cmd: '/bin/true' }, stdin: false })) void _
  })
  const cpu2 = { envd: threadsCpuNs(envdHostPid), container: cgroupCpuNs(fullId) }
  const perCommandMs = (a, b, k) => (a[k] === undefined || b[k] === undefined ? null : r3((b[k] - a[k]) / 1e6 / RUNS))

  const files = {}
  for (const mib of [1, 100]) {
    const data = new Uint8Array(mib << 20).fill(7)
    const path = `/home/user/bench-${mib}.bin`
    files[mib] = await time(FILE_RUNS, async () => {
      await sbx.files.write(path, data)
      const back = await sbx.files.read(path, { format: 'bytes' })
      if (back.length !== data.length) throw new Error(`read ${back.length} bytes, wrote ${data.length}`)
    })
  }

  // The same bytes over plain HTTP (octet-stream up, identity down), without the SDK's client-side
  // work (FormData, Blob copies): what the server itself sustains.
  const rawFiles = {}
  for (const mib of [1, 100]) {
    const data = Buffer.alloc(mib << 20, 7)
    const path = `/home/user/bench-raw-${mib}.bin`
    rawFiles[mib] = await time(FILE_RUNS, async () => {
      await new Promise((resolve, reject) => {
        const req = http.request(
          `${url}/files?path=${encodeURIComponent(path)}`,
          { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-length': data.length } },
          (res) => {
            res.resume()
            res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`upload ${res.statusCode}`))))
          },
        )
        req.on('error', reject)
        req.end(data)
      })
      const got = await new Promise((resolve, reject) => {
        http
          .get(`${url}/files?path=${encodeURIComponent(path)}`, (res) => {
            let n = 0
            res.on('data', (c) => (n += c.length))
            res.on('end', () => resolve(n))
            res.on('error', reject)
          })
          .on('error', reject)
      })
      if (got !== data.length) throw new Error(`raw read ${got} bytes, wrote ${data.length}`)
    })
  }

  // envd's start inside the container, and Docker's floor for a container, in the same run.
  const entrypoint = JSON.parse(docker('inspect', '-f', '{{json .Config.Entrypoint}}', image))
  const start = JSON.parse(docker('exec', id, '/opt/sandock/bin/node', '-e', startProbe(entrypoint)))
  const dockerRun = await time(Math.min(START_RUNS, 20), () => docker('run', '--rm', '--entrypoint', 'true', image))
  const memory = await idleMemory(image)

  const b = { spawnTrue: stats(baseline.spawnTrue), spawnBash: stats(baseline.spawnBash) }
  const result = {
    when: new Date().toISOString(),
    image,
    runs: RUNS,
    fileRuns: FILE_RUNS,
    command: {
      baselineSpawnTrueMs: b.spawnTrue,
      baselineSpawnBashLoginMs: b.spawnBash,
      rpcStartTrueMs: stats(rpcStart),
      sdkRunTrueMs: stats(sdkRun),
      rpcOverheadP50Ms: r3(stats(rpcStart).p50 - b.spawnTrue.p50),
      sdkOverheadVsSpawnTrueP50Ms: r3(stats(sdkRun).p50 - b.spawnTrue.p50),
      sdkOverheadVsBashP50Ms: r3(stats(sdkRun).p50 - b.spawnBash.p50),
      ratioRpcVsSpawn: +(stats(rpcStart).p50 / b.spawnTrue.p50).toFixed(2),
      ratioSdkVsBash: +(stats(sdkRun).p50 / b.spawnBash.p50).toFixed(2),
      // CPU per command (ns from /proc and the cgroup, so load on the host hardly moves them).
      envdCpuMsPerSdkRun: perCommandMs(cpu0, cpu1, 'envd'),
      envdCpuMsPerRpcStart: perCommandMs(cpu1, cpu2, 'envd'),
      containerCpuMsPerSdkRun: perCommandMs(cpu0, cpu1, 'container'),
      containerCpuMsPerRpcStart: perCommandMs(cpu1, cpu2, 'container'),
    },
    start: {
      envdExecToHealthMs: stats(start.wall),
      envdCpuMsAtHealth: stats(start.cpu),
      dockerRunRmTrueMs: stats(dockerRun),
      ratioEnvdStartVsDockerRun: +(stats(start.wall).p50 / stats(dockerRun).p50).toFixed(2),
    },
    idleMemory: memory,
    files: Object.fromEntries(
      [1, 100].map((mib) => {
        const envd = stats(files[mib])
        const fs = stats(baseline['fs' + mib])
        return [
          `${mib}MiB`,
          {
            envdWriteReadMs: envd,
            fsWriteReadMs: fs,
            envdMiBps: +((2 * mib) / (envd.p50 / 1000)).toFixed(1),
            fsMiBps: +((2 * mib) / (fs.p50 / 1000)).toFixed(1),
            ratio: +(envd.p50 / fs.p50).toFixed(2),
            rawHttpWriteReadMs: stats(rawFiles[mib]),
            rawHttpMiBps: +((2 * mib) / (stats(rawFiles[mib]).p50 / 1000)).toFixed(1),
            rawHttpRatio: +(stats(rawFiles[mib]).p50 / fs.p50).toFixed(2),
          },
        ]
      }),
    ),
  }
  const c = result.command
  console.log(
    `command p50/p95: rpc Start(/bin/true) ${c.rpcStartTrueMs.p50}/${c.rpcStartTrueMs.p95} ms vs spawn(/bin/true) ${c.baselineSpawnTrueMs.p50}/${c.baselineSpawnTrueMs.p95} ms ` +
      `(+${c.rpcOverheadP50Ms} ms); SDK run('true') ${c.sdkRunTrueMs.p50}/${c.sdkRunTrueMs.p95} ms (+${c.sdkOverheadVsSpawnTrueP50Ms} ms over spawn(/bin/true), ` +
      `+${c.sdkOverheadVsBashP50Ms} ms over spawn(bash -l -c true) ${c.baselineSpawnBashLoginMs.p50} ms)`,
  )
  console.log(
    `command CPU: envd ${c.envdCpuMsPerSdkRun} ms per SDK run, ${c.envdCpuMsPerRpcStart} ms per raw Start; whole container ${c.containerCpuMsPerSdkRun} / ${c.containerCpuMsPerRpcStart} ms`,
  )
  const s = result.start
  console.log(
    `envd start → /health: p50 ${s.envdExecToHealthMs.p50} ms (p95 ${s.envdExecToHealthMs.p95}), CPU ${s.envdCpuMsAtHealth.p50} ms; docker run --rm true ${s.dockerRunRmTrueMs.p50} ms (x${s.ratioEnvdStartVsDockerRun})`,
  )
  console.log(
    `idle: envd RSS ${memory.envdRssMiB.p50} MiB, private ${memory.envdPrivateMiB.p50} MiB, anonymous ${memory.envdAnonymousMiB.p50} MiB; container ${memory.containerMiB.p50} MiB → ${memory.idleSandboxesIn24GiB} idle sandboxes in 24 GiB`,
  )
  for (const [k, v] of Object.entries(result.files)) {
    console.log(
      `file write+read ${k}: SDK ${v.envdWriteReadMs.p50} ms (${v.envdMiBps} MiB/s, x${v.ratio}), raw HTTP ${v.rawHttpWriteReadMs.p50} ms (${v.rawHttpMiBps} MiB/s, x${v.rawHttpRatio}) vs fs ${v.fsWriteReadMs.p50} ms (${v.fsMiBps} MiB/s)`,
    )
  }
  const out = join(root, 'bench', 'results', `envd-${result.when.replace(/[:.]/g, '-')}.json`)
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, JSON.stringify(result, null, 2) + '\n')
  console.log(`results: ${out}`)
} finally {
  docker('rm', '-f', id)
}
