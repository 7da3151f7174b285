// Remove: rm -rf, idempotent.
import { rm } from 'node:fs/promises'
import type { ServiceImpl } from '@connectrpc/connect'
import type { Filesystem } from '../../gen/filesystem/filesystem_pb.js'
import { fromFsError } from './fs-errors.js'
import { resolveFor, type FsDeps } from './deps.js'
import { EventType } from '../../gen/filesystem/filesystem_pb.js'

export function remove(deps: FsDeps): ServiceImpl<typeof Filesystem>['remove'] {
  return async (req, ctx) => {
    const { path } = resolveFor(deps, ctx, req.path)
    // compat: REMOVE for the path and, in a recursive watch, for everything below it.
    deps.own.announce(path, { kind: 'goes', ops: [EventType.REMOVE], subtree: true })
    // compat: Remove on a missing path succeeds.
    await rm(path, { recursive: true, force: true }).catch((e) => {
      deps.own.withdraw(path)
      throw fromFsError(e, path)
    })
    return {}
  }
}
