// The volume content API's file operations on a volume's host directory, safe against what
// sandboxes can put there. A sandbox that mounts the volume can create symlinks (`ln -s / x`) and
// swap directories for them at any moment, and this server runs as root on the host: so no path is
// ever resolved by the kernel from the volume root; every path goes through volume-walk.ts, which
// looks each component up in the handle of the directory before it. Uploads go to
// a temp file beside the target and are linked (exclusive) or renamed (force) into place, so a
// half-written file never shows under its name.
import { constants as C } from 'node:fs'
import { lstat, open, unlink } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { AppError, InvalidArgumentError, NotFoundError } from '../../shared/errors.js'
import {
  entryOf,
  listTree,
  makeDirAt,
  rootEntry,
  VOLUME_DEFAULTS,
  writeAt,
  type Ownership,
  type VolumeEntry,
} from './volume-entries.js'
import {
  at,
  closeAll,
  DIR_FLAGS,
  displayPath,
  fromFsError,
  pathComponents,
  READ_FLAGS,
  removeTreeAt,
  walk,
  type Resolved,
} from './volume-walk.js'

export { VOLUME_DEFAULTS, type Ownership, type VolumeEntry } from './volume-entries.js'
export { fromFsError, pathComponents, removeTree, type EntryType } from './volume-walk.js'

export type VolumeFs = ReturnType<typeof createVolumeFs>

/** Operations on the volume whose host directory is `root` (created and owned by the volume store). */
export function createVolumeFs(root: string, opts: { canChown?: boolean } = {}) {
  // Without root on the host, chown to anything but our own ids fails: defaults are then skipped.
  const canChown = opts.canChown ?? process.getuid?.() === 0

  /** `walk` from this volume's root; `mkdirs` creates missing directories on the way with that ownership. */
  const resolve = (components: readonly string[], o: { followLast: boolean; mkdirs?: Ownership }): Promise<Resolved> =>
    walk(root, components, {
      followLast: o.followLast,
      mkdir: o.mkdirs && ((dir, name) => makeDirAt(dir, name, o.mkdirs!, VOLUME_DEFAULTS.dirMode, canChown)),
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
        const dir = await openDir(r)
        try {
          return await listTree(dir, displayPath(comps), depth)
        } finally {
          await dir.close()
        }
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
          const h = await makeDirAt(r.parent, r.name, own, VOLUME_DEFAULTS.dirMode, canChown)
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
          await writeAt(r.parent, r.name, body, own, canChown)
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
