// Move: rename(2) after creating the destination's missing parents (owned by the caller).
import { lstat, rename } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { ServiceImpl } from '@connectrpc/connect'
import type { Filesystem } from '../../gen/filesystem/filesystem_pb.js'
import { ensureDirs } from '../identity/paths.js'
import { readEntryInfo } from './entry-info.js'
import { fromFsError } from './fs-errors.js'
import { resolveFor, type FsDeps } from './deps.js'
import { announceNewDirs } from './own-changes.js'
import { EventType } from '../../gen/filesystem/filesystem_pb.js'

/** Overwrites an existing destination file; throws not_found when the source is missing. */
export function move(deps: FsDeps): ServiceImpl<typeof Filesystem>['move'] {
  return async (req, ctx) => {
    const { user, path: source } = resolveFor(deps, ctx, req.source)
    const destination = resolveFor(deps, ctx, req.destination).path
    const { ino } = await lstat(source).catch((e) => {
      throw fromFsError(e, source)
    })
    try {
      await ensureDirs(dirname(destination), user, (dirs) => announceNewDirs(deps.own, dirs))
      // compat: rename(2) gives RENAME for the old name, then CREATE for the new one.
      deps.own.announce(source, { kind: 'goes', ops: [EventType.RENAME], ino })
      deps.own.announce(destination, { kind: 'appears', ops: [EventType.CREATE], ino, from: source })
      await rename(source, destination).catch((e: unknown) => {
        deps.own.withdraw(source)
        deps.own.withdraw(destination)
        throw e
      })
      return { entry: await readEntryInfo(destination, await deps.users.db()) }
    } catch (e) {
      throw fromFsError(e, destination)
    }
  }
}
