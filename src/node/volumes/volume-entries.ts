// Entries of a volume, one directory handle at a time: what the content API reports for an entry,
// owner and mode of what it creates, a directory's listing, and an upload's atomic write. Paths
// are never resolved here: the caller holds the handle of the directory (see volume-walk.ts).
import { constants as C, type Stats } from 'node:fs'
import { link, lstat, mkdir, open, readdir, readlink, rename, unlink, type FileHandle } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { at, DIR_FLAGS, entryType, type EntryType } from './volume-walk.js'

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

/** mkdir in `dir`, then owner and mode through the new directory's own handle (mkdir's mode is masked by the umask). */
export async function makeDirAt(
  dir: FileHandle,
  name: string,
  own: Ownership,
  defaultMode: number,
  canChown: boolean,
): Promise<FileHandle> {
  await mkdir(at(dir, name), { mode: 0o700 })
  const h = await open(at(dir, name), DIR_FLAGS)
  try {
    await applyOwnership(h, own, defaultMode, canChown)
    return h
  } catch (e) {
    await h.close()
    throw e
  }
}

/** Owner and mode through the handle; with `canChown`, an owner the request does not name is VOLUME_DEFAULTS'. */
export async function applyOwnership(
  h: FileHandle,
  own: Ownership,
  defaultMode: number | undefined,
  canChown: boolean,
): Promise<void> {
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

/** What an entry reports of its stat: size, permission bits, owner and times. */
const statFields = (st: Stats) => ({
  size: st.size,
  mode: st.mode & 0o777,
  uid: st.uid,
  gid: st.gid,
  atime: st.atime.toISOString(),
  mtime: st.mtime.toISOString(),
  ctime: st.ctime.toISOString(),
})

/** The entry for `name` in `dir` (a symlink with its target), reported under `path`. */
export async function entryOf(dir: FileHandle, name: string, path: string, st: Stats): Promise<VolumeEntry> {
  const entry: VolumeEntry = { name, type: entryType(st), path, ...statFields(st) }
  if (st.isSymbolicLink()) entry.target = await readlink(at(dir, name)).catch(() => '')
  return entry
}

/** The entry for the volume root. */
export const rootEntry = (st: Stats): VolumeEntry => ({ name: '', type: 'directory', path: '/', ...statFields(st) })

/** Descendants of `dir` down to `depth` (1 = children), pre-order, without `dir` itself; upload temp files are hidden. */
export async function listTree(dir: FileHandle, path: string, depth: number): Promise<VolumeEntry[]> {
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
  await walk(dir, path, 1)
  return out
}

/**
 * Streams `body` into a temp file beside `name` in `parent`, then links it into place (exclusive)
 * or, with `force`, renames it over the old file. The temp file is removed on any failure.
 */
export async function writeAt(
  parent: FileHandle,
  name: string,
  body: Readable,
  own: Ownership & { force: boolean },
  canChown: boolean,
): Promise<void> {
  const temp = `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`
  const h = await open(at(parent, temp), C.O_WRONLY | C.O_CREAT | C.O_EXCL | C.O_NOFOLLOW, 0o600)
  try {
    await applyOwnership(h, own, VOLUME_DEFAULTS.fileMode, canChown)
    await pipeline(body, h.createWriteStream({ flush: true }))
    if (own.force) await rename(at(parent, temp), at(parent, name))
    else await link(at(parent, temp), at(parent, name))
  } catch (e) {
    await h.close().catch(() => undefined)
    await unlink(at(parent, temp)).catch(() => undefined)
    throw e
  }
  if (!own.force) await unlink(at(parent, temp)).catch(() => undefined)
}
