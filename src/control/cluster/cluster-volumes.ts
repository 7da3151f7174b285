// A node's side of the cluster's volumes (pg-volume-store.ts): a create's volumeMounts names are
// looked up in PostgreSQL (prepare, before the create's synchronous check), and each volume gets a
// Docker volume on this node's engine bound to <volumesDir>/<volumeId> on the shared directory,
// which is all a sandbox mounts (never the shared directory itself). This node's claim on a volume
// (volume_nodes) keeps a deleted volume's placeholder until its Docker volume here is gone; the
// sweep removes the Docker volumes of deleted volumes once no container uses them.
import { join, resolve } from 'node:path'
import type { Logger } from 'pino'
import type { VolumeRuntime } from '../../node/runtime/types.js'
import type { SandboxVolumes } from '../../node/sandboxes/volume-mounts.js'
import { purgeDeleted } from './pg-volume-store.js'
import type { Db } from './pg.js'

/** How often the node looks for Docker volumes of volumes deleted through any replica. */
export const VOLUME_SWEEP_MS = 30_000

export type ClusterVolumes = SandboxVolumes & Readonly<{ sweep(): Promise<void>; close(): void }>

export function createClusterVolumes(deps: {
  db: Db
  runtime: VolumeRuntime
  nodeId: string
  volumesDir: string
  log: Logger
  sweepMs?: number
}): ClusterVolumes {
  const { db, runtime, nodeId } = deps
  const volumesDir = resolve(deps.volumesDir)
  const log = deps.log.child({ component: 'volumes' })
  /** Names → ids as the last prepare() of each name found them (a name absent: no such volume). */
  const ids = new Map<string, string>()
  let sweeping: Promise<void> | undefined

  async function sweepOnce(): Promise<void> {
    const here = await runtime.listVolumes()
    if (here.length === 0) return
    const { rows } = await db.query('SELECT volume_id FROM volumes WHERE volume_id = ANY($1) AND deleted_at IS NULL', [
      here.map((v) => v.volumeId),
    ])
    const live = new Set(rows.map((r) => (r as { volume_id: string }).volume_id))
    for (const v of here) {
      if (live.has(v.volumeId)) continue
      if ((await runtime.removeVolume(v.volumeId)) === 'in_use') continue
      await db.query('DELETE FROM volume_nodes WHERE volume_id = $1 AND node_id = $2', [v.volumeId, nodeId])
      await purgeDeleted(db, volumesDir, v.volumeId)
      log.info({ volumeId: v.volumeId }, 'docker volume of a deleted volume removed')
    }
  }

  /** One sweep at a time; a failure is logged (the next sweep retries). */
  const sweep = (): Promise<void> =>
    (sweeping ??= sweepOnce()
      .catch((err: unknown) => log.warn({ err }, 'volume sweep failed'))
      .finally(() => {
        sweeping = undefined
      }))
  const timer = setInterval(() => void sweep(), deps.sweepMs ?? VOLUME_SWEEP_MS)
  timer.unref()

  return {
    async prepare(names) {
      const wanted = [...new Set(names)]
      if (wanted.length === 0) return
      // The claim first: from here on a deletion leaves the placeholder until this node lets go.
      await db.query(
        `INSERT INTO volume_nodes (volume_id, node_id)
           SELECT volume_id, $2 FROM volumes WHERE name = ANY($1) AND deleted_at IS NULL ON CONFLICT DO NOTHING`,
        [wanted, nodeId],
      )
      const { rows } = await db.query(
        'SELECT volume_id, name, created_at FROM volumes WHERE name = ANY($1) AND deleted_at IS NULL',
        [wanted],
      )
      for (const name of wanted) ids.delete(name)
      for (const r of rows as Array<{ volume_id: string; name: string; created_at: Date }>) {
        const v = { volumeId: r.volume_id, name: r.name, createdAt: new Date(r.created_at) }
        // Idempotent: an existing Docker volume of that name is kept.
        await runtime.createVolume(v, join(volumesDir, v.volumeId))
        ids.set(v.name, v.volumeId)
      }
    },
    idOf: (name) => ids.get(name),
    released: () => void sweep(),
    sweep,
    close: () => clearInterval(timer),
  }
}
