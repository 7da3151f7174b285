// Live and recently exited processes by pid and tag; exited ones stay 30 s for late Connects.
import { AppError, NotFoundError } from '../../shared/errors.js'
import type { ProcessSelector } from '../../gen/process/process_pb.js'
import type { ProcessHandle } from './process-handle.js'

export const EXIT_RETENTION_MS = 30_000

export class ProcessTable {
  private readonly byPid = new Map<number, ProcessHandle>()

  add(handle: ProcessHandle): void {
    this.byPid.set(handle.pid, handle)
    handle.onEnd(() => {
      const t = setTimeout(() => {
        if (this.byPid.get(handle.pid) === handle) this.byPid.delete(handle.pid)
      }, EXIT_RETENTION_MS)
      t.unref()
    })
  }

  /** Live processes only. */
  live(): ProcessHandle[] {
    return [...this.byPid.values()].filter((h) => !h.exited)
  }

  /** By pid or tag, live or exited < 30 s ago; throws not_found / unimplemented. */
  select(selector: ProcessSelector | undefined): ProcessHandle {
    const s = selector?.selector
    if (s?.case === 'pid') {
      const h = this.byPid.get(s.value)
      if (!h) throw new NotFoundError(`process with pid ${s.value} not found`)
      return h
    }
    if (s?.case === 'tag') {
      // The newest live process with that tag wins over an exited one.
      const matches = [...this.byPid.values()].filter((h) => h.tag === s.value)
      const h = matches.find((m) => !m.exited) ?? matches.at(-1)
      if (!h) throw new NotFoundError(`process with tag ${s.value} not found`)
      return h
    }
    throw new AppError('unimplemented', 'invalid process selector: neither pid nor tag set')
  }

  /** SIGKILLs every live process (daemon shutdown). */
  killAll(): void {
    for (const h of this.live()) h.signal('SIGKILL')
  }
}
