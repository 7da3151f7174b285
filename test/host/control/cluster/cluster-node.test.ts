// Control's side of the cluster on a real PostgreSQL and two node agents on fakes (LocalNode over
// FakeRuntime behind the agent API, reached through app.inject): creates spread by load and are
// found again through the catalog, the sandbox limit holds across two replicas, a failing node's
// create is retried on the other, a dead node's sandboxes are reported gone, and reconciliation
// corrects the catalog against what the nodes really run.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import * as catalog from '../../../../src/control/cluster/sandbox-placements.js'
import { createClusterNode, type ClusterNode } from '../../../../src/control/cluster/cluster-node.js'
import { registerNode, setSchedulable } from '../../../../src/control/cluster/nodes.js'
import { createDb, migrate, type Db } from '../../../../src/control/cluster/pg.js'
import { PgTemplateStore } from '../../../../src/control/cluster/pg-template-store.js'
import { reconcileOnce } from '../../../../src/control/cluster/reconcile.js'
import { buildAgentApp } from '../../../../src/node/agent-api/app.js'
import type { FetchLike } from '../../../../src/control/cluster/remote-node.js'
import { builtinTemplates } from '../../../../src/node/builds/builtins.js'
import { createTemplateLookup } from '../../../../src/control/templates/resolve.js'
import { createTemplateResolver } from '../../../../src/node/sandboxes/template-resolver.js'
import { SandboxNotFoundError } from '../../../../src/shared/errors.js'
import { createLogger } from '../../../../src/shared/logging.js'
import { rejection } from '../../../support/async.js'
import { BASE_IMAGE, fakeControl, type FakeControl } from '../../../support/fake-control.js'
import { createDatabase, postgresAvailable, startPostgres, type TestPostgres } from '../../../support/postgres.js'

