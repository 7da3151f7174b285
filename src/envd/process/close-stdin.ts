// CloseStdin: end the stdin pipe (idempotent); a PTY answers unknown.
import type { ServiceImpl } from '@connectrpc/connect'
import type { Process } from '../../gen/process/process_pb.js'
import type { ProcDeps } from './deps.js'

export function closeStdin(deps: ProcDeps): ServiceImpl<typeof Process>['closeStdin'] {
  return (req) => {
    deps.table.select(req.process).closeStdin()
    return {}
  }
}
