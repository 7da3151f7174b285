// List: live processes with the config they were started with.
import type { ServiceImpl } from '@connectrpc/connect'
import type { Process } from '../../gen/process/process_pb.js'
import type { ProcDeps } from './deps.js'

export function list(deps: ProcDeps): ServiceImpl<typeof Process>['list'] {
  return () => ({
    processes: deps.table.live().map((h) => ({ pid: h.pid, tag: h.tag, config: h.config })),
  })
}