const TOKEN = 'cluster-unit-token'
const log = createLogger({ level: 'silent', name: 'unit' })
const createReq = {
  templateRef: 'base',
  timeoutS: 60,
  metadata: {},
  envVars: {},
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

type Harness = { db: Db; nodes: Record<string, FakeControl>; down: Set<string>; replica(max?: number): ClusterNode }

/** Two fake nodes registered in a fresh database; `down` makes a node's agent unreachable. */
async function harness(): Promise<Harness> {
  const db = createDb(await createDatabase(server!.url, `cluster_${process.pid}_${n++}`))
  onTestFinished(() => db.end())
  await migrate(db)
  const nodes: Record<string, FakeControl> = { n1: await fakeControl(), n2: await fakeControl() }
  const apps: Record<string, FastifyInstance> = {}
  for (const [id, c] of Object.entries(nodes)) {
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
  const down = new Set<string>()
  const fetchVia: FetchLike = async (url, init) => {
    const u = new URL(url)
    if (down.has(u.hostname)) throw new TypeError('fetch failed: connect ECONNREFUSED')
    const res = await apps[u.hostname]!.inject({
      method: init.method as 'POST',
      url: u.pathname,
      headers: init.headers,
      payload: init.body,
    })
    return new Response(res.rawPayload, { status: res.statusCode, headers: res.headers as Record<string, string> })
  }
  const resolve = createTemplateResolver({
    lookup: createTemplateLookup(new PgTemplateStore(db), builtinTemplates({ baseImage: BASE_IMAGE }), {
      state: () => ({ state: 'ready', image: BASE_IMAGE }),
    }),
    snapshot: async () => undefined,
    cpuCount: 1,
    memoryMB: 1024,
  })
  return {
    db,
    nodes,
    down,
    replica: (max = 100) =>
      createClusterNode({
        db,
        log,
        nodeToken: TOKEN,
        deadAfterMs: 60_000,
        maxSandboxes: max,
        resolve,
        fetch: fetchVia,
      }),
  }
}

describe('ClusterNode', () => {
  const needsPg = (skip: (note: string) => void) => {
    if (!server) skip('postgresql-15 is not installed')
  }

  it('spreads creates by load, finds each sandbox through the catalog from either replica, and forgets it on kill', async ({
    skip,
  }) => {
    needsPg(skip)
    const h = await harness()
    const [a, b] = [h.replica(), h.replica()]
    const made = []
    for (let i = 0; i < 4; i++) made.push(await (i % 2 ? b : a).create(createReq))
    const where = await Promise.all(made.map(async (s) => (await catalog.rowOf(h.db, s.sandboxId))!.nodeId))
    expect(where.sort()).toEqual(['n1', 'n1', 'n2', 'n2'])
    expect((await h.nodes.n1!.node.list()).length).toBe(2)
    expect((await a.list()).map((s) => s.sandboxId).sort()).toEqual(made.map((s) => s.sandboxId).sort())
    // Either replica reaches any sandbox.
    await b.pause(made[0]!.sandboxId, { memory: true })
    expect((await a.get(made[0]!.sandboxId)).state).toBe('paused')
    expect(await a.usesTemplate('base')).toBe(true)
    await a.kill(made[0]!.sandboxId)
    expect(await catalog.rowOf(h.db, made[0]!.sandboxId)).toBeUndefined()
    expect(await rejection(b.get(made[0]!.sandboxId))).toBeInstanceOf(SandboxNotFoundError)
    // No reservation outlives its create.
    expect(Number((await h.db.query('SELECT count(*) AS n FROM reservations')).rows[0].n)).toBe(0)
  })

  it('holds SANDOCK_MAX_SANDBOXES across replicas creating at once', async ({ skip }) => {
    needsPg(skip)
    const h = await harness()
    const replicas = [h.replica(3), h.replica(3)]
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => replicas[i % 2]!.create(createReq)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        kind: 'resource_exhausted',
        message: expect.stringContaining('maximum number of concurrent E2B sandboxes (3)'),
      })
    expect(Number((await h.db.query('SELECT count(*) AS n FROM sandboxes')).rows[0].n)).toBe(3)
  })

  it('retries a create on another node when the chosen one fails, and skips cordoned nodes', async ({ skip }) => {
    needsPg(skip)
    const h = await harness()
    const c = h.replica()
    h.down.add('n1')
    for (let i = 0; i < 2; i++) {
      const s = await c.create(createReq)
      expect((await catalog.rowOf(h.db, s.sandboxId))!.nodeId).toBe('n2')
    }
    h.down.clear()
    // A derived built-in neither node has built: each node answers 503 with its reason, the create
    // is tried on both, and the caller gets that 503 (not a 404, not a hang).
    expect(await rejection(c.create({ ...createReq, templateRef: 'desktop' }))).toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining("the built-in template 'desktop'"),
    })
    await setSchedulable(h.db, 'n1', false)
    const s = await c.create(createReq)
    expect((await catalog.rowOf(h.db, s.sandboxId))!.nodeId).toBe('n2')
    await setSchedulable(h.db, 'n2', false)
    expect(await rejection(c.create(createReq))).toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('every node is down or cordoned'),
    })
    // A template that does not exist is the API's 404, before any node is asked.
    expect(await rejection(c.create({ ...createReq, templateRef: 'nosuch' }))).toMatchObject({ kind: 'not_found' })
  })

  it('fails the template builds whose replica stopped renewing their lease, with a reason and a last log line', async ({
    skip,
  }) => {
    needsPg(skip)
    const h = await harness()
    const c = h.replica()
    const store = new PgTemplateStore(h.db)
    for (const id of ['orphan', 'alive']) {
      await store.requestBuild({
        newTemplateId: `t-${id}`,
        alias: id,
        buildId: id,
        cpuCount: 1,
        memoryMB: 512,
        tags: [],
      })
      await store.setBuilding(id)
    }
    // 'orphan': its replica was killed two minutes ago; 'alive' was renewed just now.
    await h.db.query("UPDATE builds SET updated_at = $1 WHERE build_id = 'orphan'", [
      new Date(Date.now() - 120_000).toISOString(),
    ])
    const builds = { store, expireMs: 45_000 }
    expect(await reconcileOnce(h.db, c, log, builds)).toEqual({
      locked: true,
      forgotten: 0,
      recorded: 0,
      buildsFailed: ['orphan'],
    })
    const message = 'the control replica running this build stopped during it; start the build again'
    expect(await store.build('orphan')).toMatchObject({ status: 'error', reason: { message } })
    expect((await store.logs('orphan', { offset: 0, limit: 10 })).map((l) => [l.level, l.message])).toEqual([
      ['error', message],
    ])
    expect((await store.build('alive'))?.status).toBe('building')
    expect((await reconcileOnce(h.db, c, log, builds)).buildsFailed).toEqual([])
    // Without the builds' side (as before), a round leaves builds alone.
    await h.db.query("UPDATE builds SET updated_at = $1 WHERE build_id = 'alive'", [
      new Date(Date.now() - 120_000).toISOString(),
    ])
    expect(await reconcileOnce(h.db, c, log)).toEqual({ locked: true, forgotten: 0, recorded: 0 })
    expect((await store.build('alive'))?.status).toBe('building')
  })

  it('reports the sandboxes of a dead node gone, and reconciles the catalog with the nodes', async ({ skip }) => {
    needsPg(skip)
    const h = await harness()
    const c = h.replica()
    const s1 = await c.create(createReq)
    const s2 = await c.create(createReq)
    const onN1 = (await catalog.rowOf(h.db, s1.sandboxId))!.nodeId === 'n1' ? s1 : s2
    const onN2 = onN1 === s1 ? s2 : s1
    // n2 loses a sandbox behind control's back (a timeout there); n1 gains one control never recorded.
    await h.nodes.n2!.node.kill(onN2.sandboxId)
    const stray = await h.nodes.n1!.node.create(createReq)
    await h.db.query("UPDATE sandboxes SET created_at = now() - interval '1 minute'")
    expect(await reconcileOnce(h.db, c, log)).toEqual({ locked: true, forgotten: 1, recorded: 1 })
    expect((await catalog.rowOf(h.db, stray.sandboxId))?.nodeId).toBe('n1')
    expect(await catalog.rowOf(h.db, onN2.sandboxId)).toBeUndefined()

    // n1 stops heartbeating: its sandboxes are gone, not hanging, and placement avoids it.
    await h.db.query("UPDATE nodes SET heartbeat_at = now() - interval '1 hour' WHERE node_id = 'n1'")
    h.down.add('n1')
    expect(await rejection(c.get(onN1.sandboxId))).toBeInstanceOf(SandboxNotFoundError)
    expect(await catalog.rowOf(h.db, onN1.sandboxId)).toBeUndefined()
    expect((await reconcileOnce(h.db, c, log)).forgotten).toBe(1) // the stray one
    const placed = await c.create(createReq)
    expect((await catalog.rowOf(h.db, placed.sandboxId))!.nodeId).toBe('n2')
    expect((await c.list()).map((x) => x.sandboxId)).toEqual([placed.sandboxId])
  })
})
