// Assembles the full process.Process implementation from one factory per RPC.
import type { ServiceImpl } from '@connectrpc/connect'
import type { Process } from '../../gen/process/process_pb.js'
import { closeStdin } from './close-stdin.js'
import { connect } from './connect.js'
import type { ProcDeps } from './deps.js'
import { list } from './list.js'
import { sendInput } from './send-input.js'
import { sendSignal } from './send-signal.js'
import { start } from './start.js'
import { streamInput } from './stream-input.js'
import { update } from './update.js'

export function createProcessService(deps: ProcDeps): ServiceImpl<typeof Process> {
  return {
    list: list(deps),
    connect: connect(deps),
    start: start(deps),
    update: update(deps),
    streamInput: streamInput(deps),
    sendInput: sendInput(deps),
    sendSignal: sendSignal(deps),
    closeStdin: closeStdin(deps),
  }
}
