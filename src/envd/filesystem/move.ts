// Move: rename(2) after creating the destination's missing parents (owned by the caller).
import { lstat, rename } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { ServiceImpl } from '@connectrpc/connect'
import type { Filesystem } from '../../gen/filesystem/filesystem_pb.js'
import { ensureDirs } from '../identity/paths.js'
import { readEntryInfo } from './entry-info.js'
import { fromFsError } from './fs-errors.js'
import { resolveFor, type FsDeps } from './deps.js'

/** Overwrites an existing destination file; throws not_found when the source is missing. */
export function move(deps: FsDeps): ServiceImpl<typeof Filesystem>['move'] {
  return async (req, ctx) => {
    const { user, path: source } = resolveFor(deps, ctx, req.source)
    const destination = resolveFor(deps, ctx, req.destination).path
    await lstat(source).catch((e) => {
      throw fromFsError(e, source)
    })
    try {
      await ensureDirs(dirname(destination), user)
      await rename(source, destination)
      return { entry: await readEntryInfo(destination, await deps.users.db()) }
    } catch (e) {
      throw fromFsError(e, destination)
    }
  }
}
