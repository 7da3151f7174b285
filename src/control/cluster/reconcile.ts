// Keeping the sandbox catalog true to the nodes (E2B reconciles its store with every orchestrator
// the same way): rows of dead nodes go (their sandboxes are reported gone), rows whose sandbox a
// live node no longer has go (a timeout killed it there), and sandboxes a node has without a row
// get one (a replica died between the node's answer and its write). Template builds whose replica
// stopped renewing their lease (it died mid-build) are failed with a reason, not left building.
// One replica at a time does it, under a PostgreSQL advisory lock; each round is bounded by the
// nodes' answers (30 s at most).
import type { Logger } from 'pino'
import type { TemplateStore } from '../templates/template-store.js'
import type { ClusterNode } from './cluster-node.js'
import * as catalog from './sandbox-placements.js'
import { inTx, LOCKS, type Db } from './pg.js'

/** A row younger than this may belong to a create whose node answered after the listing. */
const SETTLE_MS = 15_000

export type ReconcileResult = { locked: boolean; forgotten: number; recorded: number; buildsFailed?: string[] }

/** The builds' side: their store and how old a lease may get before its build counts as orphaned. */
export type BuildLeases = { store: Pick<TemplateStore, 'failStaleBuilds' | 'appendLogs'>; expireMs: number }

/** Fails the builds whose lease expired, each with a last log line saying why. */
async function failOrphanedBuilds(builds: BuildLeases, log: Logger): Promise<string[]> {
  const message = 'the control replica running this build stopped during it; start the build again'
  const failed = await builds.store.failStaleBuilds(new Date(Date.now() - builds.expireMs), { message })
  for (const buildId of failed)
    await builds.store.appendLogs(buildId, [{ timestamp: new Date().toISOString(), level: 'error', message }])
  if (failed.length > 0)
    log.warn({ buildIds: failed }, 'template builds failed: their control replica stopped renewing them')
  return failed
}

export async function reconcileOnce(
  db: Db,
  cluster: Pick<ClusterNode, 'nodes' | 'remote'>,
  log: Logger,
  builds?: BuildLeases,
): Promise<ReconcileResult> {
  return inTx(db, async (tx) => {
    const {
      rows: [lock],
    } = await tx.query('SELECT pg_try_advisory_xact_lock($1) AS ok', [LOCKS.chores])
    if (!lock.ok) return { locked: false, forgotten: 0, recorded: 0 }
    const buildsFailed = builds ? await failOrphanedBuilds(builds, log) : undefined
    const live = await cluster.nodes()
    const gone = await catalog.forgetOnDeadNodes(
      db,
      live.map((n) => n.nodeId),
    )
    if (gone.length > 0) log.info({ sandboxIds: gone }, 'sandboxes reported gone: their nodes are dead')
    let forgotten = gone.length
    let recorded = 0
    for (const node of live) {
      const listedAt = Date.now()
      const onNode = await cluster
        .remote(node)
        .list()
        .catch((err: unknown) => {
          log.warn({ err, nodeId: node.nodeId }, 'reconcile: a node did not list its sandboxes')
          return undefined
        })
      if (!onNode) continue
      const there = new Set(onNode.map((s) => s.sandboxId))
      const rows = await catalog.rowsOnNode(db, node.nodeId)
      const stale = rows
        .filter((r) => !there.has(r.sandboxId) && r.createdAt.getTime() < listedAt - SETTLE_MS)
        .map((r) => r.sandboxId)
      forgotten += await catalog.forget(db, stale)
      const known = new Set(rows.map((r) => r.sandboxId))
      // A sandbox with a row on another node is a drain's copy (moved there, or on its way): the row stays.
      for (const s of onNode.filter((x) => !known.has(x.sandboxId))) {
        await catalog.recordMissing(db, {
          sandboxId: s.sandboxId,
          nodeId: node.nodeId,
          templateId: s.templateId,
          cpuCount: s.cpuCount,
          memoryMB: s.memoryMB,
        })
        recorded++
      }
    }
    if (forgotten + recorded > 0) log.info({ forgotten, recorded }, 'sandbox catalog reconciled')
    return { locked: true, forgotten, recorded, ...(buildsFailed ? { buildsFailed } : {}) }
  })
}

/** Reconciles every `everyMs` until stopped. */
export function startReconciler(
  db: Db,
  cluster: Pick<ClusterNode, 'nodes' | 'remote'>,
  log: Logger,
  everyMs: number,
  builds?: BuildLeases,
): { stop(): Promise<void> } {
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    running = running.then(() =>
      stopped
        ? undefined
        : reconcileOnce(db, cluster, log, builds).catch((err: unknown) => log.warn({ err }, 'reconcile failed')),
    )
  }, everyMs)
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
