// Update: resize a process's PTY.
import type { ServiceImpl } from '@connectrpc/connect'
import type { Process } from '../../gen/process/process_pb.js'
import type { ProcDeps } from './deps.js'

export function update(deps: ProcDeps): ServiceImpl<typeof Process>['update'] {
  return (req) => {
    const handle = deps.table.select(req.process)
    const size = req.pty?.size
    if (size) handle.resize(size.cols, size.rows)
    return {}
  }
}
