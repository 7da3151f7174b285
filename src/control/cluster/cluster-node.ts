// ClusterNode: control's SandboxNode over the cluster. Routes and the template service talk to it
// exactly as to LocalNode; it places creates (placement.ts) under a reservation (catalog.ts),
// retries on another node when one fails, finds each sandbox's node in the catalog, and answers
// listings by asking every live node (their containers are the truth). A sandbox whose node is dead
// is reported gone (404), never left hanging; a node that answers nothing is `unavailable`.
import type { Logger } from 'pino'
import { AppError, NotFoundError, SandboxNotFoundError } from '../../shared/errors.js'
import { createRemoteNode, NodeUnreachableError, type FetchLike, type RemoteNode } from './remote-node.js'
import type { ForkItem, PoolStatus, SandboxNode } from '../../node/sandbox-node.js'
import type { RemoveImageResult } from '../../node/runtime/types.js'
import type { SandboxInfo, SandboxMetric } from '../../node/sandboxes/types.js'
import type { TemplateResolver } from '../../node/builds/template-model.js'
import * as catalog from './sandbox-placements.js'
import { liveNodes, type NodeRow } from './nodes.js'
import type { Db } from './pg.js'
import { rankNodes } from './placement.js'
import { deleteSnapshotRow, findSnapshotRow, listSnapshotRows } from './snapshots.js'

/** A create tries at most this many nodes. */
const CREATE_ATTEMPTS = 3

export type ClusterNodeDeps = Readonly<{
  db: Db
  log: Logger
  nodeToken: string
  deadAfterMs: number
  /** SANDOCK_MAX_SANDBOXES, across every replica. */
  maxSandboxes: number
  /** A create's template reference → image and resources (the catalog in PostgreSQL, then snapshots). */
  resolve: TemplateResolver
  /** Told of each sandbox placed (the template catalog's spawn count); never throws. */
  spawned?: (templateId: string) => void
  fetch?: FetchLike
}>

export type ClusterNode = SandboxNode & {
  /** The live nodes (placement's and the proxy edge's view). */
  nodes(): Promise<NodeRow[]>
  /** The remote of a live node. */
  remote(node: NodeRow): RemoteNode
}

/** Errors after which a create is tried on another node: the node is gone, broken or full. */
const retryable = (e: unknown) =>
  e instanceof AppError &&
  ['unavailable', 'internal', 'unknown', 'resource_exhausted', 'deadline_exceeded'].includes(e.kind)

