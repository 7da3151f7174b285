// Shapes a process subscription as a Start/Connect response stream with keepalives.
import type { HandlerContext } from '@connectrpc/connect'
import type { ProcessEvent } from '../../gen/process/process_pb.js'
import { keepaliveIntervalMs, withKeepalive } from '../keepalive.js'
import { create } from '@bufbuild/protobuf'
import { ProcessEventSchema } from '../../gen/process/process_pb.js'
import type { Subscription } from './process-handle.js'

type Msg = { event: ProcessEvent }

/** Streams until the process ends or the client leaves; compat: leaving never kills the process. */
export async function* streamProcess(sub: Subscription, ctx: HandlerContext): AsyncGenerator<Msg> {
  try {
    const events = (async function* () {
      for await (const event of sub.events) yield { event }
    })()
    const keepalive = (): Msg => ({ event: create(ProcessEventSchema, { event: { case: 'keepalive', value: {} } }) })
    yield* withKeepalive(events, keepaliveIntervalMs(ctx.requestHeader), keepalive, ctx.signal)
  } finally {
    sub.unsubscribe()
  }
}
