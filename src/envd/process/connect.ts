// Connect: attach another subscriber to a live or recently exited process.
import type { ServiceImpl } from '@connectrpc/connect'
import type { Process } from '../../gen/process/process_pb.js'
import type { ProcDeps } from './deps.js'
import { streamProcess } from './stream-events.js'

export function connect(deps: ProcDeps): ServiceImpl<typeof Process>['connect'] {
  return async function* (req, ctx) {
    const handle = deps.table.select(req.process)
    yield* streamProcess(handle.subscribe(), ctx)
  }
}
