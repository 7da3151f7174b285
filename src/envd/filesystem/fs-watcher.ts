// One directory watch (chokidar) turned into E2B FilesystemEvents, shared by WatchDir and the
// polling watchers: what may be watched, the watch's start and end, and the cap on open watches.
// What its events become (envd's own changes as announced, others mapped, renames paired):
// fs-events.ts.
import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { watch, type FSWatcher } from 'chokidar'
import type { FilesystemEvent } from '../../gen/filesystem/filesystem_pb.js'
import type { AsyncQueue } from '../../shared/async-queue.js'
import { AppError, InvalidArgumentError } from '../../shared/errors.js'
import type { UserDb } from '../identity/users.js'
import { fromFsError } from './fs-errors.js'
import { createEventMapper, type WatchOptions } from './fs-events.js'
import type { OwnChanges } from './own-changes.js'

/** Uploads are written to temp files with this prefix and renamed into place; watchers skip them. */
export const UPLOAD_TEMP_PREFIX = '.sandock-upload-'
const NETWORK_FS = /^(nfs\d?|cifs|smb\d?|fuse(\..*)?|fuseblk|9p|sshfs|glusterfs|ceph)$/

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

export type { WatchOptions }
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

/** not_found / invalid_argument for what cannot be watched, resource_exhausted past the cap. */
async function checkWatchable(dir: string, opts: WatchOptions): Promise<void> {
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
}

/** Validates the directory (not_found / invalid_argument) and starts watching; resolves when ready. */
export async function openDirWatch(
  dir: string,
  opts: WatchOptions,
  db: () => Promise<UserDb>,
  own: OwnChanges,
): Promise<DirWatch> {
  await checkWatchable(dir, opts)
  const mapper = createEventMapper(dir, opts, db, own)
  const { events } = mapper
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
  let ready = false
  watcher
    .on('add', mapper.onAdd)
    .on('addDir', mapper.onAddDir)
    .on('change', mapper.onChange)
    .on('unlink', mapper.onUnlink)
    .on('unlinkDir', mapper.onUnlinkDir)
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
  mapper.markReady()
  const readyAt = Date.now()
  const sweep = setInterval(mapper.sweep, 1000)
  sweep.unref()

  return {
    events,
    async settle(maxWaitMs) {
      const deadline = Date.now() + maxWaitMs
      const pending = () => [...own.since(readyAt)].some(([p, c]) => mapper.awaited(p, c))
      while (pending() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5))
      await mapper.emitted()
    },
    async close() {
      clearInterval(sweep)
      mapper.stop()
      events.end()
      release()
      await watcher.close()
    },
  }
}
