// Deleting a volume, as a protocol that survives restarts: a mark in <volumesDir>/.deleted, the
// data directory renamed into <volumesDir>/.trash and removed there, an empty placeholder directory
// (root's, 0555) in its place so a stopped sandbox that mounts it can still boot; its Docker volume,
// the placeholder and the mark go when no container uses it any more (sweep()).
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.js'
import type { VolumeRuntime } from '../../node/runtime/types.js'
import { removeTree } from '../../node/volumes/volume-fs.js'

/** How often volumes deleted while in use are retried (only while some are). */
const SWEEP_INTERVAL_MS = 30_000
const TRASH = '.trash'
const DELETED = '.deleted'

export type VolumeDeletions = ReturnType<typeof createVolumeDeletions>

export function createVolumeDeletions(deps: {
  runtime: Pick<VolumeRuntime, 'listVolumes' | 'removeVolume'>
  volumesDir: string
  log: Logger
  /** Whether a volume still exists (its Docker volume is then kept). */
  isLive(volumeId: string): boolean
}) {
  const { log, volumesDir } = deps
  const trashDir = join(volumesDir, TRASH)
  const deletedDir = join(volumesDir, DELETED)
  const dirOf = (volumeId: string) => join(volumesDir, volumeId)
  let sweepTimer: NodeJS.Timeout | undefined
  /** Docker volumes of deleted volumes still in use at the last sweep. */
  let pending = 0
  let closed = false

  /** Removes the Docker volumes of deleted volumes that no container uses any more. */
  async function sweep(): Promise<void> {
    let inUse = 0
    for (const b of await deps.runtime.listVolumes()) {
      if (deps.isLive(b.volumeId)) continue
      const r = await deps.runtime.removeVolume(b.volumeId)
      if (r === 'in_use') {
        inUse++
        continue
      }
      await removeTree(dirOf(b.volumeId))
      await rm(join(deletedDir, b.volumeId), { force: true })
      log.info({ volumeId: b.volumeId }, 'docker volume of a deleted volume removed')
    }
    pending = inUse
    if (inUse > 0 && !closed) {
      sweepTimer ??= setInterval(
        () => void sweep().catch((err: unknown) => log.warn({ err }, 'volume sweep failed')),
        SWEEP_INTERVAL_MS,
      ).unref()
    } else if (sweepTimer) {
      clearInterval(sweepTimer)
      sweepTimer = undefined
    }
  }

  return {
    sweep,

    /** Makes the trash and mark directories; the ids of volumes whose deletion was begun. */
    async recover(): Promise<Set<string>> {
      await mkdir(trashDir, { recursive: true, mode: 0o700 })
      await mkdir(deletedDir, { recursive: true, mode: 0o700 })
      return new Set(await readdir(deletedDir))
    },

    /** After recover: removes what a restart left in the trash, then sweeps. */
    async finish(): Promise<void> {
      void (async () => {
        for (const name of await readdir(trashDir).catch(() => [] as string[])) {
          await removeTree(join(trashDir, name)).catch((err: unknown) =>
            log.warn({ err }, "could not remove a deleted volume's data"),
          )
        }
      })()
      await sweep().catch((err: unknown) => log.warn({ err }, 'volume sweep failed'))
    },

    /**
     * Marks the volume deleted and moves its data to the trash (returned), leaving the placeholder.
     * The mark is taken back when a step fails.
     */
    async begin(volumeId: string): Promise<string> {
      const trashed = join(trashDir, `${volumeId}-${randomBytes(4).toString('hex')}`)
      try {
        await writeFile(join(deletedDir, volumeId), '', { mode: 0o600 })
        await rename(dirOf(volumeId), trashed).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e
        })
        // Where a stopped sandbox's mount will look when it boots again: empty, not the user's to fill.
        await mkdir(dirOf(volumeId), { mode: 0o555 }).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'EEXIST') throw e
        })
      } catch (e) {
        await rm(join(deletedDir, volumeId), { force: true }).catch(() => undefined)
        throw new AppError('internal', "could not delete the volume's data", { cause: e })
      }
      return trashed
    },

    /** Once the volume is gone from the API: its trashed data removed, then a sweep, in the background. */
    clear(volumeId: string, trashed: string): void {
      void removeTree(trashed)
        .catch((err: unknown) => log.warn({ err, volumeId }, "could not remove a deleted volume's data"))
        .then(() => sweep())
        .catch((err: unknown) => log.warn({ err }, 'volume sweep failed'))
    },

    /** A sandbox container went: a sweep, when deleted volumes wait for their containers. */
    released(): void {
      if (pending > 0 && !closed) void sweep().catch((err: unknown) => log.warn({ err }, 'volume sweep failed'))
    },

    close(): void {
      closed = true
      if (sweepTimer) clearInterval(sweepTimer)
    },
  }
}
