// The symlink-safe walk under a volume's host directory (see volume-fs.ts for why): every path
// component is looked up in the handle of the directory before it (`/proc/self/fd/<dir>/<name>`,
// openat-like), directories are opened with O_NOFOLLOW, and symlinks are followed by hand as if
// the volume root were `/`. Also the errno → AppError mapping and the symlink-safe tree removal.
import { constants as C } from 'node:fs'
import { lstat, open, readdir, readlink, rmdir, unlink, type FileHandle } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import { posix } from 'node:path'
import { AppError, InvalidArgumentError, NoSpaceError, NotFoundError } from '../../shared/errors.js'

export type EntryType = 'unknown' | 'file' | 'directory' | 'symlink'

const MAX_SYMLINK_HOPS = 40
const MAX_PATH_CHARS = 4096
// O_NONBLOCK: a FIFO a sandbox left in the volume must not block a worker thread on open.
export const DIR_FLAGS = C.O_RDONLY | C.O_DIRECTORY | C.O_NOFOLLOW | C.O_NONBLOCK
export const READ_FLAGS = C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK

export const at = (dir: FileHandle, name: string) => `/proc/self/fd/${dir.fd}/${name}`

/** A failed file system call as an AppError (errno → kind), naming the volume path, never the host's. */
export function fromFsError(e: unknown, path: string): AppError {
  if (e instanceof AppError) return e
  const code = (e as NodeJS.ErrnoException).code
  switch (code) {
    case 'ENOENT':
      return new NotFoundError(`path ${path} not found`, { cause: e })
    case 'EEXIST':
      return new AppError('already_exists', `path ${path} already exists`, { cause: e })
    case 'ENOTDIR':
      return new InvalidArgumentError(`a component of path ${path} is not a directory`, { cause: e })
    case 'EISDIR':
      return new AppError('conflict', `path ${path} is a directory`, { cause: e })
    case 'ENOTEMPTY':
      return new AppError('conflict', `directory ${path} changed while it was removed`, { cause: e })
    case 'ELOOP':
      return new AppError('conflict', `path ${path} changed during the request`, { cause: e })
    case 'ENAMETOOLONG':
      return new InvalidArgumentError(`path ${path} is too long`, { cause: e })
    case 'ENOSPC':
    case 'EDQUOT':
      return new NoSpaceError(undefined, { cause: e })
    case 'EPERM':
    case 'EACCES':
      return new AppError('permission_denied', `permission denied on ${path}`, { cause: e })
    default:
      return new AppError('internal', `file system error on ${path}`, { cause: e })
  }
}

/** The components of a volume path (`/a/b`, `a/b` and `a//b/` alike); `..` never climbs above the root. */
export function pathComponents(path: string): string[] {
  if (path.includes('\0') || path.length > MAX_PATH_CHARS) throw new InvalidArgumentError('invalid path')
  return posix
    .normalize(`/${path}`)
    .split('/')
    .filter((c) => c !== '' && c !== '.')
}

export const displayPath = (components: readonly string[]) => `/${components.join('/')}`

export function entryType(st: Stats): EntryType {
  if (st.isFile()) return 'file'
  if (st.isDirectory()) return 'directory'
  if (st.isSymbolicLink()) return 'symlink'
  return 'unknown'
}

/** Where a path ends: the handle of the directory holding it (with its ancestors, all to close) and its name there. */
export type Resolved = { stack: FileHandle[]; parent: FileHandle; name: string; st: Stats | undefined }

export async function closeAll(handles: readonly FileHandle[]): Promise<void> {
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
export async function removeTreeAt(parent: FileHandle, name: string): Promise<void> {
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

/** Creates directory `name` in `dir` and opens it (a missing component of a walk with mkdir). */
export type MakeDir = (dir: FileHandle, name: string) => Promise<FileHandle>

/**
 * Walks `components` from the root. Intermediate symlinks are followed inside the volume;
 * the last is followed only with `followLast`. `mkdir` creates missing directories on the way. The last component may be missing (st undefined).
 */
export async function walk(
  root: string,
  components: readonly string[],
  o: { followLast: boolean; mkdir?: MakeDir },
): Promise<Resolved> {
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
        if (!o.mkdir) throw new NotFoundError(`path ${displayPath(components)} not found`)
        stack.push(
          await o.mkdir(dir, c).catch((e: NodeJS.ErrnoException) => {
            if (e.code !== 'EEXIST') throw e
            return open(at(dir, c), DIR_FLAGS) // made meanwhile by someone else
          }),
        )
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
