// One directory watch (chokidar) turned into E2B FilesystemEvents, shared by WatchDir and the
// polling watchers. envd's own changes are reported as announced (own-changes.ts: upstream's
// sequence for the same operation); other changes map add/change/unlink to CREATE/WRITE/CHMOD/
// REMOVE, and an unlink paired with an add of the same inode becomes RENAME, since chokidar
// reports renames as unlink + add.
import type { Stats } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { basename, relative, sep } from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import { create } from '@bufbuild/protobuf'
import { EventType, FilesystemEventSchema, type FilesystemEvent } from '../../gen/filesystem/filesystem_pb.js'
import { AsyncQueue } from '../../shared/async-queue.js'
import { AppError, InvalidArgumentError } from '../../shared/errors.js'
import type { UserDb } from '../identity/users.js'
import { entryFromStats } from './entry-info.js'
import { fromFsError } from './fs-errors.js'
import type { OwnChange, OwnChanges } from './own-changes.js'

/** Uploads are written to temp files with this prefix and renamed into place; watchers skip them. */
export const UPLOAD_TEMP_PREFIX = '.sandock-upload-'
const NETWORK_FS = /^(nfs\d?|cifs|smb\d?|fuse(\..*)?|fuseblk|9p|sshfs|glusterfs|ceph)$/
// How long an unlink waits for an add of the same inode (a rename by another process).
const RENAME_WINDOW_MS = 150

/**
 * Directory watches open at once in this envd (WatchDir streams and polling watchers): each holds
 * inotify watches, which the host counts per uid for every sandbox together. Past the cap a new
 * watch is refused with resource_exhausted.
 */
export const MAX_DIR_WATCHES = Math.max(1, Number(process.env.SANDOCK_ENVD_MAX_WATCHES) || 128)
let openWatches = 0

/** inotify out of instances (EMFILE) or watches (ENOSPC): the host's per-uid limit, said plainly. */
function watchError(err: unknown): Error {
  const code = (err as NodeJS.ErrnoException | undefined)?.code
  if (code === 'ENOSPC' || code === 'EMFILE') {
    return new AppError(
      'resource_exhausted',
      `the host's inotify limit is reached (${code === 'ENOSPC' ? 'fs.inotify.max_user_watches' : 'fs.inotify.max_user_instances'}): cannot watch more files`,
      { cause: err },
    )
  }
  return err instanceof Error ? err : new Error(String(err))
}

export type WatchOptions = { recursive: boolean; includeEntry: boolean; allowNetworkMounts: boolean }
export type DirWatch = {
  events: AsyncQueue<FilesystemEvent>
  /**
   * Resolves once this watch has reported every change envd announced since it began within its
   * scope (at most `maxWaitMs`): a poll right after envd's own write sees that write's events.
   */
  settle(maxWaitMs: number): Promise<void>
  close(): Promise<void>
}

async function mountOf(path: string): Promise<{ type: string; options: string } | undefined> {
  const mounts = await readFile('/proc/self/mounts', 'utf8').catch(() => '')
  let best: { point: string; type: string; options: string } | undefined
  for (const line of mounts.split('\n')) {
    const [, point, type, options = ''] = line.split(' ')
    if (!point || !type) continue
    const p = point.replace(/\\040/g, ' ')
    const inside = path === p || path.startsWith(p.endsWith('/') ? p : p + '/')
    if (inside && (!best || p.length > best.point.length)) best = { point: p, type, options }
  }
  return best
}

/**
 * Under gVisor the container's own filesystems are 9p over a file descriptor to its gofer
 * (`trans=fd`): local to the sandbox, and inotify sees every change made in it. A network 9p
 * (virtio, tcp) is still refused.
 */
const isGvisorGofer = (m: { type: string; options: string }) =>
  m.type === '9p' && m.options.split(',').includes('trans=fd')

