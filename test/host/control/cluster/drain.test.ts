// Draining a node (control/cluster/drain.ts) on a real PostgreSQL and three node agents on fakes
// (LocalNode over FakeRuntime behind the agent API, reached through app.inject, with a registry
// between them): paused sandboxes move with their catalog rows and resume on their new node,
// running ones are waited for or paused first, and every failure (unknown node, nowhere to go, the
// registry down, a move's last step lost) leaves each sandbox on exactly one node, resumable.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { createClusterNode } from '../../../../src/control/cluster/cluster-node.js'
import { drainNode } from '../../../../src/control/cluster/drain.js'
import { createNodeReach } from '../../../../src/control/cluster/node-reach.js'
import { allNodes, registerNode, setSchedulable } from '../../../../src/control/cluster/nodes.js'
import { createDb, migrate } from '../../../../src/control/cluster/pg.js'
import { reconcileOnce } from '../../../../src/control/cluster/reconcile.js'
import type { FetchLike } from '../../../../src/control/cluster/remote-node.js'
import * as catalog from '../../../../src/control/cluster/sandbox-placements.js'
import { buildAgentApp } from '../../../../src/node/agent-api/app.js'
import type { NodeMover } from '../../../../src/node/sandboxes/move.js'
import { AppError } from '../../../../src/shared/errors.js'
import { createLogger } from '../../../../src/shared/logging.js'
import { rejection } from '../../../support/async.js'
import { BASE_IMAGE, fakeControl, type FakeControl } from '../../../support/fake-control.js'
import { FakeRuntime } from '../../../support/fake-runtime.js'
import { createDatabase, postgresAvailable, startPostgres, type TestPostgres } from '../../../support/postgres.js'

const TOKEN = 'drain-unit-token'
const log = createLogger({ level: 'silent', name: 'unit' })
const createReq = {
  templateRef: 'base',
  timeoutS: 60,
  metadata: { who: 'drain-test' },
  envVars: { A: 'b' },
  secure: true,
  allowPublicTraffic: true,
  allowInternetAccess: true,
  onTimeout: 'kill' as const,
  autoResume: false,
  egress: {},
  volumeMounts: [],
}

let server: TestPostgres | undefined
let n = 0
beforeAll(async () => {
  if (postgresAvailable()) server = await startPostgres()
}, 60_000)
afterAll(() => server?.stop())

/** Three fake nodes with a registry between them; `registry.down` refuses pushes and pulls. */
async function harness() {
  const db = createDb(await createDatabase(server!.url, `drain_${process.pid}_${n++}`))
  onTestFinished(() => db.end())
  await migrate(db)
  const registry = { images: new Set<string>(), down: false }
  let tag = 0
  const mover = (rt: FakeRuntime): NodeMover => ({
    imageOf: (id) => `registry:5000/sandock/moved:${id}-${++tag}`,
    push: async (image) => {
      if (registry.down) {
        await rt.removeImage(image)
        throw new AppError('unavailable', `cannot push image ${image}: dial tcp registry:5000: connection refused`)
      }
      registry.images.add(image)
    },
    pull: async (image) => {
      if (registry.down || !registry.images.has(image)) throw new AppError('unavailable', `cannot pull ${image}`)
      if (!rt.images.has(image)) rt.addImage(image)
    },
  })
  const nodes: Record<string, FakeControl> = {}
  const apps: Record<string, FastifyInstance> = {}
  for (const id of ['n1', 'n2', 'n3']) {
    const runtime = new FakeRuntime({ images: [BASE_IMAGE] })
    const c = (nodes[id] = await fakeControl({ runtime, mover: mover(runtime) }))
    apps[id] = await buildAgentApp({
      node: { ...c.node, proxyResume: (s) => c.node.proxy.resume(s) },
      token: TOKEN,
      log,
      status: async () => ({}),
    })
    onTestFinished(() => apps[id]!.close())
    await registerNode(db, {
      nodeId: id,
      address: id,
      apiPort: 3003,
      proxyPort: 3004,
      cpuCount: 2,
      memoryMB: 4096,
      status: { pools: {}, images: [], sandboxes: 0 },
    })
  }
  const fetch: FetchLike = async (url, init) => {
    const u = new URL(url)
    const res = await apps[u.hostname]!.inject({
      method: init.method as 'POST',
      url: u.pathname,
      headers: init.headers,
      payload: init.body,
    })
    return new Response(res.rawPayload, { status: res.statusCode, headers: res.headers as Record<string, string> })
  }
  const reach = createNodeReach({ db, log, nodeToken: TOKEN, deadAfterMs: 60_000, fetch })
  const lines: string[] = []
  const drain = (nodeId: string, o: { timeoutMs?: number; pauseRunning?: boolean } = {}) =>
    drainNode(
      { db, reach, log, out: (l) => lines.push(l), pollMs: 20 },
      { nodeId, timeoutMs: o.timeoutMs ?? 0, pauseRunning: o.pauseRunning ?? false },
    )
  const replica = createClusterNode({
    db,
    log,
    nodeToken: TOKEN,
    deadAfterMs: 60_000,
    maxSandboxes: 100,
    resolve: async () => ({ templateId: 'base', alias: 'base', image: BASE_IMAGE, cpuCount: 1, memoryMB: 1024 }),
    fetch,
  })
  /** A sandbox made on `nodeId` (the others cordoned for its create). */
  const createOn = async (nodeId: string) => {
    await db.query('UPDATE nodes SET schedulable = (node_id = $1)', [nodeId])
    try {
      return await replica.create(createReq)
    } finally {
      await db.query('UPDATE nodes SET schedulable = true')
    }
  }
  const home = async (id: string) => (await catalog.rowOf(db, id))?.nodeId
  const has = async (nodeId: string, id: string) => (await nodes[nodeId]!.node.list()).some((s) => s.sandboxId === id)
  return { db, nodes, registry, lines, drain, replica, createOn, home, has, reach }
}

