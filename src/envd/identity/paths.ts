// Path resolution for a request's user (contract 4.3): relative → home, ~ expands, empty → workdir.
import { chown, mkdir, stat } from 'node:fs/promises'
import { dirname, isAbsolute, join, posix } from 'node:path'
import { InvalidArgumentError } from '../../shared/errors.js'
import type { User } from './users.js'

/**
 * Resolves a client path for `user`. Relative paths are relative to the user's home (not the
 * workdir); an empty path is the default workdir when set, else home. `~other` is refused.
 */
export function resolvePath(path: string, user: User, defaultWorkdir: string | undefined): string {
  if (path === '') return defaultWorkdir || user.home
  if (path.includes('\0')) throw new InvalidArgumentError('path contains a NUL byte')
  let p = path
  if (p === '~') p = user.home
  else if (p.startsWith('~/')) p = join(user.home, p.slice(2))
  else if (p.startsWith('~')) throw new InvalidArgumentError(`path '${path}' cannot expand another user's home`)
  if (!isAbsolute(p)) p = join(user.home, p)
  return posix.normalize(p).replace(/(.)\/+$/, '$1')
}

/**
 * mkdir -p for `dir`, chowning every directory it creates to the user (mode 0755).
 * Returns the first directory created, or undefined when it already existed. `creating` hears
 * the directories about to be created, outermost first, before anything is created.
 */
export async function ensureDirs(
  dir: string,
  user: User,
  creating?: (dirs: readonly string[]) => void,
): Promise<string | undefined> {
  const missing: string[] = []
  for (let d = dir; ; d = dirname(d)) {
    const exists = await stat(d).then(
      () => true,
      (e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return false
        throw e
      },
    )
    if (exists) break
    missing.unshift(d)
    if (d === dirname(d)) break
  }
  if (missing.length === 0) return undefined
  creating?.(missing)
  await mkdir(dir, { recursive: true, mode: 0o755 })
  for (const d of missing) await chown(d, user.uid, user.gid)
  return missing[0]
}
