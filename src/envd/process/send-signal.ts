// SendSignal: SIGTERM or SIGKILL to the single process (not its group).
import type { ServiceImpl } from '@connectrpc/connect'
import { Signal, type Process } from '../../gen/process/process_pb.js'
import { AppError } from '../../shared/errors.js'
import type { ProcDeps } from './deps.js'
import type { ProcessHandle } from './process-handle.js'

/** How long a SIGKILL's answer waits for the process to be gone; it cannot refuse, only be slow to go. */
const KILL_SETTLE_MS = 2000

/** Resolves once `handle` has ended (reaped, its end event sent), or after `ms`. */
function ended(handle: ProcessHandle, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    handle.onEnd(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}

export function sendSignal(deps: ProcDeps): ServiceImpl<typeof Process>['sendSignal'] {
  return async (req) => {
    const handle = deps.table.select(req.process)
    if (req.signal === Signal.SIGKILL) {
      handle.signal('SIGKILL')
      // A killed process is gone when the answer comes: `kill -0 <pid>` right after fails (no
      // zombie, no process still on its way out), and its streams have their end event.
      await ended(handle, KILL_SETTLE_MS)
    } else if (req.signal === Signal.SIGTERM) handle.signal('SIGTERM')
    else throw new AppError('unimplemented', 'invalid signal')
    return {}
  }
}
