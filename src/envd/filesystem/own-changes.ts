// envd's own filesystem changes, announced to the directory watchers so they report them as
// upstream reports the same operation. Upstream watches with inotify and writes uploads in place
// (create, chown, write: CREATE, CHMOD, WRITE); we stage uploads in a temp file and rename it into
// place (whole or nothing), and chokidar rebuilds events from stat results, so on its own a watch
// would see one add or change. An announcement, made just before the change, names the events
// upstream's syscalls would have produced; a watcher that sees the change reports those instead.
import { dirname } from 'node:path'
import { EventType } from '../../gen/filesystem/filesystem_pb.js'

export type OwnChange = Readonly<{
  /** Whether the path appears or changes (a watcher's add or change), or goes away (its unlink). */
  kind: 'appears' | 'goes'
  /** The events to report for the path, in order. */
  ops: readonly EventType[]
  /** The inode the change leaves at the path (known for staged uploads and moves). */
  ino?: number
  /** A move's source: reported as RENAME first when the watch knows it (IN_MOVED_FROM precedes IN_MOVED_TO). */
  from?: string
  /** A recursive removal (kind 'goes'): every path below goes with `ops` as well. */
  subtree?: boolean
}>

/** Long enough for a loaded watcher to see the change; short, so a later change is never taken for it. */
const TTL_MS = 5000

export class OwnChanges {
  private readonly changes = new Map<string, OwnChange & { at: number }>()

  /** Announces `change` at `path`; call before making it, and withdraw it if making it fails. */
  announce(path: string, change: OwnChange): void {
    const now = Date.now()
    // Oldest first (re-announced paths move to the end), so pruning stops at the first live one.
    for (const [p, c] of this.changes) {
      if (now - c.at < TTL_MS) break
      this.changes.delete(p)
    }
    this.changes.delete(path)
    this.changes.set(path, { ...change, at: now })
  }

  withdraw(path: string): void {
    this.changes.delete(path)
  }

  /** The live announcements made at or after `at`, with their paths (a watch settling on them). */
  *since(at: number): Iterable<[string, OwnChange]> {
    const now = Date.now()
    for (const [p, c] of this.changes) if (c.at >= at && now - c.at < TTL_MS) yield [p, c]
  }

  /**
   * The announcement covering a change seen at `path` (with inode `ino` when known): one for the
   * path itself, or a subtree removal above it. Several watchers may see one change, so finding
   * does not consume; each watcher remembers the announcements it has reported.
   */
  find(path: string, ino: number | undefined, kind: OwnChange['kind']): OwnChange | undefined {
    const now = Date.now()
    const own = this.changes.get(path)
    if (
      own &&
      own.kind === kind &&
      now - own.at < TTL_MS &&
      (own.ino === undefined || ino === undefined || own.ino === ino)
    )
      return own
    if (kind !== 'goes') return undefined
    for (let p = path, d = dirname(p); d !== p && this.changes.size > 0; p = d, d = dirname(d)) {
      const above = this.changes.get(d)
      if (above?.subtree && above.kind === 'goes' && now - above.at < TTL_MS) return above
    }
    return undefined
  }
}

/** compat: upstream creates each missing directory with mkdir, then chowns it: CREATE, CHMOD. */
export function announceNewDirs(own: OwnChanges, dirs: readonly string[]): void {
  for (const dir of dirs) own.announce(dir, { kind: 'appears', ops: [EventType.CREATE, EventType.CHMOD] })
}
