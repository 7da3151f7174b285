// The cluster benchmark (`npm run bench:cluster`; issue 17): on the same three Docker-in-Docker
// nodes as the cluster stage, with docker-stack.yml deployed and every warm pool off (each create
// cold-starts, so the hop is what differs), and `sandock serve` run on node 1's engine in the same
// run as the baseline:
//   - create → first command, and a command's round trip, through the cluster (control replica →
//     node agent; edge → node proxy) against serve on the same engine (the extra hop's cost),
//     alternating run by run; and the steady state on a sandbox that runs (BENCH_CLUSTER_STEADY_COMMANDS
//     `commands.run`, BENCH_CLUSTER_FILE_ROUNDS 1 MiB `files.write` and `files.read`);
//   - creates per second, BENCH_CLUSTER_CREATES at once, with 1 node schedulable and with 3
//     (on one 2-core machine the three nodes share the same cores: this measures the control
//     plane's overhead and spread, not more hardware);
//   - mutual TLS (control → agents, and edge → node proxy, which every sandbox request crosses): the
//     same measurements as deployed (TLS), then in blocks of BENCH_CLUSTER_TLS_ORDER (off,on,on,off:
//     both services switched with SANDOCK_CLUSTER_TLS where the mode changes), each mode pooled,
//     with each block's median;
//   - a node failure: from `docker kill` of a node to placement avoiding it (its heartbeat expiring),
//     and the latency of creates made meanwhile.
// It asserts nothing about speed; it prints a table and writes bench/results/cluster.json. Run it
// under the heavy lock; everything it makes carries sandock.test=cluster-bench and is removed.
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { Sandbox } from 'e2b'
import { afterAll, expect, it } from 'vitest'
import { startCluster, type TestCluster } from '../test/support/cluster/cluster.js'
import { docker, waitFor } from '../test/support/cluster/docker-cli.js'
import { removeImages } from '../test/support/cluster/images.js'
import {
  API_KEY,
  deploySandock,
  ensureBaseTemplateImage,
  ensureClusterImage,
  ensurePostgresImage,
  pushToRegistry,
  type SandockStack,
} from '../test/support/cluster/sandock-stack.js'
import { formSwarm } from '../test/support/cluster/swarm.js'
// @ts-expect-error: plain ESM helper without types
import { stats } from './stats.mjs'

const LABEL = 'sandock.test=cluster-bench'
const PREFIX = 'sandock-clbench'
const RUNS = Number(process.env.BENCH_CLUSTER_RUNS ?? 15)
const CONCURRENT = Number(process.env.BENCH_CLUSTER_CREATES ?? 6)
const HOST_BASE = process.env.SANDOCK_BASE_TEMPLATE_IMAGE ?? 'sandock/base:latest'
const SERVE_PORTS = { api: 3100, proxy: 3102 }
/** Per sandbox that already runs (steady state): commands, then 1 MiB writes and reads. */
const STEADY_COMMANDS = Number(process.env.BENCH_CLUSTER_STEADY_COMMANDS ?? 100)
const FILE_ROUNDS = Number(process.env.BENCH_CLUSTER_FILE_ROUNDS ?? 20)
const FILE_BYTES = 1 << 20
/**
 * Mutual TLS: the modes' blocks after the deployed (TLS) one, in order; the services are switched
 * (restarted) only where the mode changes. off,on,on,off puts each mode's blocks at the same mean
 * time, so a drift linear in time (the machine's other load) falls on both alike.
 */
const TLS_ORDER = (process.env.BENCH_CLUSTER_TLS_ORDER ?? 'off,on,on,off').split(',').map((m) => {
  if (m !== 'on' && m !== 'off') throw new Error(`BENCH_CLUSTER_TLS_ORDER: "${m}" is neither on nor off`)
  return m
})
if (!TLS_ORDER.includes('on') || !TLS_ORDER.includes('off'))
  throw new Error('BENCH_CLUSTER_TLS_ORDER must hold both on and off')

let cluster: TestCluster | undefined
let built: string[] = []
afterAll(async () => {
  await cluster?.stop()
  if (process.env.SANDOCK_TEST_CLUSTER_KEEP_IMAGES !== '1') await removeImages(built)
})

