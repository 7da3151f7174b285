// MakeDir: mkdir -p; each new directory is 0755 and owned by the caller.
import { lstat } from 'node:fs/promises'
import type { ServiceImpl } from '@connectrpc/connect'
import type { Filesystem } from '../../gen/filesystem/filesystem_pb.js'
import { AppError, InvalidArgumentError } from '../../shared/errors.js'
import { ensureDirs } from '../identity/paths.js'
import { readEntryInfo } from './entry-info.js'
import { fromFsError, isErrno } from './fs-errors.js'
import { resolveFor, type FsDeps } from './deps.js'
import { announceNewDirs } from './own-changes.js'

/** Throws already_exists for an existing directory, invalid_argument for an existing non-directory. */
export function makeDir(deps: FsDeps): ServiceImpl<typeof Filesystem>['makeDir'] {
  return async (req, ctx) => {
    const { user, path } = resolveFor(deps, ctx, req.path)
    try {
      const existing = await lstat(path).catch((e) => (isErrno(e, 'ENOENT') ? undefined : Promise.reject(e)))
      if (existing?.isDirectory()) throw new AppError('already_exists', `directory already exists: ${path}`)
      if (existing) throw new InvalidArgumentError(`path already exists but is not a directory: ${path}`)
      await ensureDirs(path, user, (dirs) => announceNewDirs(deps.own, dirs))
      return { entry: await readEntryInfo(path, await deps.users.db()) }
    } catch (e) {
      throw fromFsError(e, path)
    }
  }
}
