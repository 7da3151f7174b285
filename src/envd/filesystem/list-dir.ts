// ListDir: a depth-limited walk that follows a symlinked root but no symlink below it.
import { lstat, opendir, realpath, stat as statFollow } from 'node:fs/promises'
import { join } from 'node:path'
import type { ServiceImpl } from '@connectrpc/connect'
import type { EntryInfo, Filesystem } from '../../gen/filesystem/filesystem_pb.js'
import { InvalidArgumentError } from '../../shared/errors.js'
import type { UserDb } from '../identity/users.js'
import { entryFromStats } from './entry-info.js'
import { fromFsError, isErrno } from './fs-errors.js'
import { resolveFor, type FsDeps } from './deps.js'

/** Go's string order: bytes of the UTF-8 names, as os.ReadDir sorts them. */
const byName = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b))

/**
 * Entries below `root` down to `depth` levels (0 counts as 1), excluding the root. Paths are
 * rebased on the requested path even when the root is a symlink. Vanished entries are skipped.
 * compat: upstream's order (filepath.WalkDir): each directory's names byte-sorted, and a
 * directory's children listed right after it (depth-first), so `a, a/x, a-b, b`.
 */
export async function walkDir(requested: string, depth: number, db: UserDb): Promise<EntryInfo[]> {
  const real = await realpath(requested)
  const st = await statFollow(real)
  if (!st.isDirectory()) throw new InvalidArgumentError(`path is not a directory: ${requested}`)
  const out: EntryInfo[] = []
  const walk = async (realDir: string, shownDir: string, level: number): Promise<void> => {
    let names: string[]
    try {
      const dir = await opendir(realDir)
      names = []
      for await (const d of dir) names.push(d.name)
    } catch (e) {
      if (level > 1 && isErrno(e, 'ENOENT', 'ENOTDIR', 'EACCES')) return
      throw e
    }
    for (const name of names.sort(byName)) {
      const realChild = join(realDir, name)
      const shownChild = join(shownDir, name)
      const childStat = await lstat(realChild).catch((e) => (isErrno(e, 'ENOENT') ? undefined : Promise.reject(e)))
      if (!childStat) continue
      out.push(await entryFromStats(shownChild, childStat, db))
      if (childStat.isDirectory() && level < depth) await walk(realChild, shownChild, level + 1)
    }
  }
  await walk(real, requested, 1)
  return out
}

export function listDir(deps: FsDeps): ServiceImpl<typeof Filesystem>['listDir'] {
  return async (req, ctx) => {
    const { path } = resolveFor(deps, ctx, req.path)
    const depth = Math.max(1, req.depth)
    try {
      return { entries: await walkDir(path, depth, await deps.users.db()) }
    } catch (e) {
      if (isErrno(e, 'ENOTDIR')) throw new InvalidArgumentError(`path is not a directory: ${path}`)
      throw fromFsError(e, path)
    }
  }
}
