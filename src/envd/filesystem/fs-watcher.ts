// One directory watch (chokidar) turned into E2B FilesystemEvents, shared by WatchDir and the
// polling watchers. Maps add/change/unlink to CREATE/WRITE/CHMOD/REMOVE and pairs an unlink with
// an add of the same inode into RENAME, since chokidar reports renames as unlink + add.
import type { Stats } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { basename, relative, sep } from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import { create } from '@bufbuild/protobuf'
import { EventType, FilesystemEventSchema, type FilesystemEvent } from '../../gen/filesystem/filesystem_pb.js'
import { AsyncQueue } from '../../shared/async-queue.js'
import { InvalidArgumentError } from '../../shared/errors.js'
import type { UserDb } from '../identity/users.js'
import { entryFromStats } from './entry-info.js'
import { fromFsError } from './fs-errors.js'

/** Uploads are written to temp files with this prefix and renamed into place; watchers skip them. */
export const UPLOAD_TEMP_PREFIX = '.sandock-upload-'
const NETWORK_FS = /^(nfs\d?|cifs|smb\d?|fuse(\..*)?|fuseblk|9p|sshfs|glusterfs|ceph)$/
// chokidar holds unlink events ~100 ms (its atomic-write detection), so the pairing window is wider.
const RENAME_WINDOW_MS = 250

export type WatchOptions = { recursive: boolean; includeEntry: boolean; allowNetworkMounts: boolean }
export type DirWatch = { events: AsyncQueue<FilesystemEvent>; close(): Promise<void> }

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
const isGvisorGofer = (m: { type: string; options: string }) => m.type === '9p' && m.options.split(',').includes('trans=fd')

/** Validates the directory (not_found / invalid_argument) and starts watching; resolves when ready. */
export async function openDirWatch(dir: string, opts: WatchOptions, db: () => Promise<UserDb>): Promise<DirWatch> {
  const st = await stat(dir).catch((e) => {
    throw fromFsError(e, dir)
  })
  if (!st.isDirectory()) throw new InvalidArgumentError(`path ${dir} not a directory`)
  if (!opts.allowNetworkMounts) {
    const mount = await mountOf(dir)
    if (mount && NETWORK_FS.test(mount.type) && !isGvisorGofer(mount)) {
      throw new InvalidArgumentError(`cannot watch path on network filesystem: ${dir} (${mount.type})`)
    }
  }

  const events = new AsyncQueue<FilesystemEvent>()
  const inodes = new Map<string, number>()
  /** inode → where and when it last appeared, to pair an unlink of another name into RENAME. */
  const recentAdds = new Map<number, { path: string; at: number }>()
  const pendingUnlinks = new Map<number, { path: string; timer: NodeJS.Timeout }>()
  let ready = false
  let userDb: UserDb | undefined

  const nameOf = (p: string) => relative(dir, p).split(sep).join('/')
  const emit = async (p: string, type: EventType, stats?: Stats) => {
    let entry
    if (opts.includeEntry && stats && (type === EventType.CREATE || type === EventType.WRITE || type === EventType.CHMOD)) {
      userDb ??= await db()
      entry = await entryFromStats(p, stats, userDb).catch(() => undefined)
    }
    events.push(create(FilesystemEventSchema, { name: nameOf(p), type, entry }))
  }
  const onAdd = (p: string, stats?: Stats) => {
    if (stats) inodes.set(p, stats.ino)
    if (!ready) return
    const pending = stats ? pendingUnlinks.get(stats.ino) : undefined
    if (pending) {
      clearTimeout(pending.timer)
      pendingUnlinks.delete(stats!.ino)
      void emit(pending.path, EventType.RENAME)
    } else if (stats) {
      recentAdds.set(stats.ino, { path: p, at: Date.now() })
    }
    void emit(p, EventType.CREATE, stats)
    // A new file that already has content was written too (inotify reports CREATE then WRITE).
    if (stats?.isFile() && stats.size > 0) void emit(p, EventType.WRITE, stats)
  }
  const onUnlink = (p: string) => {
    const ino = inodes.get(p)
    inodes.delete(p)
    if (!ready) return
    if (ino === undefined) return void emit(p, EventType.REMOVE)
    // The same inode showed up under another name just before: this name was renamed away.
    const added = recentAdds.get(ino)
    if (added !== undefined && added.path !== p && Date.now() - added.at < RENAME_WINDOW_MS) return void emit(p, EventType.RENAME)
    const timer = setTimeout(() => {
      pendingUnlinks.delete(ino)
      void emit(p, EventType.REMOVE)
    }, RENAME_WINDOW_MS)
    pendingUnlinks.set(ino, { path: p, timer })
  }

  const watcher: FSWatcher = watch(dir, {
    persistent: true,
    ignoreInitial: false,
    alwaysStat: true,
    followSymlinks: false,
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
      // A replaced file (new inode, e.g. an upload renamed into place) was written. Otherwise a
      // write moves mtime and ctime together, while chmod/chown moves only ctime.
      const replaced = stats !== undefined && previousIno !== undefined && previousIno !== stats.ino
      const isWrite = !stats || replaced || Math.abs(stats.ctimeMs - stats.mtimeMs) < 2
      void emit(p, isWrite ? EventType.WRITE : EventType.CHMOD, stats)
    })
    .on('unlink', onUnlink)
    .on('unlinkDir', (p) => {
      if (p === dir) void emit(p, EventType.REMOVE)
      else onUnlink(p)
    })
    .on('error', (err) => events.end(err))

  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()))
  ready = true
  // Recent-add bookkeeping only needs to outlive the rename window.
  const sweep = setInterval(() => {
    const cutoff = Date.now() - RENAME_WINDOW_MS
    for (const [ino, added] of recentAdds) if (added.at < cutoff) recentAdds.delete(ino)
  }, 1000)
  sweep.unref()

  return {
    events,
    async close() {
      clearInterval(sweep)
      for (const { timer } of pendingUnlinks.values()) clearTimeout(timer)
      events.end()
      await watcher.close()
    },
  }
}
