// envd benchmarks (`npm run bench`): the official SDK against envd in the real base image,
// each number beside a baseline taken in the same run inside the same container:
//   - command round trip: SDK commands.run('true') and a raw Process.Start of /bin/true, against
//     child_process.spawn of /bin/true and of `bash -l -c true` (what commands.run executes);
//   - file write+read of 1 MiB and 100 MiB through /files, with the SDK and with plain HTTP,
//     against node:fs on the same disk.
// Prints medians and ratios; writes bench/results/envd-<timestamp>.json.
import { execFileSync } from 'node:child_process'
import http from 'node:http'
import { mkdirSync, writeFileSync } from 'node:fs'
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

const docker = (...args) => execFileSync('docker', args, { encoding: 'utf8', maxBuffer: 64 << 20 }).trim()
const stats = (xs) => summarise(xs, 3)
async function time(n, fn) {
  const out = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await fn(i)
    out.push(performance.now() - t)
  }
  return out
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

execFileSync(process.execPath, [join(root, 'scripts/build-image.mjs')], { stdio: 'inherit' })
const image = process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest'
const id = docker('run', '-d', '--label', 'sandock.bench=envd', '--cpus', '2', '--memory', '2g', image)
try {
  const ip = docker('inspect', '-f', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', id)
  const url = `http://${ip}:49983`
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${url}/health`).then((r) => r.status === 204, () => false)) break
    await new Promise((r) => setTimeout(r, 100))
  }
  const baseline = JSON.parse(docker('exec', id, '/opt/sandock/bin/node', '-e', BASELINE))

  const sbx = await Sandbox.create({ debug: true, sandboxUrl: url })
  const rpc = createClient(Process, createConnectTransport({ baseUrl: url, httpVersion: '1.1' }))
  for (let i = 0; i < 20; i++) await sbx.commands.run('true') // warm-up
  const sdkRun = await time(RUNS, () => sbx.commands.run('true'))
  const rpcStart = await time(RUNS, async () => {
    for await (const _ of rpc.start({ process: { cmd: '/bin/true' }, stdin: false })) void _
  })

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
        const req = http.request(`${url}/files?path=${encodeURIComponent(path)}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-length': data.length } }, (res) => {
          res.resume()
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`upload ${res.statusCode}`))))
        })
        req.on('error', reject)
        req.end(data)
      })
      const got = await new Promise((resolve, reject) => {
        http.get(`${url}/files?path=${encodeURIComponent(path)}`, (res) => {
          let n = 0
          res.on('data', (c) => (n += c.length))
          res.on('end', () => resolve(n))
          res.on('error', reject)
        }).on('error', reject)
      })
      if (got !== data.length) throw new Error(`raw read ${got} bytes, wrote ${data.length}`)
    })
  }

  const b = { spawnTrue: stats(baseline.spawnTrue), spawnBash: stats(baseline.spawnBash) }
  const result = {
    when: new Date().toISOString(),
    runs: RUNS,
    fileRuns: FILE_RUNS,
    command: {
      baselineSpawnTrueMs: b.spawnTrue,
      baselineSpawnBashLoginMs: b.spawnBash,
      rpcStartTrueMs: stats(rpcStart),
      sdkRunTrueMs: stats(sdkRun),
      rpcOverheadP50Ms: +(stats(rpcStart).p50 - b.spawnTrue.p50).toFixed(3),
      sdkOverheadP50Ms: +(stats(sdkRun).p50 - b.spawnBash.p50).toFixed(3),
      ratioRpcVsSpawn: +(stats(rpcStart).p50 / b.spawnTrue.p50).toFixed(2),
      ratioSdkVsBash: +(stats(sdkRun).p50 / b.spawnBash.p50).toFixed(2),
    },
    files: Object.fromEntries(
      [1, 100].map((mib) => {
        const envd = stats(files[mib])
        const fs = stats(baseline['fs' + mib])
        return [`${mib}MiB`, {
          envdWriteReadMs: envd,
          fsWriteReadMs: fs,
          envdMiBps: +((2 * mib) / (envd.p50 / 1000)).toFixed(1),
          fsMiBps: +((2 * mib) / (fs.p50 / 1000)).toFixed(1),
          ratio: +(envd.p50 / fs.p50).toFixed(2),
          rawHttpWriteReadMs: stats(rawFiles[mib]),
          rawHttpMiBps: +((2 * mib) / (stats(rawFiles[mib]).p50 / 1000)).toFixed(1),
          rawHttpRatio: +(stats(rawFiles[mib]).p50 / fs.p50).toFixed(2),
        }]
      }),
    ),
  }
  const c = result.command
  console.log(`command round trip p50: rpc Start(/bin/true) ${c.rpcStartTrueMs.p50} ms vs spawn ${c.baselineSpawnTrueMs.p50} ms ` +
    `(x${c.ratioRpcVsSpawn}, +${c.rpcOverheadP50Ms} ms); SDK run('true') ${c.sdkRunTrueMs.p50} ms (p95 ${c.sdkRunTrueMs.p95}) ` +
    `vs spawn bash -l -c true ${c.baselineSpawnBashLoginMs.p50} ms (x${c.ratioSdkVsBash}, +${c.sdkOverheadP50Ms} ms)`)
  for (const [k, v] of Object.entries(result.files)) {
    console.log(`file write+read ${k}: SDK ${v.envdWriteReadMs.p50} ms (${v.envdMiBps} MiB/s, x${v.ratio}), raw HTTP ${v.rawHttpWriteReadMs.p50} ms (${v.rawHttpMiBps} MiB/s, x${v.rawHttpRatio}) vs fs ${v.fsWriteReadMs.p50} ms (${v.fsMiBps} MiB/s)`)
  }
  const out = join(root, 'bench', 'results', `envd-${result.when.replace(/[:.]/g, '-')}.json`)
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, JSON.stringify(result, null, 2) + '\n')
  console.log(`results: ${out}`)
} finally {
  docker('rm', '-f', id)
}
