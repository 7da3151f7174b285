// The volume content API's file operations on a volume's host directory, safe against what
// sandboxes can put there. A sandbox that mounts the volume can create symlinks (`ln -s / x`) and
// swap directories for them at any moment, and this server runs as root on the host: so no path is
// ever resolved by the kernel from the volume root; every path goes through volume-walk.ts, which
// looks each component up in the handle of the directory before it. Uploads go to
// a temp file beside the target and are linked (exclusive) or renamed (force) into place, so a
// half-written file never shows under its name.
import { constants as C } from 'node:fs'
import { link, lstat, mkdir, open, readdir, readlink, rename, unlink, type FileHandle } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { AppError, InvalidArgumentError, NotFoundError } from '../../shared/errors.js'
import {
  at,
  closeAll,
  DIR_FLAGS,
  displayPath,
  entryType,
  fromFsError,
  pathComponents,
  READ_FLAGS,
  removeTreeAt,
  walk,
  type EntryType,
  type Resolved,
} from './volume-walk.js'

export { fromFsError, pathComponents, removeTree, type EntryType } from './volume-walk.js'

/** Owner and modes of what the content API creates when the request names none (see docs/volumes-and-secrets.md, "Volumes"). */
export const VOLUME_DEFAULTS = { uid: 1000, gid: 1000, dirMode: 0o755, fileMode: 0o644 } as const

/** VolumeEntryStat of the content API; `path` is the full path within the volume. */
export type VolumeEntry = {
  name: string
  type: EntryType
  path: string
  size: number
  mode: number
  uid: number
  gid: number
  atime: string
  mtime: string
  ctime: string
  target?: string
}

export type Ownership = { uid?: number | undefined; gid?: number | undefined; mode?: number | undefined }

const TEMP_PREFIX = '.sandock-upload-'

export type VolumeFs = ReturnType<typeof createVolumeFs>

