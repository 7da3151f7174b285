// User volumes: which exist (Docker volumes labelled with this server's instance, less those
// marked deleted; rebuilt from Docker at start), creating and deleting them, and the content
// operations on their data (volume-fs.ts). Each volume's data is the directory
// <volumesDir>/<volumeId>, which its Docker volume is bound to.
//
// Deleting a volume (allowed while sandboxes mount it, as upstream) removes it from the API at
// once and deletes its data: a mark in <volumesDir>/.deleted, the directory renamed into
// <volumesDir>/.trash and removed there. Running sandboxes that mount it keep their mount point,
// now an empty, deleted directory (new files fail with ENOENT); an empty placeholder directory
// (root's, 0555) takes the data's place, so a stopped sandbox that mounts it can still boot. Its
// Docker volume, the placeholder and the mark go when no container uses it any more (sweep()).
import { randomBytes, randomUUID } from 'node:crypto'
import { chmod, chown, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Logger } from 'pino'
import { AppError, InvalidArgumentError, NotFoundError } from '../../shared/errors.js'
import type { BackedVolume, VolumeRuntime } from '../../node/runtime/types.js'
import { isVolumeId, isVolumeName } from './names.js'
import { VOLUME_DEFAULTS, createVolumeFs, removeTree, type VolumeFs } from '../../node/volumes/volume-fs.js'

export type Volume = BackedVolume

export class VolumeNotFoundError extends NotFoundError {
  constructor() {
    super('Volume not found')
  }
}

/** How often volumes deleted while in use are retried (only while some are). */
const SWEEP_INTERVAL_MS = 30_000
const TRASH = '.trash'
const DELETED = '.deleted'

export type VolumeStore = ReturnType<typeof createVolumeStore>