type Opts = { apiKey: string; apiUrl: string; sandboxUrl: string }
const ms = (t0: number) => performance.now() - t0

async function createThenCommand(o: Opts): Promise<{ ms: number; sbx: Sandbox }> {
  const t0 = performance.now()
  const sbx = await Sandbox.create('base', o)
  await sbx.commands.run('echo ok')
  return { ms: ms(t0), sbx }
}

/** Raw timings (ms), summarised only once every block of a mode is in. */
type Cold = { create: number[]; command: number[] }
type Steady = { command: number[]; write: number[]; read: number[] }

/** One cold create → first command, then 5 commands on the new sandbox, into `into`. */
async function coldRun(o: Opts, into: Cold): Promise<void> {
  const { ms: t, sbx } = await createThenCommand(o)
  into.create.push(t)
  for (let j = 0; j < 5; j++) {
    const t0 = performance.now()
    await sbx.commands.run('true')
    into.command.push(ms(t0))
  }
  await sbx.kill()
}

/** `runs` cold runs on each target, the targets alternating run by run (so drift hits each alike). */
async function series(targets: Opts[], runs: number): Promise<Cold[]> {
  const out = targets.map(() => ({ create: [] as number[], command: [] as number[] }))
  for (let i = 0; i < runs; i++) for (const [k, o] of targets.entries()) await coldRun(o, out[k]!)
  return out
}

/**
 * What a user pays per request on a sandbox that already runs: STEADY_COMMANDS `commands.run('true')`
 * and FILE_ROUNDS writes and reads of FILE_BYTES (`files.write`, `files.read` as bytes), after one
 * warm-up of each (connections open); one sandbox per target, the targets alternating per request.
 */
async function steady(targets: Opts[]): Promise<Steady[]> {
  const sbxs = await Promise.all(targets.map((o) => Sandbox.create('base', o)))
  try {
    const out = targets.map(() => ({ command: [] as number[], write: [] as number[], read: [] as number[] }))
    const payload = randomBytes(FILE_BYTES)
    const body = payload.buffer.slice(payload.byteOffset, payload.byteOffset + payload.byteLength)
    for (const s of sbxs) {
      await s.commands.run('true')
      await s.files.write('/tmp/bench.bin', body)
      await s.files.read('/tmp/bench.bin', { format: 'bytes' })
    }
    for (let i = 0; i < STEADY_COMMANDS; i++)
      for (const [k, s] of sbxs.entries()) {
        const t0 = performance.now()
        await s.commands.run('true')
        out[k]!.command.push(ms(t0))
      }
    for (let i = 0; i < FILE_ROUNDS; i++)
      for (const [k, s] of sbxs.entries()) {
        let t0 = performance.now()
        await s.files.write('/tmp/bench.bin', body)
        out[k]!.write.push(ms(t0))
        t0 = performance.now()
        const back = await s.files.read('/tmp/bench.bin', { format: 'bytes' })
        out[k]!.read.push(ms(t0))
        // A short or wrong read would make the timing meaningless: fail the run instead.
        expect(Buffer.compare(Buffer.from(back), payload)).toBe(0)
      }
    return out
  } finally {
    await Promise.all(sbxs.map((s) => s.kill().catch(() => undefined)))
  }
}

const summarise = (c: Cold, s: Steady) => ({
  createToFirstCommand: stats(c.create),
  commandAfterCreate: stats(c.command),
  commandSteady: stats(s.command),
  write1MiB: stats(s.write),
  read1MiB: stats(s.read),
})
const METRICS = ['createToFirstCommand', 'commandAfterCreate', 'commandSteady', 'write1MiB', 'read1MiB'] as const

async function burst(o: Opts, n: number) {
  const t0 = performance.now()
  const made = await Promise.allSettled(
    Array.from({ length: n }, () => Sandbox.create('base', { ...o, timeoutMs: 120_000 })),
  )
  const wallMs = ms(t0)
  const ok = made.flatMap((m) => (m.status === 'fulfilled' ? [m.value] : []))
  await Promise.all(ok.map((s) => s.kill().catch(() => undefined)))
  return {
    created: ok.length,
    failed: n - ok.length,
    wallMs: Math.round(wallMs),
    createsPerSecond: +(ok.length / (wallMs / 1000)).toFixed(2),
  }
}