/** Operations on the volume whose host directory is `root` (created and owned by the volume store). */
export function createVolumeFs(root: string, opts: { canChown?: boolean } = {}) {
  // Without root on the host, chown to anything but our own ids fails: defaults are then skipped.
  const canChown = opts.canChown ?? process.getuid?.() === 0

  /** `walk` from this volume's root; `mkdirs` creates missing directories on the way with that ownership. */
  const resolve = (components: readonly string[], o: { followLast: boolean; mkdirs?: Ownership }): Promise<Resolved> =>
    walk(root, components, {
      followLast: o.followLast,
      mkdir: o.mkdirs && ((dir, name) => makeDirAt(dir, name, o.mkdirs!, VOLUME_DEFAULTS.dirMode)),
    })

  /** mkdir in `dir`, then owner and mode through the new directory's own handle (mkdir's mode is masked by the umask). */
  async function makeDirAt(dir: FileHandle, name: string, own: Ownership, defaultMode: number): Promise<FileHandle> {
    await mkdir(at(dir, name), { mode: 0o700 })
    const h = await open(at(dir, name), DIR_FLAGS)
    try {
      await applyOwnership(h, own, defaultMode)
      return h
    } catch (e) {
      await h.close()
      throw e
    }
  }

  async function applyOwnership(h: FileHandle, own: Ownership, defaultMode: number | undefined): Promise<void> {
    const explicitOwner = own.uid !== undefined || own.gid !== undefined
    if (explicitOwner || canChown) {
      const st = await h.stat()
      const uid = own.uid ?? (canChown ? VOLUME_DEFAULTS.uid : st.uid)
      const gid = own.gid ?? (canChown ? VOLUME_DEFAULTS.gid : st.gid)
      if (uid !== st.uid || gid !== st.gid) await h.chown(uid, gid)
    }
    const mode = own.mode ?? defaultMode
    if (mode !== undefined) await h.chmod(mode)
  }

  async function entryOf(dir: FileHandle, name: string, path: string, st: Stats): Promise<VolumeEntry> {
    const entry: VolumeEntry = {
      name,
      type: entryType(st),
      path,
      size: st.size,
      mode: st.mode & 0o777,
      uid: st.uid,
      gid: st.gid,
      atime: st.atime.toISOString(),
      mtime: st.mtime.toISOString(),
      ctime: st.ctime.toISOString(),
    }
    if (st.isSymbolicLink()) entry.target = await readlink(at(dir, name)).catch(() => '')
    return entry
  }

  const rootEntry = (st: Stats): VolumeEntry => ({
    name: '',
    type: 'directory',
    path: '/',
    size: st.size,
    mode: st.mode & 0o777,
    uid: st.uid,
    gid: st.gid,
    atime: st.atime.toISOString(),
    mtime: st.mtime.toISOString(),
    ctime: st.ctime.toISOString(),
  })

  /** Runs `fn` on a resolved path and closes every handle it opened; errors name the volume path. */
  async function withPath<T>(
    path: string,
    o: { followLast: boolean; mkdirs?: Ownership },
    fn: (r: Resolved, components: string[]) => Promise<T>,
  ): Promise<T> {
    const components = pathComponents(path)
    const r = await resolve(components, o)
    try {
      return await fn(r, components)
    } catch (e) {
      throw fromFsError(e, displayPath(components))
    } finally {
      await closeAll(r.stack)
    }
  }

  /** Opens the resolved directory itself (the root's handle when the path is the root). */
  const openDir = (r: Resolved) =>
    r.name === '' ? open(root, C.O_RDONLY | C.O_DIRECTORY) : open(at(r.parent, r.name), DIR_FLAGS)

  return {
    /** GET …/path: the entry; a final symlink is described, not followed. */
    stat(path: string): Promise<VolumeEntry> {
      return withPath(path, { followLast: false }, async (r, comps) => {
        if (!r.st) throw new NotFoundError(`path ${displayPath(comps)} not found`)
        return r.name === '' ? rootEntry(r.st) : entryOf(r.parent, r.name, displayPath(comps), r.st)
      })
    },

    /** GET …/dir: descendants down to `depth` (1 = children), pre-order, without the directory itself. */
    list(path: string, depth: number): Promise<VolumeEntry[]> {
      return withPath(path, { followLast: true }, async (r, comps) => {
        if (!r.st) throw new NotFoundError(`path ${displayPath(comps)} not found`)
        if (!r.st.isDirectory()) throw new InvalidArgumentError(`path ${displayPath(comps)} is not a directory`)
        const out: VolumeEntry[] = []
        const walk = async (dir: FileHandle, prefix: string, level: number): Promise<void> => {
          const names = (await readdir(`/proc/self/fd/${dir.fd}`)).filter((n) => !n.startsWith(TEMP_PREFIX)).sort()
          for (const name of names) {
            const st = await lstat(at(dir, name)).catch(() => undefined)
            if (!st) continue // removed meanwhile
            const childPath = prefix === '/' ? `/${name}` : `${prefix}/${name}`
            out.push(await entryOf(dir, name, childPath, st))
            if (st.isDirectory() && level < depth) {
              const child = await open(at(dir, name), DIR_FLAGS).catch(() => undefined)
              if (!child) continue
              try {
                await walk(child, childPath, level + 1)
              } finally {
                await child.close()
              }
            }
          }
        }
        const dir = await openDir(r)
        try {
          await walk(dir, displayPath(comps), 1)
        } finally {
          await dir.close()
        }
        return out
      })
    },

    /** POST …/dir: 409 when it exists (with `force`, an existing directory is returned unchanged); `force` creates parents. */
    makeDir(path: string, own: Ownership & { force: boolean }): Promise<VolumeEntry> {
      return withPath(
        path,
        { followLast: false, mkdirs: own.force ? { uid: own.uid, gid: own.gid } : undefined },
        async (r, comps) => {
          if (r.name === '') {
            if (own.force) return rootEntry(r.st!)
            throw new AppError('already_exists', 'path / already exists')
          }
          if (r.st) {
            if (own.force && r.st.isDirectory()) return entryOf(r.parent, r.name, displayPath(comps), r.st)
            throw new AppError('already_exists', `path ${displayPath(comps)} already exists`)
          }
          const h = await makeDirAt(r.parent, r.name, own, VOLUME_DEFAULTS.dirMode)
          try {
            return await entryOf(r.parent, r.name, displayPath(comps), await lstat(at(r.parent, r.name)))
          } finally {
            await h.close()
          }
        },
      )
    },

    /** GET …/file: the file's size and a stream of its bytes (the stream owns the handle). */
    read(path: string): Promise<{ size: number; stream: Readable }> {
      return withPath(path, { followLast: true }, async (r, comps) => {
        if (!r.st) throw new NotFoundError(`path ${displayPath(comps)} not found`)
        if (!r.st.isFile()) throw new InvalidArgumentError(`path ${displayPath(comps)} is not a file`)
        const h = await open(at(r.parent, r.name), READ_FLAGS)
        const st = await h.stat()
        if (!st.isFile()) {
          await h.close()
          throw new AppError('conflict', `path ${displayPath(comps)} changed during the request`)
        }
        return { size: st.size, stream: h.createReadStream() }
      })
    },

    /**
     * PUT …/file: streams `body` into a temp file beside the target, then links it into place
     * (exclusive: 409 when the name exists) or, with `force`, renames it over the old file
     * (parents created). The temp file is removed on any failure.
     */
    write(path: string, body: Readable, own: Ownership & { force: boolean }): Promise<VolumeEntry> {
      return withPath(
        path,
        { followLast: false, mkdirs: own.force ? { uid: own.uid, gid: own.gid } : undefined },
        async (r, comps) => {
          if (r.name === '') throw new AppError('conflict', 'path / is a directory')
          if (r.st?.isDirectory()) throw new AppError('conflict', `path ${displayPath(comps)} is a directory`)
          if (r.st && !own.force) throw new AppError('already_exists', `path ${displayPath(comps)} already exists`)
          const temp = `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`
          const h = await open(at(r.parent, temp), C.O_WRONLY | C.O_CREAT | C.O_EXCL | C.O_NOFOLLOW, 0o600)
          try {
            await applyOwnership(h, own, VOLUME_DEFAULTS.fileMode)
            await pipeline(body, h.createWriteStream({ flush: true }))
            if (own.force) await rename(at(r.parent, temp), at(r.parent, r.name))
            else await link(at(r.parent, temp), at(r.parent, r.name))
          } catch (e) {
            await h.close().catch(() => undefined)
            await unlink(at(r.parent, temp)).catch(() => undefined)
            throw e
          }
          if (!own.force) await unlink(at(r.parent, temp)).catch(() => undefined)
          return entryOf(r.parent, r.name, displayPath(comps), await lstat(at(r.parent, r.name)))
        },
      )
    },

    /** PATCH …/path: owner and mode; a final symlink is followed (inside the volume). */
    update(path: string, own: Ownership): Promise<VolumeEntry> {
      return withPath(path, { followLast: true }, async (r, comps) => {
        if (!r.st) throw new NotFoundError(`path ${displayPath(comps)} not found`)
        if (!r.st.isFile() && !r.st.isDirectory())
          throw new InvalidArgumentError(`path ${displayPath(comps)} is neither a file nor a directory`)
        const h = r.st.isDirectory() ? await openDir(r) : await open(at(r.parent, r.name), READ_FLAGS)
        try {
          const st = await h.stat()
          if (own.uid !== undefined || own.gid !== undefined) await h.chown(own.uid ?? st.uid, own.gid ?? st.gid)
          if (own.mode !== undefined) await h.chmod(own.mode)
          const after = await h.stat()
          return r.name === ''
            ? rootEntry(after)
            : { ...(await entryOf(r.parent, r.name, displayPath(comps), after)), name: comps.at(-1)! }
        } finally {
          await h.close()
        }
      })
    },

    /** DELETE …/path: removes a file, a symlink (not its target) or a directory with everything in it; 400 for the root. */
    remove(path: string): Promise<void> {
      return withPath(path, { followLast: false }, async (r, comps) => {
        if (r.name === '') throw new InvalidArgumentError('the volume root cannot be deleted')
        if (!r.st) throw new NotFoundError(`path ${displayPath(comps)} not found`)
        if (!r.st.isDirectory()) return unlink(at(r.parent, r.name))
        return removeTreeAt(r.parent, r.name)
      })
    },
  }
}
