// StreamInput: a client stream that starts with the process selector, then carries input.
import type { ServiceImpl } from '@connectrpc/connect'
import type { Process } from '../../gen/process/process_pb.js'
import { AppError, InvalidArgumentError } from '../../shared/errors.js'
import type { ProcessHandle } from './process-handle.js'
import type { ProcDeps } from './deps.js'
import { writeInput } from './send-input.js'

export function streamInput(deps: ProcDeps): ServiceImpl<typeof Process>['streamInput'] {
  return async (reqs) => {
    let handle: ProcessHandle | undefined
    for await (const req of reqs) {
      const ev = req.event
      if (ev.case === 'start') handle = deps.table.select(ev.value.process)
      else if (ev.case === 'data') {
        if (!handle) throw new InvalidArgumentError('the first message must be start')
        writeInput(handle, ev.value.input)
      } else if (ev.case !== 'keepalive') throw new AppError('unimplemented', 'invalid event type')
    }
    return {}
  }
}
