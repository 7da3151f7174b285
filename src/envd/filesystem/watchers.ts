// Polling watchers (CreateWatcher / GetWatcherEvents / RemoveWatcher) for clients without streams.
import { randomBytes } from 'node:crypto'
import type { ServiceImpl } from '@connectrpc/connect'
import type { Filesystem } from '../../gen/filesystem/filesystem_pb.js'
import { NotFoundError } from '../../shared/errors.js'
import { openDirWatch } from './fs-watcher.js'
import { resolveFor, type FsDeps } from './deps.js'
import type { WatcherEntry as Entry } from './watcher-registry.js'

/** The longest a poll waits for a change envd announced to reach its watcher. */
const SETTLE_MAX_MS = 1000
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
function watcherId(): string {
  return 'w' + [...randomBytes(20)].map((b) => ALPHABET[b % ALPHABET.length]).join('')
}

function getEntry(deps: FsDeps, id: string): Entry {
  const entry = deps.watchers.get(id)
  if (!entry) throw new NotFoundError(`watcher with id ${id} not found`)
  return entry
}

export function createWatcher(deps: FsDeps): ServiceImpl<typeof Filesystem>['createWatcher'] {
  return async (req, ctx) => {
    const { path } = resolveFor(deps, ctx, req.path)
    const watch = await openDirWatch(path, req, deps.users.db, deps.own)
    const id = watcherId()
    const entry: Entry = { watch, buffered: [], error: undefined }
    deps.watchers.set(id, entry)
    void (async () => {
      try {
        for await (const ev of watch.events) entry.buffered.push(ev)
      } catch (e) {
        // The first watcher error is sticky: every later GetWatcherEvents returns it.
        entry.error ??= e instanceof Error ? e : new Error(String(e))
      }
    })()
    return { watcherId: id }
  }
}

export function getWatcherEvents(deps: FsDeps): ServiceImpl<typeof Filesystem>['getWatcherEvents'] {
  return async (req) => {
    const entry = getEntry(deps, req.watcherId)
    // compat: upstream's inotify has queued the events of a write that has returned; here they
    // may still be on their way through chokidar, so wait (briefly) for envd's own changes.
    await entry.watch.settle(SETTLE_MAX_MS)
    // The loop below has the settled events once the microtasks that deliver them have run.
    await new Promise((r) => setImmediate(r))
    if (entry.error) throw entry.error
    return { events: entry.buffered.splice(0) }
  }
}

export function removeWatcher(deps: FsDeps): ServiceImpl<typeof Filesystem>['removeWatcher'] {
  return async (req) => {
    const entry = getEntry(deps, req.watcherId)
    deps.watchers.delete(req.watcherId)
    await entry.watch.close()
    return {}
  }
}
