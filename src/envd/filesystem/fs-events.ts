// What one directory watch makes of chokidar's events (fs-watcher.ts starts the watch): envd's
// own changes as announced (own-changes.ts: upstream's sequence for the same operation), others
// mapped from add/change/unlink to CREATE/WRITE/CHMOD/REMOVE, and an unlink paired with an add of
// the same inode as RENAME (chokidar reports renames as unlink + add), in the order they were seen.
import type { Stats } from 'node:fs'
import { relative, sep } from 'node:path'
import { create } from '@bufbuild/protobuf'
import { EventType, FilesystemEventSchema, type FilesystemEvent } from '../../gen/filesystem/filesystem_pb.js'
import { AsyncQueue } from '../../shared/async-queue.js'
import type { UserDb } from '../identity/users.js'
import { entryFromStats } from './entry-info.js'
import type { OwnChange, OwnChanges } from './own-changes.js'

export type WatchOptions = { recursive: boolean; includeEntry: boolean; allowNetworkMounts: boolean }

// How long an unlink waits for an add of the same inode (a rename by another process).
const RENAME_WINDOW_MS = 150

/**
 * Events into the queue in the order they were seen: an entry (when asked for) is looked up
 * asynchronously, so each event waits for the one before it.
 */
function createEmitter(
  dir: string,
  opts: WatchOptions,
  db: () => Promise<UserDb>,
  events: AsyncQueue<FilesystemEvent>,
) {
  const nameOf = (p: string) => relative(dir, p).split(sep).join('/')
  let userDb: UserDb | undefined
  let emitted: Promise<void> = Promise.resolve()
  return {
    emit(p: string, type: EventType, stats?: Stats) {
      emitted = emitted.then(async () => {
        let entry: Awaited<ReturnType<typeof entryFromStats>> | undefined
        if (
          opts.includeEntry &&
          stats &&
          (type === EventType.CREATE || type === EventType.WRITE || type === EventType.CHMOD)
        ) {
          userDb ??= await db()
          entry = await entryFromStats(p, stats, userDb).catch(() => undefined)
        }
        events.push(create(FilesystemEventSchema, { name: nameOf(p), type, entry }))
      })
    },
    /** Resolves once every event emitted so far is in the queue. */
    emitted: () => emitted,
  }
}

/**
 * What one watch makes of chokidar's events (see the file header): the handlers, the queue they
 * fill in order, and what `settle` needs to know (whether an announced change is still to come).
 */
