// Snapshots in a cluster: the filesystem is committed on the sandbox's node and pushed to the
// registry; the metadata is a PostgreSQL row (design/scale-out.md §3.2), so any node can start a
// sandbox from it (pulling the image on first use) and any replica can list it. The node's side
// implements the same SnapshotService as the one-host one (sandboxes/snapshots.ts).
import { AppError, NotFoundError } from '../../shared/errors.js'
import { newSnapshotId } from '../../shared/ids.js'
import type { BuildRuntime, SandboxRuntime } from '../../node/runtime/types.js'
import { describeSnapshot, type SnapshotInfo, type SnapshotService } from '../../node/sandboxes/snapshots.js'
import type { Db } from './pg.js'
import type { RegistryAuth } from './secret-file.js'
import { pushOrDiscard } from '../../node/runtime/images.js'

const NAME = /^[a-z0-9][a-z0-9._-]{0,127}$/i

export type SnapshotRow = SnapshotInfo & {
  templateId: string
  nodeId: string
  image: string
  cpuCount: number
  memoryMB: number
  forkOf: string | undefined
}

const toRow = (r: Record<string, unknown>): SnapshotRow => ({
  snapshotId: r.snapshot_id as string,
  names: r.names as string[],
  sandboxId: r.sandbox_id as string,
  createdS: Number(r.created_s),
  templateId: r.template_id as string,
  nodeId: r.node_id as string,
  image: r.image as string,
  cpuCount: Number(r.cpu_count),
  memoryMB: Number(r.memory_mb),
  forkOf: (r.fork_of as string | null) ?? undefined,
})

/** Listed snapshots (not forks' own), newest first. */
export async function listSnapshotRows(db: Db, filter: { sandboxId?: string; name?: string }): Promise<SnapshotInfo[]> {
  const { rows } = await db.query(
    `SELECT * FROM snapshots WHERE fork_of IS NULL AND ($1::text IS NULL OR sandbox_id = $1) AND ($2::text IS NULL OR names ? $2)
    ORDER BY created_s DESC, snapshot_id`,
    [filter.sandboxId ?? null, filter.name ?? null],
  )
  return rows
    .map(toRow)
    .map(({ snapshotId, names, sandboxId, createdS }) => ({ snapshotId, names, sandboxId, createdS }))
}

/** By id or name (forks' snapshots too: a fork starts from one). */
export async function findSnapshotRow(db: Db, ref: string): Promise<SnapshotRow | undefined> {
  const { rows } = await db.query(
    'SELECT * FROM snapshots WHERE snapshot_id = $1 OR names ? $1 ORDER BY (snapshot_id = $1) DESC LIMIT 1',
    [ref],
  )
  return rows[0] ? toRow(rows[0]) : undefined
}

export async function deleteSnapshotRow(db: Db, snapshotId: string): Promise<void> {
  await db.query('DELETE FROM snapshots WHERE snapshot_id = $1', [snapshotId])
}

/**
 * The node's snapshot service: commit as `<registry>/sandock/snapshot:<id>` and push (a fork's
 * snapshot too, so forks placed elsewhere can pull it), then the row. `ensureImage` pulls an
 * image this node does not have yet.
 */
export function createClusterSnapshots(deps: {
  db: Db
  runtime: Pick<SandboxRuntime, 'commitSnapshot' | 'removeImage'> & Pick<BuildRuntime, 'push'>
  nodeId: string
  registry: string
  /** The registry's credentials (the sandock_registry_auth secret), for the push. */
  registryAuth?: RegistryAuth
  ensureImage: (image: string) => Promise<void>
}): SnapshotService {
  const { db, runtime } = deps
  const imageOf = (snapshotId: string) => `${deps.registry ? `${deps.registry}/` : ''}sandock/snapshot:${snapshotId}`
  return {
    async create(sandbox, opts = {}) {
      if (opts.name !== undefined && !NAME.test(opts.name))
        throw new AppError('invalid_argument', 'name: use letters, digits, ".", "_" and "-" (at most 128)')
      if (opts.name && (await db.query('SELECT 1 FROM snapshots WHERE names ? $1', [opts.name])).rows.length > 0) {
        throw new AppError('conflict', `a snapshot named '${opts.name}' already exists`)
      }
      const snapshotId = newSnapshotId()
      const names = opts.name ? [opts.name] : []
      const image = imageOf(snapshotId)
      await runtime.commitSnapshot(
        sandbox.containerId,
        image,
        describeSnapshot(sandbox, { snapshotId, names, forkOf: opts.forkOf }),
      )
      // A snapshot other nodes cannot pull is none: its commit goes with the failed push.
      if (deps.registry) await pushOrDiscard(runtime, image, deps.registryAuth, [image])
      const createdS = Math.floor(Date.now() / 1000)
      await db.query(
        `INSERT INTO snapshots (snapshot_id, names, sandbox_id, template_id, node_id, image, cpu_count, memory_mb, fork_of, created_s)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          snapshotId,
          JSON.stringify(names),
          sandbox.sandboxId,
          sandbox.templateId,
          deps.nodeId,
          image,
          sandbox.cpuCount,
          sandbox.memoryMB,
          opts.forkOf ?? null,
          createdS,
        ],
      )
      return { snapshotId, names, sandboxId: sandbox.sandboxId, createdS }
    },

    list: (filter) => listSnapshotRows(db, filter),

    async resolve(ref) {
      const s = await findSnapshotRow(db, ref)
      if (!s) return undefined
      await deps.ensureImage(s.image)
      return { templateId: s.snapshotId, alias: s.names[0], image: s.image, cpuCount: s.cpuCount, memoryMB: s.memoryMB }
    },

    /** This node's copy and the row; control removes the other nodes' copies (ClusterNode.removeSnapshot). */
    async remove(snapshotId) {
      const s = await findSnapshotRow(db, snapshotId)
      if (!s || s.snapshotId !== snapshotId) throw new NotFoundError(`template '${snapshotId}' not found`)
      if ((await runtime.removeImage(s.image)) === 'in_use')
        throw new AppError('conflict', `snapshot '${snapshotId}' is in use by a sandbox`)
      await deleteSnapshotRow(db, snapshotId)
    },
  }
}
