// User volumes: which exist (Docker volumes labelled with this server's instance, less those
// marked deleted; rebuilt from Docker at start), creating and deleting them, and the content
// operations on their data (volume-fs.ts). Each volume's data is the directory
// <volumesDir>/<volumeId>, which its Docker volume is bound to.
//
// Deleting a volume (allowed while sandboxes mount it, as upstream) removes it from the API at
// once and deletes its data (volume-deletions.ts). Running sandboxes that mount it keep their
// mount point, now an empty, deleted directory (new files fail with ENOENT).
import { randomUUID } from 'node:crypto'
import { chmod, chown, mkdir, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Logger } from 'pino'
import { InvalidArgumentError, NotFoundError } from '../../shared/errors.js'
import type { BackedVolume, VolumeRuntime } from '../../node/runtime/types.js'
import { isVolumeId, isVolumeName } from './names.js'
import { VOLUME_DEFAULTS, createVolumeFs, removeTree, type VolumeFs } from '../../node/volumes/volume-fs.js'
import { createVolumeDeletions } from './volume-deletions.js'

export type Volume = BackedVolume

export class VolumeNotFoundError extends NotFoundError {
  constructor() {
    super('Volume not found')
  }
}

/** A volume's data directory: the sandbox's `user` (uid 1000) owns it, so it can write to the mount. */
export async function makeDataDir(dir: string): Promise<void> {
  await mkdir(dir, { mode: 0o700 })
  if (process.getuid?.() === 0) await chown(dir, VOLUME_DEFAULTS.uid, VOLUME_DEFAULTS.gid)
  await chmod(dir, VOLUME_DEFAULTS.dirMode)
}

export type VolumeStore = ReturnType<typeof createVolumeStore>

export function createVolumeStore(deps: { runtime: VolumeRuntime; volumesDir: string; log: Logger }) {
  const volumesDir = resolve(deps.volumesDir)
  const log = deps.log.child({ component: 'volumes' })
  const live = new Map<string, Volume>()
  // Volumes whose Docker volume exists but which are not live yet: a sweep (run in the background
  // after a delete) must not take them for deleted ones and remove their data mid-create.
  const creating = new Set<string>()
  const isLive = (id: string) => live.has(id) || creating.has(id)
  const deletions = createVolumeDeletions({ runtime: deps.runtime, volumesDir, log, isLive })
  let chain: Promise<unknown> = Promise.resolve()

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

  return {
    volumesDir,
    dirOf,

    /** Loads this server's volumes from Docker; finishes deletions a restart cut short. */
    async recover(): Promise<void> {
      await mkdir(volumesDir, { recursive: true, mode: 0o700 })
      const deleted = await deletions.recover()
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
      await deletions.finish()
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
        creating.add(v.volumeId)
        try {
          await deps.runtime.createVolume(v, dir)
        } catch (e) {
          await removeTree(dir).catch(() => undefined)
          throw e
        } finally {
          creating.delete(v.volumeId)
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
        const trashed = await deletions.begin(v.volumeId)
        live.delete(v.volumeId)
        log.info({ volumeId: v.volumeId, name: v.name }, 'volume deleted')
        deletions.clear(v.volumeId, trashed)
      })
    },

    /** The content operations of a volume (404 when it does not exist). */
    content(volumeId: string): VolumeFs {
      return createVolumeFs(dirOf(get(volumeId).volumeId))
    },

    sweep: deletions.sweep,
    released: deletions.released,
    close: deletions.close,
  }
}
