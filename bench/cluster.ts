// The cluster benchmark (`npm run bench:cluster`; issue 17): on the same three Docker-in-Docker
// nodes as the cluster stage, with docker-stack.yml deployed and every warm pool off (each create
// cold-starts, so the hop is what differs), and `sandock serve` run on node 1's engine in the same
// run as the baseline:
//   - create → first command, and a command's round trip, through the cluster (control replica →
//     node agent; edge → node proxy) against serve on the same engine (the extra hop's cost);
//   - creates per second, BENCH_CLUSTER_CREATES at once, with 1 node schedulable and with 3
//     (on one 2-core machine the three nodes share the same cores: this measures the control
//     plane's overhead and spread, not more hardware);
//   - mutual TLS between control and the agents: create → first command and commands as deployed
//     (TLS), with both services switched to SANDOCK_CLUSTER_TLS=off, and on again (same run);
//   - a node failure: from `docker kill` of a node to placement avoiding it (its heartbeat expiring),
//     and the latency of creates made meanwhile.
// It asserts nothing about speed; it prints a table and writes bench/results/cluster.json. Run it
// under the heavy lock; everything it makes carries sandock.test=cluster-bench and is removed.
import { mkdir, writeFile } from 'node:fs/promises'
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

async function series(o: Opts, runs: number) {
  const create: number[] = []
  const command: number[] = []
  for (let i = 0; i < runs; i++) {
    const { ms: t, sbx } = await createThenCommand(o)
    create.push(t)
    for (let j = 0; j < 5; j++) {
      const t0 = performance.now()
      await sbx.commands.run('true')
      command.push(ms(t0))
    }
    await sbx.kill()
  }
  return { createToFirstCommand: stats(create), commandRoundTrip: stats(command) }
}

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

  // The hop: every cluster create on node 1 too (the others cordoned), alternating with serve.
  await stack.sql("UPDATE nodes SET schedulable = (node_id = 'node1')")
  await createThenCommand(viaCluster).then((r) => r.sbx.kill()) // warm-up both paths once
  await createThenCommand(serve).then((r) => r.sbx.kill())
  const hop = { cluster: await series(viaCluster, RUNS), serve: await series(serve, RUNS) }
  await n1!.docker('rm', '-f', 'bench-serve')

  // Mutual TLS's cost (control ↔ agents): the same series with both services switched to
  // SANDOCK_CLUSTER_TLS=off, then on again (each mode after the same kind of restart, so the
  // order's drift shows), one warm-up create each: a new connection's handshake is
  // bench/cluster-mtls.mjs's measurement.
  const tlsSeries = async (mode: 'on' | 'off') => {
    await stack.setClusterTls(mode)
    await stack.sql("UPDATE nodes SET schedulable = (node_id = 'node1')")
    const r = (await stack.replicas()).find((x) => x.hostname === replica.hostname) ?? (await stack.replicas())[0]!
    await createThenCommand(stack.sdkOpts(r)).then((x) => x.sbx.kill())
    return series(stack.sdkOpts(r), RUNS)
  }
  const mtls = { deployed: hop.cluster, plain: await tlsSeries('off'), again: await tlsSeries('on') }
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
    runs: RUNS,
    concurrentCreates: CONCURRENT,
    createToFirstCommandMs: { cluster: hop.cluster.createToFirstCommand, serve: hop.serve.createToFirstCommand },
    commandRoundTripMs: { cluster: hop.cluster.commandRoundTrip, serve: hop.serve.commandRoundTrip },
    mutualTls: {
      createToFirstCommandMs: {
        tlsDeployed: mtls.deployed.createToFirstCommand,
        plain: mtls.plain.createToFirstCommand,
        tlsRestarted: mtls.again.createToFirstCommand,
      },
      commandRoundTripMs: {
        tlsDeployed: mtls.deployed.commandRoundTrip,
        plain: mtls.plain.commandRoundTrip,
        tlsRestarted: mtls.again.commandRoundTrip,
      },
    },
    creates: { oneNode, threeNodes },
    nodeFailure: { placementAvoidsItAfterMs: avoidedAtMs, createsMeanwhile: during },
  }
  await mkdir(new URL('./results/', import.meta.url), { recursive: true })
  await writeFile(new URL('./results/cluster.json', import.meta.url), JSON.stringify(results, null, 2))
  const ratio = (a: number, b: number) => `x${(a / b).toFixed(2)}`
  console.log(
    [
      'cluster benchmark (p50 / p95 ms unless said)',
      `  create → first command, cold: cluster ${hop.cluster.createToFirstCommand.p50} / ${hop.cluster.createToFirstCommand.p95}; serve ${hop.serve.createToFirstCommand.p50} / ${hop.serve.createToFirstCommand.p95} (${ratio(hop.cluster.createToFirstCommand.p50, hop.serve.createToFirstCommand.p50)})`,
      `  commands.run('true'): cluster ${hop.cluster.commandRoundTrip.p50} / ${hop.cluster.commandRoundTrip.p95}; serve ${hop.serve.commandRoundTrip.p50} / ${hop.serve.commandRoundTrip.p95}`,
      `  mutual TLS, create → first command: as deployed ${mtls.deployed.createToFirstCommand.p50} / ${mtls.deployed.createToFirstCommand.p95}; SANDOCK_CLUSTER_TLS=off ${mtls.plain.createToFirstCommand.p50} / ${mtls.plain.createToFirstCommand.p95}; on again ${mtls.again.createToFirstCommand.p50} / ${mtls.again.createToFirstCommand.p95} (${ratio(mtls.again.createToFirstCommand.p50, mtls.plain.createToFirstCommand.p50)} of plain)`,
      `  ${CONCURRENT} concurrent creates: 1 node ${oneNode.createsPerSecond}/s (wall ${oneNode.wallMs} ms, ${oneNode.failed} failed); 3 nodes ${threeNodes.createsPerSecond}/s (wall ${threeNodes.wallMs} ms, ${threeNodes.failed} failed)`,
      `  node killed → placement avoids it after ${avoidedAtMs} ms; creates meanwhile: ${during.map((d) => `${d.ms} ms@${d.node ?? 'failed'}`).join(', ')}`,
    ].join('\n'),
  )
  expect(hop.cluster.createToFirstCommand.n).toBe(RUNS)
}, 1_800_000)
