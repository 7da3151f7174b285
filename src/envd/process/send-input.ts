// SendInput: bytes to a process's stdin pipe or PTY.
import type { ServiceImpl } from '@connectrpc/connect'
import type { Process, ProcessInput } from '../../gen/process/process_pb.js'
import { AppError } from '../../shared/errors.js'
import type { ProcessHandle } from './process-handle.js'
import type { ProcDeps } from './deps.js'

/** Writes one ProcessInput; throws internal on a mismatched or closed input, unimplemented if empty. */
export function writeInput(handle: ProcessHandle, input: ProcessInput | undefined): void {
  const i = input?.input
  if (i?.case === 'stdin') handle.writeStdin(i.value)
  else if (i?.case === 'pty') handle.writePty(i.value)
  else throw new AppError('unimplemented', 'invalid input type')
}

export function sendInput(deps: ProcDeps): ServiceImpl<typeof Process>['sendInput'] {
  return (req) => {
    writeInput(deps.table.select(req.process), req.input)
    return {}
  }
}
