// The host side of user volumes: the volumes directory is closed to everyone but root (0700), and
// mounted nosuid,nodev where Docker's engine sees it, so no file a sandbox plants in a volume runs
// setuid or opens a device, neither in another sandbox nor for an account on the host. Docker's
// local volume driver ignores nosuid/nodev on a bind (it remounts only for `ro`), but a bind mount
// copies the flags of the mount its source lies on: the directory is bound onto itself and that
// mount made nosuid,nodev, in the mount namespace of the engine (this one for `sandock serve` on
// the host; the host's, entered by dockerd's PID, for Compose's server with `pid: host`).
import { execFile } from 'node:child_process'
import { chmod, mkdir, readFile, readlink } from 'node:fs/promises'
import { promisify } from 'node:util'
import type { Logger } from 'pino'
import { dockerdPid } from '../runtime/engine-limits.js'

const run = promisify(execFile)

export type VolumesDirState = Readonly<{
  mode: number
  nosuid: boolean
  nodev: boolean
  how: 'own-namespace' | 'engine-namespace' | 'not-root' | 'failed'
  /**
   * Undoes the bind mount this start made (a clean stop: the directory can then be moved or
   * removed). Sandboxes' mounts made meanwhile keep their flags; the next start binds it again.
   */
  release(): Promise<void>
}>
const noRelease = async () => undefined

const unescapePath = (p: string) => p.replace(/\\([0-7]{3})/g, (_m, o: string) => String.fromCharCode(parseInt(o, 8)))

/**
 * Is the mount in effect at `dir` the directory bound onto itself (what fenceVolumesDir makes), not a
 * disk or another directory an operator mounted there? Its device is the one of the mount that
 * holds `dir`'s parent, and its root is that mount's root plus `dir`'s path below it. A start that
 * finds one left by a server that ended without its clean stop (SIGKILL, a crash) adopts it.
 */
export function selfBindAt(mountinfo: string, dir: string): boolean {
  const mounts = mountinfo
    .split('\n')
    .map((l) => l.split(' '))
    .filter((f) => f[4] !== undefined)
    .map((f) => ({ dev: f[2], root: unescapePath(f[3]!), at: unescapePath(f[4]!) }))
  const at = mounts.findLast((m) => m.at === dir)
  if (!at) return false
  const parent = dir.slice(0, dir.lastIndexOf('/')) || '/'
  const holder = mounts
    .filter((m) => m !== at && m.at !== dir && (parent === m.at || parent.startsWith(m.at === '/' ? '/' : `${m.at}/`)))
    .reduce<(typeof mounts)[number] | undefined>(
      (best, m) => (!best || m.at.length >= best.at.length ? m : best),
      undefined,
    )
  if (!holder || holder.dev !== at.dev) return false
  const below = holder.at === '/' ? dir : dir.slice(holder.at.length)
  return at.root === (holder.root === '/' ? below : `${holder.root}${below}`)
}

/** The mount options of the mount at exactly `dir` in the mountinfo text, or undefined when `dir` is no mount point. */
export function mountOptionsAt(mountinfo: string, dir: string): string[] | undefined {
  let found: string[] | undefined
  for (const line of mountinfo.split('\n')) {
    const f = line.split(' ')
    // Mount points are octal-escaped (\040 for a space); the last mount at a path is the one in effect.
    if (
      f[4] !== undefined &&
      f[4].replace(/\\([0-7]{3})/g, (_m, o: string) => String.fromCharCode(parseInt(o, 8))) === dir
    )
      found = (f[5] ?? '').split(',')
  }
  return found
}

/**
 * Makes `dir` 0700 and, as root, a nosuid,nodev mount point in the engine's mount namespace.
 * Never throws: what could not be done is logged (a warning) and returned.
 */
export async function fenceVolumesDir(
  dir: string,
  log: Logger,
  opts: { procRoot?: string; dockerSocket?: string } = {},
): Promise<VolumesDirState> {
  const procRoot = opts.procRoot ?? '/proc'
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await chmod(dir, 0o700)
  const mode = 0o700
  if (process.getuid?.() !== 0) {
    log.warn({ dir }, 'volumes are mounted without nosuid,nodev: only root can remount their directory')
    return { mode, nosuid: false, nodev: false, how: 'not-root', release: noRelease }
  }
  const pid = await dockerdPid(procRoot, { ...(opts.dockerSocket ? { socket: opts.dockerSocket } : {}) })
  const own = await readlink('/proc/self/ns/mnt').catch(() => '')
  const engine = pid === undefined ? undefined : await readlink(`${procRoot}/${pid}/ns/mnt`).catch(() => undefined)
  const enter = engine !== undefined && engine !== own
  const q = `'${dir.replaceAll("'", "'\\''")}'`
  // Prints `bound` when this start made the bind mount (a directory already a mount point is only remounted).
  const script = `if ! mountpoint -q ${q}; then mount --bind ${q} ${q} && echo bound; fi; mount -o remount,bind,nosuid,nodev ${q}`
  const inEngine = (s: string) =>
    enter
      ? run('nsenter', [`--mount=${procRoot}/${pid}/ns/mnt`, '--', 'sh', '-c', s], { timeout: 15_000 })
      : run('sh', ['-c', s], { timeout: 15_000 })
  const infoPath = enter ? `${procRoot}/${pid}/mountinfo` : '/proc/self/mountinfo'
  // A self-bind left by an earlier start that never stopped cleanly is this start's to undo.
  let bound = selfBindAt(await readFile(infoPath, 'utf8').catch(() => ''), dir)
  try {
    bound = (await inEngine(script)).stdout.includes('bound') || bound
  } catch (err) {
    log.warn({ err, dir }, 'volumes are mounted without nosuid,nodev: the volumes directory could not be remounted')
    return { mode, nosuid: false, nodev: false, how: 'failed', release: noRelease }
  }
  const info = await readFile(infoPath, 'utf8').catch(() => '')
  const opts2 = mountOptionsAt(info, dir) ?? []
  const release = async () => {
    if (!bound) return
    bound = false
    await inEngine(`umount -l ${q}`).catch((err: unknown) =>
      log.warn({ err, dir }, 'could not unmount the volumes directory'),
    )
  }
  const state: VolumesDirState = {
    mode,
    nosuid: opts2.includes('nosuid'),
    nodev: opts2.includes('nodev'),
    how: enter ? 'engine-namespace' : 'own-namespace',
    release,
  }
  if (!state.nosuid || !state.nodev)
    log.warn({ dir, options: opts2 }, 'volumes directory is not nosuid,nodev after remounting it')
  else log.debug({ dir, how: state.how }, 'volumes directory mounted nosuid,nodev')
  return state
}
