// The cluster's volume store: the same volumes as one host's (volume-store.ts: names, UUID ids,
// the error texts, the content API on <volumesDir>/<volumeId>) with their metadata in PostgreSQL
// and their data on SANDOCK_VOLUMES_DIR, a directory every control replica and node mounts at the
// same path (a shared filesystem, shared-volumes-dir.ts). Any replica creates, lists, deletes and
// serves the content of any volume; a node mounts one by its id (cluster-volumes.ts).
//
// Deleting: the row is marked (deleted_at: gone from the API at once, its name free), by exactly
// one replica (the UPDATE that marks it), which then moves the data to <volumesDir>/.trash and
// removes it, leaving an empty placeholder (root's, 0555) where a stopped sandbox's mount will look
// when it starts again. The row and the placeholder go once no node holds a Docker volume for it
// (purgeDeleted, called by that replica and by each node after it removed its Docker volume).
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, readdir, rename, rmdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Logger } from 'pino'
import { AppError, InvalidArgumentError } from '../../shared/errors.js'
import { createVolumeFs, removeTree, type VolumeFs } from '../../node/volumes/volume-fs.js'
import { isVolumeId, isVolumeName } from '../volumes/names.js'
import { VolumeNotFoundError, makeDataDir } from '../volumes/volume-store.js'
import type { Volume, VolumesBackend } from '../volumes/volumes-backend.js'
import type { Db } from './pg.js'

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505'
export const TRASH = '.trash'

const toVolume = (r: Record<string, unknown>): Volume => ({
  volumeId: r.volume_id as string,
  name: r.name as string,
  createdAt: new Date(r.created_at as string | Date),
})

/**
 * Removes a deleted volume's row and placeholder directory once no node holds a Docker volume for
 * it (volume_nodes); true when it did. Safe to call from any replica or node, any number of times.
 */
export async function purgeDeleted(db: Db, volumesDir: string, volumeId: string): Promise<boolean> {
  const done = await db.query(
    `DELETE FROM volumes WHERE volume_id = $1 AND deleted_at IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM volume_nodes WHERE volume_id = $1)`,
    [volumeId],
  )
  if (done.rowCount !== 1) return false
  // The placeholder is empty (the data went to the trash); a non-empty one is left, never emptied here.
  await rmdir(join(volumesDir, volumeId)).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT' && e.code !== 'ENOTEMPTY' && e.code !== 'EEXIST') throw e
  })
  return true
}

export class PgVolumeStore implements VolumesBackend {
  readonly volumesDir: string
  private readonly log: Logger

  /** `volumesDir`: the shared directory (checked by checkSharedVolumesDir before this is used). */
  constructor(
    private readonly db: Db,
    volumesDir: string,
    log: Logger,
  ) {
    this.volumesDir = resolve(volumesDir)
    this.log = log.child({ component: 'volumes' })
  }

  private dirOf(volumeId: string): string {
    return join(this.volumesDir, volumeId)
  }

  /** Makes the trash directory and removes what a replica's restart left in it (in the background). */
  async start(): Promise<void> {
    const trash = join(this.volumesDir, TRASH)
    await mkdir(trash, { recursive: true, mode: 0o700 })
    void (async () => {
      for (const name of await readdir(trash).catch(() => [] as string[]))
        await removeTree(join(trash, name)).catch((err: unknown) =>
          this.log.warn({ err }, "could not remove a deleted volume's data"),
        )
    })()
  }

  async create(name: string): Promise<Volume> {
    if (!isVolumeName(name)) throw new InvalidArgumentError('Invalid volume name')
    const v: Volume = { volumeId: randomUUID(), name, createdAt: new Date() }
    // The directory first: a volume visible in the API always has its data directory.
    const dir = this.dirOf(v.volumeId)
    await makeDataDir(dir)
    try {
      // The partial unique index decides between replicas creating one name at once: one row wins.
      await this.db.query('INSERT INTO volumes (volume_id, name, created_at) VALUES ($1, $2, $3)', [
        v.volumeId,
        name,
        v.createdAt.toISOString(),
      ])
    } catch (e) {
      await removeTree(dir).catch(() => undefined)
      if ((e as { code?: string }).code === UNIQUE_VIOLATION)
        throw new InvalidArgumentError(`Volume with name '${name}' already exists`)
      throw e
    }
    this.log.info({ volumeId: v.volumeId, name }, 'volume created')
    return v
  }

  async list(): Promise<Volume[]> {
    const { rows } = await this.db.query(
      'SELECT volume_id, name, created_at FROM volumes WHERE deleted_at IS NULL ORDER BY created_at, volume_id',
    )
    return rows.map(toVolume)
  }

  async get(volumeId: string): Promise<Volume> {
    if (!isVolumeId(volumeId)) throw new InvalidArgumentError('Invalid volume ID')
    const { rows } = await this.db.query(
      'SELECT volume_id, name, created_at FROM volumes WHERE volume_id = $1 AND deleted_at IS NULL',
      [volumeId.toLowerCase()],
    )
    if (!rows[0]) throw new VolumeNotFoundError()
    return toVolume(rows[0] as Record<string, unknown>)
  }

  /** The live volume named `name`, if any. */
  async byName(name: string): Promise<Volume | undefined> {
    const { rows } = await this.db.query(
      'SELECT volume_id, name, created_at FROM volumes WHERE name = $1 AND deleted_at IS NULL',
      [name],
    )
    return rows[0] ? toVolume(rows[0] as Record<string, unknown>) : undefined
  }

  async remove(volumeId: string): Promise<void> {
    const v = await this.get(volumeId)
    // Exactly one replica marks it: the others (a concurrent delete) answer 404, as one host would.
    const marked = await this.db.query(
      'UPDATE volumes SET deleted_at = now() WHERE volume_id = $1 AND deleted_at IS NULL',
      [v.volumeId],
    )
    if (marked.rowCount !== 1) throw new VolumeNotFoundError()
    const trashed = join(this.volumesDir, TRASH, `${v.volumeId}-${randomBytes(4).toString('hex')}`)
    try {
      await rename(this.dirOf(v.volumeId), trashed).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e
      })
      await mkdir(this.dirOf(v.volumeId), { mode: 0o555 }).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'EEXIST') throw e
      })
    } catch (e) {
      // The mark is taken back (the volume is live again) unless another create took its name meanwhile.
      await this.db
        .query('UPDATE volumes SET deleted_at = NULL WHERE volume_id = $1', [v.volumeId])
        .catch(() => undefined)
      throw new AppError('internal', "could not delete the volume's data", { cause: e })
    }
    this.log.info({ volumeId: v.volumeId, name: v.name }, 'volume deleted')
    void removeTree(trashed)
      .catch((err: unknown) => this.log.warn({ err, volumeId }, "could not remove a deleted volume's data"))
      .then(() => purgeDeleted(this.db, this.volumesDir, v.volumeId))
      .catch((err: unknown) => this.log.warn({ err, volumeId }, 'could not purge a deleted volume'))
  }

  async content(volumeId: string): Promise<VolumeFs> {
    return createVolumeFs(this.dirOf((await this.get(volumeId)).volumeId))
  }
}
