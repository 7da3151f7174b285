// Stat: entry info for one path, resolved for the calling user.
import type { ServiceImpl } from '@connectrpc/connect'
import type { Filesystem } from '../../gen/filesystem/filesystem_pb.js'
import { readEntryInfo } from './entry-info.js'
import { fromFsError } from './fs-errors.js'
import { resolveFor, type FsDeps } from './deps.js'

/** Throws not_found for a missing path. */
export function stat(deps: FsDeps): ServiceImpl<typeof Filesystem>['stat'] {
  return async (req, ctx) => {
    const { path } = resolveFor(deps, ctx, req.path)
    const entry = await readEntryInfo(path, await deps.users.db()).catch((e) => {
      throw fromFsError(e, path)
    })
    return { entry }
  }
}
