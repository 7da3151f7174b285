// Assembles the full filesystem.Filesystem implementation from one factory per RPC.
import type { ServiceImpl } from '@connectrpc/connect'
import type { Filesystem } from '../../gen/filesystem/filesystem_pb.js'
import type { FsDeps } from './deps.js'
import { listDir } from './list-dir.js'
import { makeDir } from './make-dir.js'
import { move } from './move.js'
import { remove } from './remove.js'
import { stat } from './stat.js'
import { watchDir } from './watch-dir.js'
import { createWatcher, getWatcherEvents, removeWatcher } from './watchers.js'

export function createFilesystemService(deps: FsDeps): ServiceImpl<typeof Filesystem> {
  return {
    stat: stat(deps),
    makeDir: makeDir(deps),
    move: move(deps),
    listDir: listDir(deps),
    remove: remove(deps),
    watchDir: watchDir(deps),
    createWatcher: createWatcher(deps),
    getWatcherEvents: getWatcherEvents(deps),
    removeWatcher: removeWatcher(deps),
  }
}
