// The volume content API's file operations on a volume's host directory, safe against what
// sandboxes can put there. A sandbox that mounts the volume can create symlinks (`ln -s / x`) and
// swap directories for them at any moment, and this server runs as root on the host: so no path is
// ever resolved by the kernel from the volume root. Each component is looked up in the directory
// handle of the one before (`/proc/self/fd/<dir>/<name>`, openat-like), directories are opened
// with O_NOFOLLOW, and symlinks are followed by hand as if the volume root were `/`. Uploads go to
// a temp file beside the target and are linked (exclusive) or renamed (force) into place, so a
// half-written file never shows under its name.
import { constants as C } from 'node:fs'
import { link, lstat, mkdir, open, readdir, readlink, rename, rmdir, unlink, type FileHandle } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import { posix } from 'node:path'
import { randomBytes } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { AppError, InvalidArgumentError, NoSpaceError, NotFoundError } from '../../shared/errors.js'

/** Owner and modes of what the content API creates when the request names none (see docs/volumes-and-secrets.md, "Volumes"). */
export const VOLUME_DEFAULTS = { uid: 1000, gid: 1000, dirMode: 0o755, fileMode: 0o644 } as const

export type EntryType = 'unknown' | 'file' | 'directory' | 'symlink'

/** VolumeEntryStat of the content API; `path` is the full path within the volume. */
export type VolumeEntry = {
  name: string; type: EntryType; path: string; size: number; mode: number; uid: number; gid: number
  atime: string; mtime: string; ctime: string; target?: string
}

export type Ownership = { uid?: number | undefined; gid?: number | undefined; mode?: number | undefined }

const MAX_SYMLINK_HOPS = 40
const MAX_PATH_CHARS = 4096
const TEMP_PREFIX = '.sandock-upload-'
// O_NONBLOCK: a FIFO a sandbox left in the volume must not block a worker thread on open.
const DIR_FLAGS = C.O_RDONLY | C.O_DIRECTORY | C.O_NOFOLLOW | C.O_NONBLOCK
const READ_FLAGS = C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK

const at = (dir: FileHandle, name: string) => `/proc/self/fd/${dir.fd}/${name}`

/** A failed file system call as an AppError (errno → kind), naming the volume path, never the host's. */
export function fromFsError(e: unknown, path: string): AppError {
  if (e instanceof AppError) return e
  const code = (e as NodeJS.ErrnoException).code
  switch (code) {
    case 'ENOENT': return new NotFoundError(`path ${path} not found`, { cause: e })
    case 'EEXIST': return new AppError('already_exists', `path ${path} already exists`, { cause: e })
    case 'ENOTDIR': return new InvalidArgumentError(`a component of path ${path} is not a directory`, { cause: e })
    case 'EISDIR': return new AppError('conflict', `path ${path} is a directory`, { cause: e })
    case 'ENOTEMPTY': return new AppError('conflict', `directory ${path} changed while it was removed`, { cause: e })
    case 'ELOOP': return new AppError('conflict', `path ${path} changed during the request`, { cause: e })
    case 'ENAMETOOLONG': return new InvalidArgumentError(`path ${path} is too long`, { cause: e })
    case 'ENOSPC': case 'EDQUOT': return new NoSpaceError(undefined, { cause: e })
    case 'EPERM': case 'EACCES': return new AppError('permission_denied', `permission denied on ${path}`, { cause: e })
    default: return new AppError('internal', `file system error on ${path}`, { cause: e })
  }
}

/** The components of a volume path (`/a/b`, `a/b` and `a//b/` alike); `..` never climbs above the root. */
export function pathComponents(path: string): string[] {
  if (path.includes('\0') || path.length > MAX_PATH_CHARS) throw new InvalidArgumentError('invalid path')
  return posix.normalize(`/${path}`).split('/').filter((c) => c !== '' && c !== '.')
}

const displayPath = (components: readonly string[]) => `/${components.join('/')}`

