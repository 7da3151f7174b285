// SendSignal: SIGTERM or SIGKILL to the single process (not its group).
import type { ServiceImpl } from '@connectrpc/connect'
import { Signal, type Process } from '../../gen/process/process_pb.js'
import { AppError } from '../../shared/errors.js'
import type { ProcDeps } from './deps.js'

export function sendSignal(deps: ProcDeps): ServiceImpl<typeof Process>['sendSignal'] {
  return (req) => {
    const handle = deps.table.select(req.process)
    if (req.signal === Signal.SIGKILL) handle.signal('SIGKILL')
    else if (req.signal === Signal.SIGTERM) handle.signal('SIGTERM')
    else throw new AppError('unimplemented', 'invalid signal')
    return {}
  }
}