it('measures the cluster against serve on one engine, creates per second with 1 and 3 nodes, and a node failure', async () => {
  const loadAtStart = loadavg().map((x) => +x.toFixed(2))
  const [clusterImage, postgresImage] = await Promise.all([
    ensureClusterImage(PREFIX, [LABEL]),
    ensurePostgresImage(PREFIX, [LABEL]),
    ensureBaseTemplateImage(HOST_BASE),
  ])
  built = [clusterImage, postgresImage]
  cluster = await startCluster({
    prefix: PREFIX,
    label: LABEL,
    nodes: 3,
    keepImages: process.env.SANDOCK_TEST_CLUSTER_KEEP_IMAGES === '1',
  })
  await formSwarm(cluster.nodes)
  const refs = await pushToRegistry(cluster, {
    'sandock/cluster:bench': clusterImage,
    'sandock/postgres:bench': postgresImage,
    'sandock/base:bench': HOST_BASE,
  })
  const stack: SandockStack = await deploySandock(cluster, {
    images: {
      cluster: refs['sandock/cluster:bench']!,
      postgres: refs['sandock/postgres:bench']!,
      base: refs['sandock/base:bench']!,
    },
    env: {
      SANDOCK_POOL_SIZE: '0',
      SANDOCK_LOG_LEVEL: 'warn',
      SANDOCK_BUILD_BUILTINS: 'off',
      SANDOCK_POOL_SIZES: 'code-interpreter-v1=0',
    },
  })
  const [n1] = cluster.nodes
  // The baseline: `sandock serve` on node 1's engine (host network, its own networks and data dir).
  await n1!.docker(
    'run',
    '-d',
    '--name',
    'bench-serve',
    '--network',
    'host',
    '-v',
    '/var/run/docker.sock:/var/run/docker.sock',
    '-v',
    '/var/lib/sandock-serve:/var/lib/sandock-serve',
    '-e',
    'SANDOCK_DATA_DIR=/var/lib/sandock-serve',
    '-e',
    `SANDOCK_API_KEYS=${API_KEY}`,
    '-e',
    `SANDOCK_API_PORT=${SERVE_PORTS.api}`,
    '-e',
    `SANDOCK_PROXY_PORT=${SERVE_PORTS.proxy}`,
    '-e',
    'SANDOCK_POOL_SIZE=0',
    '-e',
    'SANDOCK_FIREWALL=off',
    '-e',
    'SANDOCK_NETWORK=sandock-serve',
    '-e',
    'SANDOCK_INTERNAL_NETWORK=sandock-serve-internal',
    '-e',
    `SANDOCK_BASE_TEMPLATE_IMAGE=${refs['sandock/base:bench']}`,
    '-e',
    'SANDOCK_LOG_LEVEL=warn',
    '-e',
    'SANDOCK_BUILD_BUILTINS=off',
    '-e',
    'SANDOCK_POOL_SIZES=code-interpreter-v1=0',
    refs['sandock/cluster:bench']!,
    'serve',
  )
  const serve: Opts = {
    apiKey: API_KEY,
    apiUrl: `http://${n1!.ip}:${SERVE_PORTS.api}`,
    sandboxUrl: `http://${n1!.ip}:${SERVE_PORTS.proxy}`,
  }
  await waitFor(
    'serve',
    async () => ((await fetch(`${serve.apiUrl}/health`).catch(() => undefined))?.status === 200 ? true : undefined),
    120_000,
    500,
  )
  const replica = (await stack.replicas()).find((r) => r.hostname !== 'node3') ?? (await stack.replicas())[0]!
  const viaCluster = stack.sdkOpts(replica)

  // The hop: every cluster create on node 1 too (the others cordoned), alternating with serve
  // run by run, and the steady state on one sandbox of each, alternating request by request.
  await stack.sql("UPDATE nodes SET schedulable = (node_id = 'node1')")
  await createThenCommand(viaCluster).then((r) => r.sbx.kill()) // warm-up both paths once
  await createThenCommand(serve).then((r) => r.sbx.kill())
  const [hopCold, serveCold] = await series([viaCluster, serve], RUNS)
  const [hopSteady, serveSteady] = await steady([viaCluster, serve])
  const hop = { cluster: summarise(hopCold!, hopSteady!), serve: summarise(serveCold!, serveSteady!) }
  await n1!.docker('rm', '-f', 'bench-serve')

  // Mutual TLS's cost (control → agents and edge → node proxy, which every sandbox request
  // crosses): the deployed block (TLS, right after the deploy) is the hop's cluster side; then the
  // blocks of TLS_ORDER, both services switched with SANDOCK_CLUSTER_TLS (a restart of every agent
  // and replica) where the mode changes. Each block's median shows the drift over the run. One
  // warm-up create after each switch: a new connection's handshake is bench/cluster-mtls.mjs's
  // measurement.
  type Block = { mode: 'on' | 'off'; switchMs?: number; cold: Cold; steady: Steady }
  let current: 'on' | 'off' = 'on'
  let o = viaCluster
  const tlsBlock = async (mode: 'on' | 'off'): Promise<Block> => {
    let switchMs: number | undefined
    if (mode !== current) {
      const t0 = performance.now()
      await stack.setClusterTls(mode)
      switchMs = Math.round(ms(t0))
      current = mode
      await stack.sql("UPDATE nodes SET schedulable = (node_id = 'node1')")
      const rs = await stack.replicas()
      o = stack.sdkOpts(rs.find((x) => x.hostname === replica.hostname) ?? rs[0]!)
      await createThenCommand(o).then((x) => x.sbx.kill())
    }
    const [cold] = await series([o], RUNS)
    const [st] = await steady([o])
    return { mode, switchMs, cold: cold!, steady: st! }
  }
  const blocks: Block[] = []
  for (const mode of TLS_ORDER) blocks.push(await tlsBlock(mode))
  const pool = (mode: 'on' | 'off') => {
    const bs = blocks.filter((x) => x.mode === mode)
    return summarise(
      { create: bs.flatMap((x) => x.cold.create), command: bs.flatMap((x) => x.cold.command) },
      {
        command: bs.flatMap((x) => x.steady.command),
        write: bs.flatMap((x) => x.steady.write),
        read: bs.flatMap((x) => x.steady.read),
      },
    )
  }
  const mtls = {
    deployed: hop.cluster,
    blocks: blocks.map((x) => ({ mode: x.mode, switchMs: x.switchMs, ...summarise(x.cold, x.steady) })),
    on: pool('on'),
    off: pool('off'),
  }
  // The replicas were restarted: a replica off node 3 (killed below) for the rest.
  const rs = await stack.replicas()
  const viaLive = stack.sdkOpts(rs.find((r) => r.hostname !== 'node3') ?? rs[0]!)

  const oneNode = await burst(viaLive, CONCURRENT)
  await stack.sql('UPDATE nodes SET schedulable = true')
  const threeNodes = await burst(viaLive, CONCURRENT)

  // A node failure: node3 killed; creates go on meanwhile; when does placement stop choosing it?
  const victim = cluster.nodes.find((n) => n.hostname === 'node3')!
  const killedAt = performance.now()
  await docker(['kill', victim.name])
  const during: Array<{ atMs: number; ms: number; node: string | undefined }> = []
  let avoidedAtMs: number | undefined
  while (ms(killedAt) < 30_000) {
    const t0 = performance.now()
    const s = await Sandbox.create('base', viaLive).catch(() => undefined)
    during.push({
      atMs: Math.round(t0 - killedAt),
      ms: Math.round(ms(t0)),
      node: s && (await stack.nodeOf(s.sandboxId)),
    })
    await s?.kill().catch(() => undefined)
    const live = await stack.sql(
      "SELECT count(*) FROM nodes WHERE node_id = 'node3' AND heartbeat_at > now() - interval '6 seconds'",
    )
    if (avoidedAtMs === undefined && live[0]?.[0] === '0') avoidedAtMs = Math.round(ms(killedAt))
    if (avoidedAtMs !== undefined && during.length >= 4) break
  }
  const results = {
    date: new Date().toISOString(),
    loadAverage: { atStart: loadAtStart, atEnd: loadavg().map((x) => +x.toFixed(2)) },
    runs: RUNS,
    steadyCommands: STEADY_COMMANDS,
    fileRounds: FILE_ROUNDS,
    fileBytes: FILE_BYTES,
    concurrentCreates: CONCURRENT,
    hopMs: hop,
    mutualTlsMs: mtls,
    creates: { oneNode, threeNodes },
    nodeFailure: { placementAvoidsItAfterMs: avoidedAtMs, createsMeanwhile: during },
  }
  await mkdir(new URL('./results/', import.meta.url), { recursive: true })
  await writeFile(new URL('./results/cluster.json', import.meta.url), JSON.stringify(results, null, 2))
  const ratio = (a: number, b: number) => `x${(a / b).toFixed(2)}`
  const delta = (a: number, b: number) => `${a - b >= 0 ? '+' : ''}${(a - b).toFixed(1)} ms`
  const pair = (x: { p50: number; p95: number }) => `${x.p50} / ${x.p95}`
  const LABELS: Record<(typeof METRICS)[number], string> = {
    createToFirstCommand: 'create → first command, cold',
    commandAfterCreate: "commands.run('true'), the 5 after a create",
    commandSteady: `commands.run('true'), steady (${STEADY_COMMANDS} on one sandbox)`,
    write1MiB: `files.write 1 MiB (${FILE_ROUNDS} on one sandbox)`,
    read1MiB: `files.read 1 MiB (${FILE_ROUNDS} on one sandbox)`,
  }
  const hopLine = (m: (typeof METRICS)[number]) =>
    `  ${LABELS[m]}: cluster ${pair(hop.cluster[m])}; serve ${pair(hop.serve[m])} (${ratio(hop.cluster[m].p50, hop.serve[m].p50)}, ${delta(hop.cluster[m].p50, hop.serve[m].p50)})`
  // Each mode's pooled p50 / p95, each block's p50 in run order (the spread), and on against off.
  const tlsLine = (m: (typeof METRICS)[number]) =>
    `  ${LABELS[m]}: as deployed ${pair(mtls.deployed[m])}; TLS ${pair(mtls.on[m])}; off ${pair(mtls.off[m])}; ` +
    `TLS/off ${ratio(mtls.on[m].p50, mtls.off[m].p50)} (${delta(mtls.on[m].p50, mtls.off[m].p50)}); ` +
    `block p50s ${mtls.blocks.map((x) => `${x.mode} ${x[m].p50}`).join(', ')}`
  console.log(
    [
      `cluster benchmark (p50 / p95 ms unless said; load average at start ${results.loadAverage.atStart.join(' ')}, at end ${results.loadAverage.atEnd.join(' ')})`,
      ' the hop (cluster against serve on the same engine, alternating):',
      ...METRICS.map(hopLine),
      ` mutual TLS (control → agents, edge → node proxy): the deployed block, then ${TLS_ORDER.join(', ')} (SANDOCK_CLUSTER_TLS switched where it changes: ${blocks.flatMap((x) => (x.switchMs ? [`${(x.switchMs / 1000).toFixed(0)} s`] : [])).join(', ')}), each mode pooled:`,
      ...METRICS.map(tlsLine),
      `  ${CONCURRENT} concurrent creates: 1 node ${oneNode.createsPerSecond}/s (wall ${oneNode.wallMs} ms, ${oneNode.failed} failed); 3 nodes ${threeNodes.createsPerSecond}/s (wall ${threeNodes.wallMs} ms, ${threeNodes.failed} failed)`,
      `  node killed → placement avoids it after ${avoidedAtMs} ms; creates meanwhile: ${during.map((d) => `${d.ms} ms@${d.node ?? 'failed'}`).join(', ')}`,
    ].join('\n'),
  )
  expect(hop.cluster.createToFirstCommand.n).toBe(RUNS)
  expect(mtls.off.createToFirstCommand.n).toBe(RUNS * TLS_ORDER.filter((m) => m === 'off').length)
}, 1_800_000)