function entryType(st: Stats): EntryType {
  if (st.isFile()) return 'file'
  if (st.isDirectory()) return 'directory'
  if (st.isSymbolicLink()) return 'symlink'
  return 'unknown'
}

/** Where a path ends: the handle of the directory holding it (with its ancestors, all to close) and its name there. */
type Resolved = { stack: FileHandle[]; parent: FileHandle; name: string; st: Stats | undefined }

async function closeAll(handles: readonly FileHandle[]): Promise<void> {
  await Promise.all(handles.map((h) => h.close().catch(() => undefined)))
}

/** Removes everything inside `dir`, never following a symlink (each directory is entered through its handle). */
async function emptyDir(dir: FileHandle): Promise<void> {
  for (const name of await readdir(`/proc/self/fd/${dir.fd}`)) {
    const st = await lstat(at(dir, name)).catch(() => undefined)
    if (!st) continue
    if (!st.isDirectory()) {
      await unlink(at(dir, name)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e
      })
      continue
    }
    const child = await open(at(dir, name), DIR_FLAGS)
    try {
      await emptyDir(child)
    } finally {
      await child.close()
    }
    await rmdir(at(dir, name))
  }
}

/** Removes the directory `name` in `parent` with everything in it; a sandbox adding files meanwhile gets a few passes, then ENOTEMPTY. */
async function removeTreeAt(parent: FileHandle, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const dir = await open(at(parent, name), DIR_FLAGS)
    try {
      await emptyDir(dir)
    } finally {
      await dir.close()
    }
    try {
      return await rmdir(at(parent, name))
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOTEMPTY' || attempt >= 3) throw e
    }
  }
}

/**
 * Removes the host directory `path` and everything in it the symlink-safe way (a plain recursive
 * rm can be steered out of the tree by a sandbox swapping a directory for a symlink). A missing one is no error.
 */
export async function removeTree(path: string): Promise<void> {
  const parent = await open(posix.dirname(path), C.O_RDONLY | C.O_DIRECTORY)
  try {
    await removeTreeAt(parent, posix.basename(path)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e
    })
  } finally {
    await parent.close()
  }
}

export type VolumeFs = ReturnType<typeof createVolumeFs>