/** Validates the directory (not_found / invalid_argument) and starts watching; resolves when ready. */
export async function openDirWatch(
  dir: string,
  opts: WatchOptions,
  db: () => Promise<UserDb>,
  own: OwnChanges,
): Promise<DirWatch> {
  const st = await stat(dir).catch((e) => {
    throw fromFsError(e, dir)
  })
  if (!st.isDirectory()) throw new InvalidArgumentError(`path ${dir} not a directory`)
  if (openWatches >= MAX_DIR_WATCHES)
    throw new AppError(
      'resource_exhausted',
      `too many directory watches in this sandbox (limit: ${MAX_DIR_WATCHES}); stop one first`,
    )
  if (!opts.allowNetworkMounts) {
    const mount = await mountOf(dir)
    if (mount && NETWORK_FS.test(mount.type) && !isGvisorGofer(mount)) {
      throw new InvalidArgumentError(`cannot watch path on network filesystem: ${dir} (${mount.type})`)
    }
  }

  const events = new AsyncQueue<FilesystemEvent>()
  const inodes = new Map<string, number>()
  /** What an add already reported as written: a change event for the same write is not a second WRITE. */
  const writtenAtAdd = new Map<string, { ino: number; size: number; mtimeMs: number; at: number }>()
  /** inode → where and when it last appeared, to pair an unlink of another name into RENAME. */
  const recentAdds = new Map<number, { path: string; at: number }>()
  const pendingUnlinks = new Map<number, { path: string; timer: NodeJS.Timeout }>()
  let ready = false
  let userDb: UserDb | undefined

  /** Announcements this watch has reported, per path (a subtree removal covers many paths). */
  const reported = new WeakMap<OwnChange, Set<string>>()
  /** Old names of envd's moves, already reported as RENAME when the new name appeared. */
  const renamedAway = new Set<string>()

  const nameOf = (p: string) => relative(dir, p).split(sep).join('/')
  // Entries are looked up asynchronously; a chain keeps events in the order they were seen.
  let emitted: Promise<void> = Promise.resolve()
  const emit = (p: string, type: EventType, stats?: Stats) => {
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
  }
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

  const watcher: FSWatcher = watch(dir, {
    persistent: true,
    ignoreInitial: false,
    alwaysStat: true,
    followSymlinks: false,
    // compat: inotify reports an unlink at once, and a delete-and-recreate as REMOVE then CREATE;
    // chokidar's `atomic` would hold unlinks 100 ms and fold such pairs into one change.
    atomic: false,
    depth: opts.recursive ? undefined : 0,
    ignored: (p: string) => basename(p).startsWith(UPLOAD_TEMP_PREFIX),
  })
  watcher
    .on('add', onAdd)
    .on('addDir', (p, stats) => {
      if (p !== dir) onAdd(p, stats)
    })
    .on('change', (p, stats) => {
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
    })
    .on('unlink', onUnlink)
    .on('unlinkDir', (p) => {
      if (p === dir) emit(p, EventType.REMOVE)
      else onUnlink(p)
    })
    .on('error', (err) => events.end(watchError(err)))

  openWatches++
  let counted = true
  const release = () => {
    if (counted) openWatches--
    counted = false
  }
  // An inotify failure before the first scan ends fails the watch itself.
  const failed = await new Promise<Error | undefined>((resolve) => {
    watcher.once('ready', () => resolve(undefined))
    watcher.once('error', (err) => {
      if (!ready) resolve(watchError(err))
    })
  })
  if (failed) {
    release()
    await watcher.close().catch(() => undefined)
    throw failed
  }
  ready = true
  const readyAt = Date.now()
  /** Whether an announced change at `p` is one this watch will see (and has not reported yet). */
  const awaited = (p: string, change: OwnChange): boolean => {
    if (reported.get(change)?.has(p)) return false
    const rel = relative(dir, p)
    if (rel === '' || rel.startsWith('..') || (!opts.recursive && rel.includes(sep))) return false
    // A removal of something this watch never saw (e.g. rm -rf of a missing path) gives no event.
    return change.kind === 'appears' || inodes.has(p)
  }
  // Recent-add bookkeeping only needs to outlive the rename window (and a write's change event).
  const sweep = setInterval(() => {
    const cutoff = Date.now() - RENAME_WINDOW_MS
    for (const [ino, added] of recentAdds) if (added.at < cutoff) recentAdds.delete(ino)
    for (const [p, w] of writtenAtAdd) if (w.at < cutoff) writtenAtAdd.delete(p)
  }, 1000)
  sweep.unref()

  return {
    events,
    async settle(maxWaitMs) {
      const deadline = Date.now() + maxWaitMs
      const pending = () => [...own.since(readyAt)].some(([p, c]) => awaited(p, c))
      while (pending() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5))
      await emitted
    },
    async close() {
      clearInterval(sweep)
      for (const { timer } of pendingUnlinks.values()) clearTimeout(timer)
      events.end()
      release()
      await watcher.close()
    },
  }
}