export function createVolumeStore(deps: { runtime: VolumeRuntime; volumesDir: string; log: Logger }) {
  const volumesDir = resolve(deps.volumesDir)
  const trashDir = join(volumesDir, TRASH)
  const deletedDir = join(volumesDir, DELETED)
  const log = deps.log.child({ component: 'volumes' })
  const live = new Map<string, Volume>()
  let chain: Promise<unknown> = Promise.resolve()
  let sweepTimer: NodeJS.Timeout | undefined
  /** Docker volumes of deleted volumes still in use at the last sweep. */
  let pending = 0
  let closed = false

  /** Creates and deletes run one at a time, so a name is checked and taken atomically. */
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn)
    chain = run.catch(() => undefined)
    return run
  }
  const dirOf = (volumeId: string) => join(volumesDir, volumeId)

  function get(volumeId: string): Volume {
    if (!isVolumeId(volumeId)) throw new InvalidArgumentError('Invalid volume ID')
    const v = live.get(volumeId.toLowerCase())
    if (!v) throw new VolumeNotFoundError()
    return v
  }

  /** Removes the Docker volumes of deleted volumes that no container uses any more. */
  async function sweep(): Promise<void> {
    let inUse = 0
    for (const b of await deps.runtime.listVolumes()) {
      if (live.has(b.volumeId)) continue
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

  /** A volume's data directory: the sandbox's `user` (uid 1000) owns it, so it can write to the mount. */
  async function makeDataDir(dir: string): Promise<void> {
    await mkdir(dir, { mode: 0o700 })
    if (process.getuid?.() === 0) await chown(dir, VOLUME_DEFAULTS.uid, VOLUME_DEFAULTS.gid)
    await chmod(dir, VOLUME_DEFAULTS.dirMode)
  }

  async function emptyTrash(): Promise<void> {
    for (const name of await readdir(trashDir).catch(() => [] as string[])) {
      await removeTree(join(trashDir, name)).catch((err: unknown) =>
        log.warn({ err }, "could not remove a deleted volume's data"),
      )
    }
  }

  return {
    volumesDir,
    dirOf,

    /** Loads this server's volumes from Docker; finishes deletions a restart cut short. */
    async recover(): Promise<void> {
      await mkdir(volumesDir, { recursive: true, mode: 0o700 })
      await mkdir(trashDir, { recursive: true, mode: 0o700 })
      await mkdir(deletedDir, { recursive: true, mode: 0o700 })
      const deleted = new Set(await readdir(deletedDir))
      for (const b of await deps.runtime.listVolumes()) {
        if (deleted.has(b.volumeId)) continue
        const isDir = await stat(dirOf(b.volumeId)).then(
          (s) => s.isDirectory(),
          () => false,
        )
        if (!isDir) {
          // Its data was removed by hand: the volume stays usable, empty (a mount needs the directory).
          log.warn({ volumeId: b.volumeId }, 'volume data directory missing; recreated empty')
          await makeDataDir(dirOf(b.volumeId))
        }
        live.set(b.volumeId, b)
      }
      void emptyTrash()
      await sweep().catch((err: unknown) => log.warn({ err }, 'volume sweep failed'))
    },

    /** 400 `Invalid volume name` or `Volume with name '<n>' already exists`. */
    create(name: string): Promise<Volume> {
      return serially(async () => {
        if (!isVolumeName(name)) throw new InvalidArgumentError('Invalid volume name')
        if ([...live.values()].some((v) => v.name === name))
          throw new InvalidArgumentError(`Volume with name '${name}' already exists`)
        const v: Volume = { volumeId: randomUUID(), name, createdAt: new Date() }
        const dir = dirOf(v.volumeId)
        await makeDataDir(dir)
        try {
          await deps.runtime.createVolume(v, dir)
        } catch (e) {
          await removeTree(dir).catch(() => undefined)
          throw e
        }
        live.set(v.volumeId, v)
        log.info({ volumeId: v.volumeId, name }, 'volume created')
        return v
      })
    },

    /** Oldest first. */
    list(): Volume[] {
      return [...live.values()].sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.volumeId.localeCompare(b.volumeId),
      )
    },

    /** 400 `Invalid volume ID` (not a UUID), 404 `Volume not found`. */
    get,

    /** The volume named `name` (names are unique among existing volumes), for volumeMounts. */
    byName(name: string): Volume | undefined {
      return [...live.values()].find((v) => v.name === name)
    },

    /** Deletes the volume and its data; sandboxes that mount it are not checked (upstream). */
    remove(volumeId: string): Promise<void> {
      return serially(async () => {
        const v = get(volumeId)
        const trashed = join(trashDir, `${v.volumeId}-${randomBytes(4).toString('hex')}`)
        try {
          await writeFile(join(deletedDir, v.volumeId), '', { mode: 0o600 })
          await rename(dirOf(v.volumeId), trashed).catch((e: NodeJS.ErrnoException) => {
            if (e.code !== 'ENOENT') throw e
          })
          // Where a stopped sandbox's mount will look when it boots again: empty, not the user's to fill.
          await mkdir(dirOf(v.volumeId), { mode: 0o555 }).catch((e: NodeJS.ErrnoException) => {
            if (e.code !== 'EEXIST') throw e
          })
        } catch (e) {
          await rm(join(deletedDir, v.volumeId), { force: true }).catch(() => undefined)
          throw new AppError('internal', "could not delete the volume's data", { cause: e })
        }
        live.delete(v.volumeId)
        log.info({ volumeId: v.volumeId, name: v.name }, 'volume deleted')
        void removeTree(trashed)
          .catch((err: unknown) => log.warn({ err, volumeId: v.volumeId }, "could not remove a deleted volume's data"))
          .then(() => sweep())
          .catch((err: unknown) => log.warn({ err }, 'volume sweep failed'))
      })
    },

    /** The content operations of a volume (404 when it does not exist). */
    content(volumeId: string): VolumeFs {
      return createVolumeFs(dirOf(get(volumeId).volumeId))
    },

    sweep,

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
