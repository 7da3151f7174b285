// Remove: rm -rf, idempotent.
import { rm } from 'node:fs/promises'
import type { ServiceImpl } from '@connectrpc/connect'
import type { Filesystem } from '../../gen/filesystem/filesystem_pb.js'
import { fromFsError } from './fs-errors.js'
import { resolveFor, type FsDeps } from './deps.js'

export function remove(deps: FsDeps): ServiceImpl<typeof Filesystem>['remove'] {
  return async (req, ctx) => {
    const { path } = resolveFor(deps, ctx, req.path)
    // compat: Remove on a missing path succeeds.
    await rm(path, { recursive: true, force: true }).catch((e) => {
      throw fromFsError(e, path)
    })
    return {}
  }
}