export function createClusterNode(deps: ClusterNodeDeps): ClusterNode {
  const { db, log } = deps
  const remotes = new Map<string, { baseUrl: string; remote: RemoteNode }>()

  function remote(n: NodeRow): RemoteNode {
    const baseUrl = `http://${n.address}:${n.apiPort}`
    const known = remotes.get(n.nodeId)
    if (known?.baseUrl === baseUrl) return known.remote
    const r = createRemoteNode({ nodeId: n.nodeId, baseUrl, token: deps.nodeToken, fetch: deps.fetch })
    remotes.set(n.nodeId, { baseUrl, remote: r })
    return r
  }

  const nodes = () => liveNodes(db, deps.deadAfterMs)

  /** Every live node's answer, leaving out (and logging) the ones that fail. */
  async function fanOut<T>(
    what: string,
    fn: (r: RemoteNode) => Promise<T>,
  ): Promise<Array<{ node: NodeRow; value: T }>> {
    const live = await nodes()
    const settled = await Promise.allSettled(live.map(async (node) => ({ node, value: await fn(remote(node)) })))
    return settled.flatMap((s, i) => {
      if (s.status === 'fulfilled') return [s.value]
      log.warn({ err: s.reason, nodeId: live[i]!.nodeId, what }, 'a node did not answer')
      return []
    })
  }

  /**
   * Runs `fn` on the sandbox's node. Not in the catalog: asks every live node (a row not written
   * yet). On a dead node, or one that no longer has it: the row goes and the answer is 404.
   */
  async function onSandbox<T>(sandboxId: string, fn: (r: RemoteNode) => Promise<T>): Promise<T> {
    const row = await catalog.rowOf(db, sandboxId)
    const live = await nodes()
    let node = row && live.find((n) => n.nodeId === row.nodeId)
    if (row && !node) {
      await catalog.forget(db, [sandboxId])
      log.info({ sandboxId, nodeId: row.nodeId }, 'sandbox reported gone: its node is dead')
      throw new SandboxNotFoundError(sandboxId)
    }
    if (!node) {
      const found = (
        await Promise.all(
          live.map(async (n) =>
            (await remote(n)
              .get(sandboxId)
              .catch(() => undefined))
              ? n
              : undefined,
          ),
        )
      ).find(Boolean)
      if (!found) throw new SandboxNotFoundError(sandboxId)
      node = found
    }
    try {
      return await fn(remote(node))
    } catch (e) {
      if (e instanceof SandboxNotFoundError) await catalog.forget(db, [sandboxId])
      if (e instanceof NodeUnreachableError && !(await nodes()).some((n) => n.nodeId === node.nodeId)) {
        await catalog.forget(db, [sandboxId])
        throw new SandboxNotFoundError(sandboxId)
      }
      throw e
    }
  }

  const recordAll = async (nodeId: string, sandboxes: SandboxInfo[]) => {
    for (const s of sandboxes)
      await catalog.record(db, {
        sandboxId: s.sandboxId,
        nodeId,
        templateId: s.templateId,
        cpuCount: s.cpuCount,
        memoryMB: s.memoryMB,
      })
  }

  const node: ClusterNode = {
    nodes,
    remote,

    async create(req) {
      const template = await deps.resolve(req.templateRef)
      const live = await nodes()
      const want = {
        templateRef: req.templateRef,
        templateId: template.templateId,
        alias: template.alias,
        image: template.image,
        cpuCount: template.cpuCount,
        memoryMB: template.memoryMB,
      }
      let ranked: NodeRow[] = []
      const reservation = await catalog.reserve(db, {
        max: deps.maxSandboxes,
        cpuCount: template.cpuCount,
        memoryMB: template.memoryMB,
        choose: (loads) => (ranked = rankNodes(live, loads, want))[0]?.nodeId,
      })
      if (!reservation) throw new AppError('unavailable', 'no node can take a sandbox: every node is down or cordoned')
      let lastError: unknown
      try {
        for (const candidate of ranked.slice(0, CREATE_ATTEMPTS)) {
          if (candidate.nodeId !== reservation.nodeId) await catalog.moveReservation(db, reservation, candidate.nodeId)
          try {
            const sandbox = await remote(candidate).create(req)
            await catalog.record(
              db,
              {
                sandboxId: sandbox.sandboxId,
                nodeId: candidate.nodeId,
                templateId: sandbox.templateId,
                cpuCount: sandbox.cpuCount,
                memoryMB: sandbox.memoryMB,
              },
              reservation,
            )
            log.info(
              { sandboxId: sandbox.sandboxId, nodeId: candidate.nodeId, templateId: sandbox.templateId },
              'sandbox placed',
            )
            deps.spawned?.(sandbox.templateId)
            return sandbox
          } catch (e) {
            if (!retryable(e)) throw e
            lastError = e
            log.warn({ err: e, nodeId: candidate.nodeId }, 'create failed on a node; trying another')
          }
        }
        throw lastError
      } finally {
        await catalog
          .release(db, reservation)
          .catch((err: unknown) => log.warn({ err }, 'releasing a reservation failed (it expires)'))
      }
    },

    get: (sandboxId) => onSandbox(sandboxId, (r) => r.get(sandboxId)),

    async list() {
      return (await fanOut('list', (r) => r.list())).flatMap((x) => x.value)
    },

    async kill(sandboxId) {
      await onSandbox(sandboxId, (r) => r.kill(sandboxId))
      await catalog.forget(db, [sandboxId])
    },

    pause: (sandboxId, opts) => onSandbox(sandboxId, (r) => r.pause(sandboxId, opts)),
    resume: (sandboxId, timeoutS) => onSandbox(sandboxId, (r) => r.resume(sandboxId, timeoutS)),
    connect: (sandboxId, timeoutS, opts) => onSandbox(sandboxId, (r) => r.connect(sandboxId, timeoutS, opts)),
    setTimeout: (sandboxId, timeoutS) => onSandbox(sandboxId, (r) => r.setTimeout(sandboxId, timeoutS)),
    refresh: (sandboxId, durationS) => onSandbox(sandboxId, (r) => r.refresh(sandboxId, durationS)),
    updateNetwork: (sandboxId, update) => onSandbox(sandboxId, (r) => r.updateNetwork(sandboxId, update)),
    metrics: (sandboxId, range) => onSandbox(sandboxId, (r) => r.metrics(sandboxId, range)),
    logs: (sandboxId, opts) => onSandbox(sandboxId, (r) => r.logs(sandboxId, opts)),
    snapshot: (sandboxId, name) => onSandbox(sandboxId, (r) => r.snapshot(sandboxId, name)),

    async lastMetrics(sandboxIds) {
      const byNode = new Map<string, string[]>()
      for (const row of await catalog.rowsOf(db, sandboxIds))
        byNode.set(row.nodeId, [...(byNode.get(row.nodeId) ?? []), row.sandboxId])
      const live = await nodes()
      const out: Record<string, SandboxMetric> = {}
      await Promise.all(
        [...byNode].map(async ([nodeId, ids]) => {
          const n = live.find((x) => x.nodeId === nodeId)
          if (n)
            Object.assign(
              out,
              await remote(n)
                .lastMetrics(ids)
                .catch(() => ({})),
            )
        }),
      )
      return out
    },

    listSnapshots: (filter) => listSnapshotRows(db, filter),

    /** The image goes from every live node (in use on one: conflict), then the row. */
    async removeSnapshot(snapshotId) {
      const s = await findSnapshotRow(db, snapshotId)
      if (!s || s.snapshotId !== snapshotId) throw new NotFoundError(`template '${snapshotId}' not found`)
      const results = await fanOut('removeImage', (r) => r.removeImage(s.image))
      if (results.some((x) => x.value === 'in_use'))
        throw new AppError('conflict', `snapshot '${snapshotId}' is in use by a sandbox`)
      await deleteSnapshotRow(db, snapshotId)
    },

    /** Forks start on the source's node (its snapshot is there already); each is recorded there. */
    async fork(sandboxId, opts) {
      let nodeId = ''
      const items: ForkItem[] = await onSandbox(sandboxId, async (r) => {
        nodeId = r.nodeId
        return r.fork(sandboxId, opts)
      })
      await recordAll(
        nodeId,
        items.flatMap((i) => ('sandbox' in i ? [i.sandbox] : [])),
      )
      return items
    },

    /** Every live node's pools, added up per template reference. */
    async poolStatus() {
      const out: PoolStatus = {}
      for (const n of await nodes()) {
        for (const [ref, p] of Object.entries(n.status.pools)) {
          const acc = (out[ref] ??= { size: 0, ready: 0 })
          acc.size += p.size
          acc.ready += p.ready
        }
      }
      return out
    },

    usesTemplate: (templateId) => catalog.templateInUse(db, templateId),

    /** On the least loaded schedulable node; the node pushes the image to the registry. */
    async build(job, out) {
      const live = (await nodes()).filter((n) => n.schedulable)
      const target = live.sort(
        (a, b) => a.status.sandboxes / a.cpuCount - b.status.sandboxes / b.cpuCount || (a.nodeId < b.nodeId ? -1 : 1),
      )[0]
      if (!target) throw new AppError('unavailable', 'no node can run a template build: every node is down or cordoned')
      out.log('info', 'base', `Building on node ${target.nodeId}`)
      return remote(target).build(job, out)
    },

    async removeImage(image) {
      const results = (await fanOut('removeImage', (r) => r.removeImage(image))).map((x) => x.value)
      const worst: RemoveImageResult[] = ['in_use', 'removed', 'missing']
      return worst.find((w) => results.includes(w)) ?? 'missing'
    },

    /** Build containers belong to their node's agent, which removes its own leftovers at its start. */
    removeBuildContainers: async () => 0,

    // The proxy edge (edge-proxy.ts) forwards to the owning node's proxy, which resolves, tracks
    // and auto-resumes there: control itself never dials a sandbox.
    proxy: {
      lookup: () => undefined,
      resume: async (sandboxId) => void (await onSandbox(sandboxId, (r) => r.proxyResume(sandboxId))),
      track: (_sandboxId, close) => {
        close()
        return () => undefined
      },
    },
  }
  return node
}