export function createEventMapper(dir: string, opts: WatchOptions, db: () => Promise<UserDb>, own: OwnChanges) {
  const events = new AsyncQueue<FilesystemEvent>()
  const inodes = new Map<string, number>()
  /** What an add already reported as written: a change event for the same write is not a second WRITE. */
  const writtenAtAdd = new Map<string, { ino: number; size: number; mtimeMs: number; at: number }>()
  /** inode → where and when it last appeared, to pair an unlink of another name into RENAME. */
  const recentAdds = new Map<number, { path: string; at: number }>()
  const pendingUnlinks = new Map<number, { path: string; timer: NodeJS.Timeout }>()
  let ready = false

  /** Announcements this watch has reported, per path (a subtree removal covers many paths). */
  const reported = new WeakMap<OwnChange, Set<string>>()
  /** Old names of envd's moves, already reported as RENAME when the new name appeared. */
  const renamedAway = new Set<string>()

  const { emit, emitted } = createEmitter(dir, opts, db, events)
  /** envd's own change at `p`, the first time this watch sees it (then it is reported once). */
  const ownChange = (p: string, ino: number | undefined, kind: OwnChange['kind']): OwnChange | undefined => {
    const change = own.find(p, ino, kind)
    if (!change) return undefined
    const paths = reported.get(change) ?? new Set<string>()
    reported.set(change, paths)
    if (paths.has(p)) return undefined
    paths.add(p)
    return change
  }
  const reportOwn = (p: string, change: OwnChange, stats?: Stats) => {
    // compat: a move reports the old name (RENAME) before the new one, when both are watched.
    if (change.from !== undefined && inodes.has(change.from)) {
      ownChange(change.from, inodes.get(change.from), 'goes')
      inodes.delete(change.from)
      renamedAway.add(change.from)
      emit(change.from, EventType.RENAME)
    }
    for (const op of change.ops) emit(p, op, stats)
  }
  const onAdd = (p: string, stats?: Stats) => {
    if (stats) inodes.set(p, stats.ino)
    if (!ready) {
      // Already there when the watch began: a later change is not this announcement's.
      ownChange(p, stats?.ino, 'appears')
      return
    }
    const announced = ownChange(p, stats?.ino, 'appears')
    if (announced) return reportOwn(p, announced, stats)
    const pending = stats ? pendingUnlinks.get(stats.ino) : undefined
    if (pending) {
      clearTimeout(pending.timer)
      pendingUnlinks.delete(stats!.ino)
      emit(pending.path, EventType.RENAME)
    } else if (stats) {
      recentAdds.set(stats.ino, { path: p, at: Date.now() })
    }
    emit(p, EventType.CREATE, stats)
    // A new file that already has content was written too (inotify reports CREATE then WRITE).
    if (stats?.isFile() && stats.size > 0) {
      writtenAtAdd.set(p, { ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, at: Date.now() })
      emit(p, EventType.WRITE, stats)
    }
  }
  const onChange = (p: string, stats?: Stats) => {
    const previousIno = inodes.get(p)
    if (stats) inodes.set(p, stats.ino)
    // The add was stat'ed after the write it reports, so the write's own change event is no news.
    const atAdd = writtenAtAdd.get(p)
    writtenAtAdd.delete(p)
    if (atAdd && stats && atAdd.ino === stats.ino && atAdd.size === stats.size && atAdd.mtimeMs === stats.mtimeMs)
      return
    const announced = ownChange(p, stats?.ino, 'appears')
    if (announced) return reportOwn(p, announced, stats)
    // A replaced file (new inode, e.g. an upload renamed into place) was written. Otherwise a
    // write moves mtime and ctime together, while chmod/chown moves only ctime.
    const replaced = stats !== undefined && previousIno !== undefined && previousIno !== stats.ino
    const isWrite = !stats || replaced || Math.abs(stats.ctimeMs - stats.mtimeMs) < 2
    emit(p, isWrite ? EventType.WRITE : EventType.CHMOD, stats)
  }
  const onUnlink = (p: string) => {
    const ino = inodes.get(p)
    inodes.delete(p)
    writtenAtAdd.delete(p)
    if (!ready) return
    if (renamedAway.delete(p)) return
    const announced = ownChange(p, ino, 'goes')
    if (announced) return reportOwn(p, announced)
    if (ino === undefined) return void emit(p, EventType.REMOVE)
    // The same inode showed up under another name just before: this name was renamed away.
    const added = recentAdds.get(ino)
    if (added !== undefined && added.path !== p && Date.now() - added.at < RENAME_WINDOW_MS)
      return void emit(p, EventType.RENAME)
    const timer = setTimeout(() => {
      pendingUnlinks.delete(ino)
      emit(p, EventType.REMOVE)
    }, RENAME_WINDOW_MS)
    pendingUnlinks.set(ino, { path: p, timer })
  }

  return {
    events,
    onAdd,
    onAddDir: (p: string, stats?: Stats) => {
      if (p !== dir) onAdd(p, stats)
    },
    onChange,
    onUnlink,
    onUnlinkDir: (p: string) => {
      if (p === dir) emit(p, EventType.REMOVE)
      else onUnlink(p)
    },
    /** The first scan is over: from now on adds and unlinks are news. */
    markReady: () => {
      ready = true
    },
    /** Resolves once every event seen so far is in the queue. */
    emitted,
    /** Whether an announced change at `p` is one this watch will see (and has not reported yet). */
    awaited(p: string, change: OwnChange): boolean {
      if (reported.get(change)?.has(p)) return false
      const rel = relative(dir, p)
      if (rel === '' || rel.startsWith('..') || (!opts.recursive && rel.includes(sep))) return false
      // A removal of something this watch never saw (e.g. rm -rf of a missing path) gives no event.
      return change.kind === 'appears' || inodes.has(p)
    },
    /** Recent-add bookkeeping only needs to outlive the rename window (and a write's change event). */
    sweep() {
      const cutoff = Date.now() - RENAME_WINDOW_MS
      for (const [ino, added] of recentAdds) if (added.at < cutoff) recentAdds.delete(ino)
      for (const [p, w] of writtenAtAdd) if (w.at < cutoff) writtenAtAdd.delete(p)
    },
    /** Drops the unlinks still waiting for a rename's add. */
    stop() {
      for (const { timer } of pendingUnlinks.values()) clearTimeout(timer)
    },
  }
}