describe('drainNode', () => {
  const needsPg = (skip: (note: string) => void) => {
    if (!server) skip('postgresql-15 is not installed')
  }

  it('cordons the node and moves its paused sandboxes (a frozen one as a filesystem pause) with their rows; they resume on the new node', async ({
    skip,
  }) => {
    needsPg(skip)
    const h = await harness()
    const frozen = await h.createOn('n1')
    const stopped = await h.createOn('n1')
    await h.replica.pause(frozen.sandboxId, { memory: true })
    await h.replica.pause(stopped.sandboxId, { memory: false })
    const report = await h.drain('n1')
    expect(report.failed).toEqual([])
    expect(report.moved.map((m) => [m.sandboxId, m.memoryDropped])).toEqual([
      [frozen.sandboxId, true],
      [stopped.sandboxId, false],
    ])
    // Spread by load: one on each other node.
    expect(new Set(report.moved.map((m) => m.to))).toEqual(new Set(['n2', 'n3']))
    expect((await allNodes(h.db)).find((x) => x.nodeId === 'n1')!.schedulable).toBe(false)
    expect(h.lines[0]).toBe('node n1 cordoned: no new sandboxes or builds are placed on it')
    expect(h.lines[1]).toMatch(
      new RegExp(`^moved ${frozen.sandboxId} → n[23] \\(\\d+ ms; it was frozen: its memory did not move`),
    )
    for (const m of report.moved) {
      expect(await h.home(m.sandboxId)).toBe(m.to)
      expect(await h.has('n1', m.sandboxId)).toBe(false)
      expect(await h.has(m.to, m.sandboxId)).toBe(true)
    }
    expect(h.nodes.n1!.runtime.containers.size).toBe(0)
    // Listed once; resumed through the catalog on its new node with its env vars and metadata.
    const listed = (await h.replica.list()).filter((s) => s.sandboxId === frozen.sandboxId)
    expect(listed.map((s) => [s.state, s.metadata])).toEqual([['paused', { who: 'drain-test' }]])
    const resumed = await h.replica.resume(frozen.sandboxId, 60)
    expect(resumed.state).toBe('running')
    const to = report.moved[0]!.to
    expect(h.nodes[to]!.runtime.journal.some((j) => j.startsWith('restart '))).toBe(true)
    // Cordoned: a new sandbox goes elsewhere.
    expect(await h.home((await h.replica.create(createReq)).sandboxId)).not.toBe('n1')
  })

  it('reports running sandboxes it waited for; with pauseRunning it pauses and moves them', async ({ skip }) => {
    needsPg(skip)
    const h = await harness()
    const running = await h.createOn('n1')
    const waited = await h.drain('n1', { timeoutMs: 50 })
    expect(waited).toEqual({ moved: [], failed: [], stillRunning: [running.sandboxId] })
    expect(h.lines.at(-1)).toBe(
      `still running on n1: ${running.sandboxId} (pause it, kill it, or drain with --pause-running)`,
    )
    expect(await h.has('n1', running.sandboxId)).toBe(true)
    const moved = await h.drain('n1', { pauseRunning: true })
    expect(moved.moved.map((m) => m.sandboxId)).toEqual([running.sandboxId])
    expect(moved.stillRunning).toEqual([])
    expect((await h.replica.get(running.sandboxId)).state).toBe('paused')
  })

  it('fails clearly for an unknown node, and with nowhere to go leaves the sandbox paused and resumable where it is', async ({
    skip,
  }) => {
    needsPg(skip)
    const h = await harness()
    expect(await rejection(h.drain('nope'))).toMatchObject({
      kind: 'not_found',
      message: 'unknown node "nope" (registered nodes: n1, n2, n3)',
    })
    const s = await h.createOn('n1')
    await h.replica.pause(s.sandboxId, { memory: false })
    await setSchedulable(h.db, 'n2', false)
    await setSchedulable(h.db, 'n3', false)
    expect(await rejection(h.drain('n1'))).toMatchObject({
      kind: 'failed_precondition',
      message:
        'no other schedulable node to move 1 paused sandbox(es) to: uncordon or add a node, then run the drain again',
    })
    expect(await h.home(s.sandboxId)).toBe('n1')
    expect((await h.replica.resume(s.sandboxId, 60)).state).toBe('running')
  })

  it('leaves a sandbox whose move failed (registry down) on its node, resumable; a re-run moves it', async ({
    skip,
  }) => {
    needsPg(skip)
    const h = await harness()
    const s = await h.createOn('n1')
    await h.replica.pause(s.sandboxId, { memory: false })
    h.registry.down = true
    const failed = await h.drain('n1')
    expect(failed.failed).toEqual([
      {
        sandboxId: s.sandboxId,
        reason: expect.stringMatching(/^cannot push image .*connection refused$/),
      },
    ])
    expect(h.lines.at(-1)).toMatch(/; it stays on n1, paused and resumable$/)
    expect(await h.home(s.sandboxId)).toBe('n1')
    expect(h.nodes.n1!.runtime.images.size).toBe(1)
    expect(await h.has('n2', s.sandboxId)).toBe(false)
    expect(await h.has('n3', s.sandboxId)).toBe(false)
    h.registry.down = false
    const again = await h.drain('n1')
    expect(again.moved.map((m) => m.sandboxId)).toEqual([s.sandboxId])
    expect((await h.replica.resume(s.sandboxId, 60)).state).toBe('running')
  })

  it("lists a move's leftover copy once, keeps its row through reconcile, and removes it on a re-run", async ({
    skip,
  }) => {
    needsPg(skip)
    const h = await harness()
    const s = await h.createOn('n1')
    await h.replica.pause(s.sandboxId, { memory: false })
    // A drain that died after the row switched, before the source's copy went.
    const [n1, n2] = ['n1', 'n2'].map((id) => h.reach.remote({ nodeId: id, address: id, apiPort: 3003 } as never))
    await n2!.moveIn(await n1!.moveOut(s.sandboxId))
    expect((await h.replica.list()).filter((x) => x.sandboxId === s.sandboxId)).toHaveLength(1)
    expect(await catalog.switchNode(h.db, s.sandboxId, 'n1', 'n2')).toBe('moved')
    expect((await h.replica.list()).filter((x) => x.sandboxId === s.sandboxId)).toHaveLength(1)
    await reconcileOnce(h.db, h.replica, log)
    expect(await h.home(s.sandboxId)).toBe('n2')
    const report = await h.drain('n1')
    expect(report).toEqual({ moved: [], failed: [], stillRunning: [] })
    expect(h.lines).toContain(`removed the old copy of ${s.sandboxId} (it lives on n2)`)
    expect(await h.has('n1', s.sandboxId)).toBe(false)
    expect((await h.replica.resume(s.sandboxId, 60)).state).toBe('running')
  })
})