/** Operations on the volume whose host directory is `root` (created and owned by the volume store). */
export function createVolumeFs(root: string, opts: { canChown?: boolean } = {}) {
  // Without root on the host, chown to anything but our own ids fails: defaults are then skipped.
  const canChown = opts.canChown ?? process.getuid?.() === 0

  /**
   * Walks `components` from the root. Intermediate symlinks are followed inside the volume;
   * the last is followed only with `followLast`. `mkdirs` creates missing directories on the way
   * (with that ownership). The last component may be missing (st undefined).
   */
  async function resolve(components: readonly string[], o: { followLast: boolean; mkdirs?: Ownership }): Promise<Resolved> {
    const rootHandle = await open(root, C.O_RDONLY | C.O_DIRECTORY).catch((e: unknown) => {
      throw fromFsError(e, '/')
    })
    const stack: FileHandle[] = [rootHandle]
    // names[i] is the name of stack[i + 1] in stack[i].
    const names: string[] = []
    const queue = [...components]
    let hops = 0
    try {
      if (queue.length === 0) return { stack, parent: rootHandle, name: '', st: await rootHandle.stat() }
      for (;;) {
        const c = queue.shift()!
        const last = queue.length === 0
        if (c === '' || c === '.' || c === '..') {
          if (c === '..' && stack.length > 1) {
            await stack.pop()!.close()
            names.pop()
          }
          if (!last) continue
          // The path ends on a directory held in the stack (a symlink to `..`, a target ending in `/`).
          if (stack.length === 1) return { stack, parent: rootHandle, name: '', st: await rootHandle.stat() }
          await stack.pop()!.close()
          const name = names.pop()!
          const parent = stack.at(-1)!
          return { stack, parent, name, st: await lstat(at(parent, name)) }
        }
        const dir = stack.at(-1)!
        const st = await lstat(at(dir, c)).catch((e: NodeJS.ErrnoException) => {
          if (e.code === 'ENOENT') return undefined
          throw e
        })
        if (st?.isSymbolicLink() && (!last || o.followLast)) {
          if (++hops > MAX_SYMLINK_HOPS) throw new InvalidArgumentError('too many levels of symbolic links')
          const target = await readlink(at(dir, c))
          if (target.startsWith('/')) {
            await closeAll(stack.splice(1))
            names.length = 0
          }
          queue.unshift(...target.split('/'))
          continue
        }
        if (last) return { stack, parent: dir, name: c, st }
        if (!st) {
          if (!o.mkdirs) throw new NotFoundError(`path ${displayPath(components)} not found`)
          stack.push(await makeDirAt(dir, c, o.mkdirs, VOLUME_DEFAULTS.dirMode).catch((e: NodeJS.ErrnoException) => {
            if (e.code !== 'EEXIST') throw e
            return open(at(dir, c), DIR_FLAGS) // made meanwhile by someone else
          }))
          names.push(c)
          continue
        }
        if (!st.isDirectory()) throw new InvalidArgumentError(`a component of path ${displayPath(components)} is a file`)
        stack.push(await open(at(dir, c), DIR_FLAGS))
        names.push(c)
      }
    } catch (e) {
      await closeAll(stack)
      throw fromFsError(e, displayPath(components))
    }
  }

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
      name, type: entryType(st), path, size: st.size, mode: st.mode & 0o777, uid: st.uid, gid: st.gid,
      atime: st.atime.toISOString(), mtime: st.mtime.toISOString(), ctime: st.ctime.toISOString(),
    }
    if (st.isSymbolicLink()) entry.target = await readlink(at(dir, name)).catch(() => '')
    return entry
  }

  const rootEntry = (st: Stats): VolumeEntry => ({
    name: '', type: 'directory', path: '/', size: st.size, mode: st.mode & 0o777, uid: st.uid, gid: st.gid,
    atime: st.atime.toISOString(), mtime: st.mtime.toISOString(), ctime: st.ctime.toISOString(),
  })

  /** Runs `fn` on a resolved path and closes every handle it opened; errors name the volume path. */
  async function withPath<T>(path: string, o: { followLast: boolean; mkdirs?: Ownership }, fn: (r: Resolved, components: string[]) => Promise<T>): Promise<T> {
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
  const openDir = (r: Resolved) => (r.name === '' ? open(root, C.O_RDONLY | C.O_DIRECTORY) : open(at(r.parent, r.name), DIR_FLAGS))

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
      return withPath(path, { followLast: false, mkdirs: own.force ? { uid: own.uid, gid: own.gid } : undefined }, async (r, comps) => {
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
      })
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
      return withPath(path, { followLast: false, mkdirs: own.force ? { uid: own.uid, gid: own.gid } : undefined }, async (r, comps) => {
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
      })
    },

    /** PATCH …/path: owner and mode; a final symlink is followed (inside the volume). */
    update(path: string, own: Ownership): Promise<VolumeEntry> {
      return withPath(path, { followLast: true }, async (r, comps) => {
        if (!r.st) throw new NotFoundError(`path ${displayPath(comps)} not found`)
        if (!r.st.isFile() && !r.st.isDirectory()) throw new InvalidArgumentError(`path ${displayPath(comps)} is neither a file nor a directory`)
        const h = r.st.isDirectory() ? await openDir(r) : await open(at(r.parent, r.name), READ_FLAGS)
        try {
          const st = await h.stat()
          if (own.uid !== undefined || own.gid !== undefined) await h.chown(own.uid ?? st.uid, own.gid ?? st.gid)
          if (own.mode !== undefined) await h.chmod(own.mode)
          const after = await h.stat()
          return r.name === '' ? rootEntry(after) : { ...(await entryOf(r.parent, r.name, displayPath(comps), after)), name: comps.at(-1)! }
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
