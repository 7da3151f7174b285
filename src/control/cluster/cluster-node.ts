// ClusterNode: control's SandboxNode over the cluster. Routes and the template service talk to it
// exactly as to LocalNode; it places creates (place-create.ts), finds each sandbox's node in the
// catalog (node-reach.ts), and answers
// listings by asking every live node (their containers are the truth). A sandbox whose node is dead
// is reported gone (404), never left hanging; a node that answers nothing is `unavailable`.
import type { Logger } from 'pino'
import { AppError, NotFoundError } from '../../shared/errors.js'
import type { FetchLike, RemoteNode } from './remote-node.js'
import type { TlsIdentity } from '../../node/agent-api/wire.js'
import type { PoolStatus, SandboxNode, ForkItem } from '../../node/sandbox-node.js'
import type { RemoveImageResult } from '../../node/runtime/types.js'
import type { SandboxMetric } from '../../node/sandboxes/types.js'
import type { TemplateResolver } from '../../node/builds/template-model.js'
import { createNodeReach, type NodeReach } from './node-reach.js'
import type { NodeRow } from './nodes.js'
import type { Db } from './pg.js'
import { placeCreate } from './place-create.js'
import * as catalog from './sandbox-placements.js'
import { deleteSnapshotRow, findSnapshotRow, listSnapshotRows } from './snapshots.js'

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
  /** Mutual TLS to the agents (this replica's control certificate); unset: plain HTTP (SANDOCK_CLUSTER_TLS=off). */
  tls?: TlsIdentity
}>

export type ClusterNode = SandboxNode & {
  /** The live nodes (placement's and the proxy edge's view). */
  nodes(): Promise<NodeRow[]>
  /** The remote of a live node. */
  remote(node: NodeRow): RemoteNode
}

export function createClusterNode(deps: ClusterNodeDeps): ClusterNode {
  const { db } = deps
  const reach = createNodeReach(deps)
  const { remote, nodes, fanOut, onSandbox, recordAll } = reach
  const node: ClusterNode = {
    create: (req) => placeCreate({ ...deps, reach }, req),
    nodes,
    remote,

    get: (sandboxId) => onSandbox(sandboxId, (r) => r.get(sandboxId)),

    /** A sandbox listed by a node its row does not name is a drain's copy in between (listed once, where its row is). */
    async list() {
      const listed = await fanOut('list', (r) => r.list())
      const rows = await catalog.rowsOf(
        db,
        listed.flatMap((x) => x.value.map((s) => s.sandboxId)),
      )
      const home = new Map(rows.map((r) => [r.sandboxId, r.nodeId]))
      return listed.flatMap((x) => x.value.filter((s) => (home.get(s.sandboxId) ?? x.node.nodeId) === x.node.nodeId))
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
      return lastMetricsOf(db, { nodes, remote }, sandboxIds)
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

/** The latest sample of each sandbox, asked of the live node that has it. */
async function lastMetricsOf(
  db: Db,
  reach: Pick<NodeReach, 'nodes' | 'remote'>,
  sandboxIds: readonly string[],
): Promise<Record<string, SandboxMetric>> {
  const { nodes, remote } = reach
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
}
